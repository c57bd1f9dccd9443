import type { Kysely, Transaction } from 'kysely';
import { canAssignRole, type MemberRole } from '@fleetdeck/shared/permissions';
import type { DB } from '../../db/schema.ts';
import { appErrors } from '../../errors/app-error.ts';
import type { OrganizationPrincipal } from '../identity/request-guards.ts';
import { checkMemberScope } from './member-scope-check.ts';
import { lockOwners } from './organization.repository.ts';
import { scopeWithin } from './ou-scope.ts';

/**
 * The team's rules, each in one transaction: nobody grants more than they hold (role and units),
 * a member limited to units manages only members within them, and there is always an owner, even
 * when two owners demote each other at the same moment (the owners' rows are locked first).
 */

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
export async function changeMember(
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
export async function removeFromOrganization(
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
export async function leaveOrganization(db: Kysely<DB>, actor: OrganizationPrincipal): Promise<void> {
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
export async function transferOwnership(
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
