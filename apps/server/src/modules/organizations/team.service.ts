import type { Kysely, Transaction } from 'kysely';
import type { Member } from '@fleetdeck/shared/organization-contract';
import { canAssignRole, type MemberRole } from '@fleetdeck/shared/permissions';
import type { DB } from '../../db/schema.ts';
import { appErrors } from '../../errors/app-error.ts';
import type { AuditEvent } from '../audit/audit-log.ts';
import type { AccessChangedListener } from '../identity/access-changes.ts';
import type { OrganizationPrincipal } from '../identity/request-guards.ts';
import { requireStepUp } from '../identity/step-up.service.ts';
import { checkMemberScope } from './member-scope-check.ts';
import { findMember, listMembers, lockOwners } from './organization.repository.ts';
import { scopeWithin } from './ou-scope.ts';

/**
 * The team's rules, each in one transaction: nobody grants more than they hold (role and units),
 * a member limited to units manages only members within them, and there is always an owner, even
 * when two owners demote each other at the same moment (the owners' rows are locked first).
 * Each change asks for a fresh second factor where decision 034 says so, is audited, and tells the
 * member's open pages that their access changed.
 */

export interface TeamDeps {
  readonly db: Kysely<DB>;
  /** Identity's audit log writer (a failed write is logged, the change stands). */
  audit(event: AuditEvent): Promise<void>;
  readonly onAccessChanged: AccessChangedListener;
}

export interface TargetMember {
  readonly userId: string;
  readonly email: string;
  readonly role: MemberRole;
  readonly ouScope: string[];
}

/** An owner demoted a moment ago (by a change that committed first) acts as one no more. */
const ownerGone = () =>
  appErrors.forbidden('Only an owner can grant, change or remove the owner role, and you are no longer one.');

const lastOwner = () =>
  appErrors.conflict('An organization needs at least one owner. Make someone else owner first.');

async function lockTarget(trx: Transaction<DB>, orgId: string, userId: string): Promise<TargetMember> {
  const row = await trx
    .selectFrom('org_member')
    .leftJoin('user', 'user.id', 'org_member.user_id')
    .select([
      'org_member.user_id as userId',
      'org_member.role',
      'org_member.ou_scope as ouScope',
      'user.email',
    ])
    .where('org_member.org_id', '=', orgId)
    .where('org_member.user_id', '=', userId)
    .forUpdate(['org_member'])
    .executeTakeFirst();
  if (!row) throw appErrors.notFound('No member with this id in your organization.');
  return { ...row, email: row.email ?? '' };
}

/** Why: a member limited to units may manage only members whose units lie within theirs. */
function assertManages(actor: OrganizationPrincipal, target: TargetMember): void {
  if (!canAssignRole(actor.role, target.role))
    throw appErrors.forbidden('Only an owner can change or remove an owner.');
  const units = actor.member.grantedUnits;
  if (actor.role === 'owner' || units.length === 0) return;
  if (target.ouScope.length === 0 || !scopeWithin(target.ouScope, units))
    throw appErrors.forbidden(
      `You are limited to ${units.join(', ')}: you can change only members limited to those units.`,
    );
}

/** Why: a role or units change; answers the member before it, for the audit log. */
async function changeMemberRow(
  db: Kysely<DB>,
  actor: OrganizationPrincipal,
  userId: string,
  changes: { role?: MemberRole | undefined; ouScope?: readonly string[] | undefined },
): Promise<{ before: TargetMember; role: MemberRole; ouScope: readonly string[] }> {
  if (userId === actor.userId && changes.role !== undefined && changes.role !== actor.role)
    throw appErrors.forbidden(
      'You cannot change your own role. Ask another owner or admin, or transfer ownership.',
    );
  return db.transaction().execute(async (trx) => {
    const owners = await lockOwners(trx, actor.orgId);
    const before = await lockTarget(trx, actor.orgId, userId);
    assertManages(actor, before);
    const role = changes.role ?? before.role;
    if ((before.role === 'owner' || role === 'owner') && !owners.includes(actor.userId)) throw ownerGone();
    if (!canAssignRole(actor.role, role))
      throw appErrors.forbidden('Only an owner can grant or change the owner role.');
    // Owners hold the whole tree: becoming one drops the units.
    const ouScope = role === 'owner' ? [] : (changes.ouScope ?? before.ouScope);
    if (changes.ouScope !== undefined || role !== before.role)
      await checkMemberScope(trx, actor.orgId, role, ouScope, actor.member);
    if (before.role === 'owner' && role !== 'owner' && owners.length <= 1) throw lastOwner();
    await trx
      .updateTable('org_member')
      .set({ role, ou_scope: JSON.stringify(ouScope), updated_at: new Date() })
      .where('org_id', '=', actor.orgId)
      .where('user_id', '=', userId)
      .execute();
    return { before, role, ouScope };
  });
}

/** Why: membership and sessions go together: never a removed member still signed in. */
async function removeFromOrganization(
  db: Kysely<DB>,
  actor: OrganizationPrincipal,
  userId: string,
): Promise<TargetMember> {
  return db.transaction().execute(async (trx) => {
    const owners = await lockOwners(trx, actor.orgId);
    const target = await lockTarget(trx, actor.orgId, userId);
    assertManages(actor, target);
    if (target.role === 'owner' && !owners.includes(actor.userId)) throw ownerGone();
    if (target.role === 'owner' && owners.length <= 1) throw lastOwner();
    await trx
      .deleteFrom('org_member')
      .where('org_id', '=', actor.orgId)
      .where('user_id', '=', userId)
      .execute();
    await trx.deleteFrom('session').where('userId', '=', userId).execute();
    return target;
  });
}

