import type { Kysely, Selectable, Transaction } from 'kysely';
import type {
  AccessRequest,
  AccessRequestApprove,
  MyAccessRequest,
} from '@fleetdeck/shared/organization-contract';
import { canAssignRole } from '@fleetdeck/shared/permissions';
import type { DB, OrgAccessRequestTable } from '../../db/schema.ts';
import { appErrors } from '../../errors/app-error.ts';
import { organizationErrors } from '../../errors/organization-errors.ts';
import type { AuditEvent } from '../audit/audit-log.ts';
import type { Mailer } from '../mail/mailer.ts';
import { mailTemplates } from '../mail/mail-templates.ts';
import type { OrganizationPrincipal } from '../identity/request-guards.ts';
import type { Principal } from '../identity/principal.ts';
import { requireStepUp } from '../identity/step-up.service.ts';
import { checkMemberScope } from './member-scope-check.ts';
import { findOrganization, type OrganizationRow } from './organization.repository.ts';

/**
 * Access requests: being a Google admin of the customer (or having an address at its domain)
 * grants nothing by itself. A signed-in person asks; an owner or admin approves with a role and
 * units (never more than they hold), or declines; the requester is told either way, by email.
 */

export interface AccessRequestDeps {
  readonly db: Kysely<DB>;
  readonly mailer: Mailer;
  readonly publicUrl: string;
  audit(event: AuditEvent): Promise<void>;
}

type RequestRow = Selectable<OrgAccessRequestTable>;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function present(row: RequestRow): AccessRequest {
  return {
    id: row.id,
    userId: row.user_id,
    email: row.email,
    name: row.name,
    message: row.message,
    status: row.status,
    role: row.role,
    ouScope: row.ou_scope,
    decidedBy: row.decided_by,
    decidedAt: iso(row.decided_at),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

const alreadyMember = organizationErrors.alreadyMember;

/**
 * Why: asking again while a request waits updates its message instead of piling up requests; the
 * owners and admins are mailed once per new request.
 */
export async function requestAccess(
  deps: AccessRequestDeps,
  principal: Principal,
  org: OrganizationRow,
  message: string,
): Promise<AccessRequest> {
  if (principal.member) throw alreadyMember();
  const user = await deps.db
    .selectFrom('user')
    .select(['name', 'email'])
    .where('id', '=', principal.userId)
    .executeTakeFirstOrThrow();
  const { row, created } = await deps.db.transaction().execute(async (trx) => {
    const pending = await trx
      .selectFrom('org_access_request')
      .selectAll()
      .where('org_id', '=', org.id)
      .where('user_id', '=', principal.userId)
      .where('status', '=', 'pending')
      .forUpdate()
      .executeTakeFirst();
    if (pending) {
      const updated = await trx
        .updateTable('org_access_request')
        .set({ message })
        .where('id', '=', pending.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { row: updated, created: false };
    }
    const inserted = await trx
      .insertInto('org_access_request')
      .values({
        org_id: org.id,
        user_id: principal.userId,
        email: user.email,
        name: user.name,
        message,
        status: 'pending',
        ou_scope: '[]',
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { row: inserted, created: true };
  });
  if (created) {
    await deps.audit({
      action: 'access.requested',
      outcome: 'success',
      orgId: org.id,
      actorUserId: principal.userId,
      actorLabel: user.email,
      targetType: 'access_request',
      targetId: row.id,
      details: { email: user.email, message },
    });
    const managers = await deps.db
      .selectFrom('org_member')
      .innerJoin('user', 'user.id', 'org_member.user_id')
      .select('user.email')
      .where('org_member.org_id', '=', org.id)
      .where('org_member.role', 'in', ['owner', 'admin'])
      .limit(50)
      .execute();
    const link = `${deps.publicUrl}/settings/team`;
    for (const manager of managers)
      await deps.mailer.send(mailTemplates.accessRequested(manager.email, org.name, user, message, link));
  }
  return present(row);
}

/** Why: the onboarding page shows a person where their request stands. */
export async function myAccessRequest(
  db: Kysely<DB>,
  userId: string,
): Promise<Pick<MyAccessRequest, 'request'>> {
  const row = await db
    .selectFrom('org_access_request')
    .innerJoin('org', 'org.id', 'org_access_request.org_id')
    .selectAll('org_access_request')
    .select('org.name as organizationName')
    .where('org_access_request.user_id', '=', userId)
    .orderBy('org_access_request.created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return { request: row ? { ...present(row), organizationName: row.organizationName } : null };
}

/** Why: a person may take back a request still waiting. */
export async function withdrawAccessRequest(deps: AccessRequestDeps, principal: Principal): Promise<void> {
  const row = await deps.db
    .updateTable('org_access_request')
    .set({ status: 'withdrawn', decided_at: new Date(), decided_by: principal.userId })
    .where('user_id', '=', principal.userId)
    .where('status', '=', 'pending')
    .returning(['id', 'org_id'])
    .executeTakeFirst();
  if (!row) throw appErrors.notFound('You have no access request waiting.');
  await deps.audit({
    action: 'access.request_withdrawn',
    outcome: 'success',
    orgId: row.org_id,
    actorUserId: principal.userId,
    actorLabel: principal.email,
    targetType: 'access_request',
    targetId: row.id,
  });
}

/** Why: Settings → Team lists what waits first, then the last decisions. */
export async function listAccessRequests(db: Kysely<DB>, orgId: string): Promise<AccessRequest[]> {
  const rows = await db
    .selectFrom('org_access_request')
    .selectAll()
    .where('org_id', '=', orgId)
    .orderBy((eb) => eb.case().when('status', '=', 'pending').then(0).else(1).end())
    .orderBy('created_at', 'desc')
    .limit(200)
    .execute();
  return rows.map(present);
}

async function lockPending(trx: Transaction<DB>, orgId: string, id: string): Promise<RequestRow> {
  const row = await trx
    .selectFrom('org_access_request')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw appErrors.notFound('No access request with this id in your organization.');
  if (row.status !== 'pending')
    throw appErrors.conflict(
      `This request was already ${row.status}. Reload the list to see where it stands.`,
    );
  return row;
}

/**
 * Why: approval (after a step-up) makes the requester a member with exactly the role and units
 * chosen, in one transaction.
 */
export async function approveAccessRequest(
  deps: AccessRequestDeps,
  actor: OrganizationPrincipal,
  id: string,
  decision: Required<AccessRequestApprove>,
): Promise<AccessRequest> {
  await requireStepUp(deps.db, actor, 'access_approve');
  if (!canAssignRole(actor.role, decision.role)) throw appErrors.forbidden();
  await checkMemberScope(deps.db, actor.orgId, decision.role, decision.ouScope, actor.member);
  const row = await deps.db.transaction().execute(async (trx) => {
    const pending = await lockPending(trx, actor.orgId, id);
    const elsewhere = await trx
      .selectFrom('org_member')
      .select('org_id')
      .where('user_id', '=', pending.user_id)
      .executeTakeFirst();
    if (elsewhere)
      throw appErrors.conflict(
        `${pending.email} joined ${elsewhere.org_id === actor.orgId ? 'your organization' : 'another organization'} meanwhile. Decline this request.`,
      );
    await trx
      .insertInto('org_member')
      .values({
        org_id: actor.orgId,
        user_id: pending.user_id,
        role: decision.role,
        ou_scope: JSON.stringify(decision.ouScope),
      })
      .execute();
    return trx
      .updateTable('org_access_request')
      .set({
        status: 'approved',
        role: decision.role,
        ou_scope: JSON.stringify(decision.ouScope),
        decided_by: actor.userId,
        decided_at: new Date(),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  await decided(deps, actor, row, true);
  return present(row);
}

/** Why: declining closes the request and tells the requester; they may ask again later. */
export async function declineAccessRequest(
  deps: AccessRequestDeps,
  actor: OrganizationPrincipal,
  id: string,
): Promise<AccessRequest> {
  const row = await deps.db.transaction().execute(async (trx) => {
    await lockPending(trx, actor.orgId, id);
    return trx
      .updateTable('org_access_request')
      .set({ status: 'declined', decided_by: actor.userId, decided_at: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  await decided(deps, actor, row, false);
  return present(row);
}

async function decided(
  deps: AccessRequestDeps,
  actor: OrganizationPrincipal,
  row: RequestRow,
  approved: boolean,
): Promise<void> {
  await deps.audit({
    action: approved ? 'access.approved' : 'access.declined',
    outcome: 'success',
    orgId: actor.orgId,
    actorUserId: actor.userId,
    actorLabel: actor.email,
    targetType: 'user',
    targetId: row.user_id,
    details: { email: row.email, ...(approved ? { role: row.role, ouScope: row.ou_scope } : {}) },
  });
  const org = await findOrganization(deps.db, actor.orgId);
  await deps.mailer.send(
    mailTemplates.accessDecided(
      row.email,
      org?.name ?? 'your organization',
      { approved, ...(row.role ? { role: row.role } : {}) },
      `${deps.publicUrl}/login`,
    ),
  );
}