/** Why: anyone may leave, except the last owner (who transfers ownership first). */
async function leaveOrganization(db: Kysely<DB>, actor: OrganizationPrincipal): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const owners = await lockOwners(trx, actor.orgId);
    if (actor.role === 'owner' && owners.length <= 1)
      throw appErrors.conflict(
        'You are the only owner: transfer ownership to another member before you leave.',
      );
    await trx
      .deleteFrom('org_member')
      .where('org_id', '=', actor.orgId)
      .where('user_id', '=', actor.userId)
      .execute();
  });
}

/** Why: handing the organization over: the new owner holds the whole tree, the old one stays as admin. */
async function transferOwnership(
  db: Kysely<DB>,
  actor: OrganizationPrincipal,
  userId: string,
): Promise<TargetMember> {
  if (actor.role !== 'owner') throw appErrors.ownerRequired('Only an owner can transfer ownership.');
  if (userId === actor.userId) throw appErrors.invalidRequest('Choose another member to make owner.');
  return db.transaction().execute(async (trx) => {
    const owners = await lockOwners(trx, actor.orgId);
    if (!owners.includes(actor.userId)) throw appErrors.forbidden('Only an owner can transfer ownership.');
    const target = await lockTarget(trx, actor.orgId, userId);
    if (target.role === 'owner') throw appErrors.conflict(`${target.email} is an owner already.`);
    await trx
      .updateTable('org_member')
      .set({ role: 'owner', ou_scope: '[]', updated_at: new Date() })
      .where('org_id', '=', actor.orgId)
      .where('user_id', '=', userId)
      .execute();
    await trx
      .updateTable('org_member')
      .set({ role: 'admin', ou_scope: '[]', updated_at: new Date() })
      .where('org_id', '=', actor.orgId)
      .where('user_id', '=', actor.userId)
      .execute();
    return target;
  });
}

/** Why: the members page: everyone in the caller's organization. */
export function teamMembers(deps: Pick<TeamDeps, 'db'>, orgId: string): Promise<Member[]> {
  return listMembers(deps.db, orgId);
}

/** Why: another organization's member is unknown here: 404 before anything else is asked. */
async function requireMember(deps: Pick<TeamDeps, 'db'>, orgId: string, userId: string): Promise<void> {
  if (!(await findMember(deps.db, orgId, userId)))
    throw appErrors.notFound('No member with this id in your organization.');
}

function auditTeam(
  deps: TeamDeps,
  actor: OrganizationPrincipal,
  event: Pick<AuditEvent, 'action' | 'targetType' | 'targetId' | 'details'>,
): Promise<void> {
  return deps.audit({
    ...event,
    outcome: 'success',
    orgId: actor.orgId,
    actorUserId: actor.userId,
    actorLabel: actor.email,
  });
}

/** Why: a new role or units for a member (after a step-up), audited with what it was before. */
export async function changeMember(
  deps: TeamDeps,
  actor: OrganizationPrincipal,
  userId: string,
  changes: { role?: MemberRole | undefined; ouScope?: readonly string[] | undefined },
): Promise<void> {
  await requireMember(deps, actor.orgId, userId);
  await requireStepUp(deps.db, actor, 'member_change');
  const { before, role, ouScope } = await changeMemberRow(deps.db, actor, userId, changes);
  deps.onAccessChanged(actor.orgId, userId);
  await auditTeam(deps, actor, {
    action: 'members.role_changed',
    targetType: 'user',
    targetId: userId,
    details: { email: before.email, from: before.role, to: role, fromOuScope: before.ouScope, ouScope },
  });
}

/** Why: removing someone else (after a step-up); leaving is `leaveTeam`. */
export async function removeMember(
  deps: TeamDeps,
  actor: OrganizationPrincipal,
  userId: string,
): Promise<void> {
  if (userId === actor.userId)
    throw appErrors.invalidRequest('To leave the organization yourself, use Leave organization.');
  await requireMember(deps, actor.orgId, userId);
  await requireStepUp(deps.db, actor, 'member_remove');
  const target = await removeFromOrganization(deps.db, actor, userId);
  deps.onAccessChanged(actor.orgId, userId);
  await auditTeam(deps, actor, {
    action: 'members.removed',
    targetType: 'user',
    targetId: userId,
    details: { email: target.email, role: target.role },
  });
}

export async function leaveTeam(deps: TeamDeps, actor: OrganizationPrincipal): Promise<void> {
  await leaveOrganization(deps.db, actor);
  deps.onAccessChanged(actor.orgId, actor.userId);
  await auditTeam(deps, actor, {
    action: 'members.left',
    targetType: 'user',
    targetId: actor.userId,
    details: { email: actor.email, role: actor.role },
  });
}

/** Why: only an owner hands the organization over, after a step-up; both members' pages are told. */
export async function handOverOwnership(
  deps: TeamDeps,
  actor: OrganizationPrincipal,
  userId: string,
): Promise<void> {
  if (actor.role !== 'owner') throw appErrors.ownerRequired('Only an owner can transfer ownership.');
  await requireStepUp(deps.db, actor, 'ownership_transfer');
  const target = await transferOwnership(deps.db, actor, userId);
  deps.onAccessChanged(actor.orgId, target.userId);
  deps.onAccessChanged(actor.orgId, actor.userId);
  await auditTeam(deps, actor, {
    action: 'members.ownership_transferred',
    targetType: 'user',
    targetId: target.userId,
    details: { email: target.email, from: target.role, previousOwner: actor.email },
  });
}
