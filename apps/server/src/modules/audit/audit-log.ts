import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { AuditOrigin } from '@fleetdeck/shared/audit-contract';
import type { AuditAction } from '@fleetdeck/shared/audit-actions';
import type { DB } from '../../db/schema.ts';
import { auditEntryHash, chainOf, GENESIS_HASH, type HashedEntry } from './audit-hash.ts';
import { auditTargetLabel } from './audit-target.ts';

export interface AuditEvent {
  /** Catalogued with its label for the audit log page. */
  readonly action: AuditAction;
  readonly outcome: 'success' | 'failure';
  /** Omitted: taken from the actor's membership, so identity events land in their organization. */
  readonly orgId?: string | null | undefined;
  /** The member who acted (or on whose behalf Fleetdeck acted); their name and email are looked up. */
  readonly actorUserId?: string | null | undefined;
  /** Overrides the email looked up (an address typed at a failed sign-in). */
  readonly actorLabel?: string | null | undefined;
  /**
   * A failed sign-in names nobody signed in: the address typed files it in that member's
   * organization when the address is one of a member's.
   */
  readonly subjectEmail?: string | undefined;
  /** What started an action Fleetdeck did by itself (a schedule, a bulk run). */
  readonly origin?: AuditOrigin | undefined;
  readonly targetType?: string | undefined;
  readonly targetId?: string | undefined;
  /** The target in words; looked up from the type and id when omitted (a serial, an OU path). */
  readonly targetLabel?: string | undefined;
  readonly ip?: string | undefined;
  readonly userAgent?: string | undefined;
  readonly requestId?: string | undefined;
  /** Never tokens, codes or passwords: callers pass only ids, names and reasons. */
  readonly details?: Record<string, unknown> | undefined;
}

/**
 * Why: security events (sign-ins, MFA, roles, invitations) and every change must be reviewable by
 * the organization, with the member who acted named. Written in `db`'s transaction when it is one
 * (the write it records), else in a transaction of its own; the organization's chain head is
 * locked until that transaction ends, so concurrent writers append one after the other.
 */
export async function recordAudit(db: Kysely<DB>, event: AuditEvent): Promise<void> {
  if (db.isTransaction) return appendEntry(db, event);
  return db.transaction().execute((tx) => appendEntry(tx, event));
}

async function appendEntry(tx: Kysely<DB>, event: AuditEvent): Promise<void> {
  const actorUserId = event.actorUserId ?? null;
  const actor = actorUserId ? await actorAtTheTime(tx, actorUserId) : undefined;
  let orgId: string | null;
  if (event.orgId !== undefined) orgId = event.orgId;
  else if (actorUserId) orgId = actor?.orgId ?? (await membershipOrg(tx, actorUserId));
  else if (event.subjectEmail) orgId = await orgOfEmail(tx, event.subjectEmail);
  else orgId = null;
  const details = JSON.parse(JSON.stringify(event.details ?? {})) as Record<string, unknown>;
  const origin = event.origin ? (JSON.parse(JSON.stringify(event.origin)) as Record<string, unknown>) : null;
  const targetLabel =
    event.targetLabel ??
    (orgId && event.targetType && event.targetId
      ? await auditTargetLabel(tx, orgId, event.targetType, event.targetId, details)
      : null);
  const chain = chainOf(orgId);
  // The chain's head, moved one on and locked until this transaction ends (decision 035).
  const head = await sql<{ seq: string; prev: string }>`
    insert into audit_chain (chain, head_seq, head_hash) values (${chain}, 1, ${GENESIS_HASH})
    on conflict (chain) do update set head_seq = audit_chain.head_seq + 1
    returning head_seq::text as seq, head_hash as prev`.execute(tx);
  const { seq, prev } = head.rows[0] ?? { seq: '1', prev: GENESIS_HASH };
  const entry: HashedEntry = {
    id: randomUUID(),
    chainSeq: seq,
    occurredAt: new Date(),
    orgId,
    actorUserId,
    actorLabel: (event.actorLabel ?? actor?.email ?? null)?.slice(0, 320) ?? null,
    actorName: actor?.name?.slice(0, 200) ?? null,
    origin,
    action: event.action,
    targetType: event.targetType ?? null,
    targetId: event.targetId ?? null,
    targetLabel: targetLabel?.slice(0, 500) ?? null,
    outcome: event.outcome,
    ip: event.ip ?? null,
    userAgent: event.userAgent?.slice(0, 512) ?? null,
    requestId: event.requestId ?? null,
    details,
  };
  const hash = auditEntryHash(prev, entry);
  await tx
    .insertInto('audit_log')
    .values({
      id: entry.id,
      occurred_at: entry.occurredAt,
      org_id: orgId,
      actor_user_id: actorUserId,
      actor_label: entry.actorLabel,
      actor_name: entry.actorName,
      origin: origin === null ? null : (JSON.stringify(origin) as never),
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      target_label: entry.targetLabel,
      outcome: event.outcome,
      ip: entry.ip,
      user_agent: entry.userAgent,
      request_id: entry.requestId,
      details: JSON.stringify(details) as never,
      chain_seq: seq,
      prev_hash: prev,
      hash,
    })
    .execute();
  await tx.updateTable('audit_chain').set({ head_hash: hash }).where('chain', '=', chain).execute();
}

interface ActorAtTheTime {
  readonly name: string | null;
  readonly email: string | null;
  readonly orgId: string | null;
}

/**
 * Identity's `user` table is made by better-auth when identity starts; a process (or test) that
 * writes audit entries without identity has none, and its entries keep the id alone.
 */
async function hasUserTable(tx: Kysely<DB>): Promise<boolean> {
  const { rows } = await sql<{
    present: boolean;
  }>`select to_regclass('"user"') is not null as present`.execute(tx);
  return rows[0]?.present === true;
}

/** The member's name and email now, kept with the entry: they may change them or leave later. */
async function actorAtTheTime(tx: Kysely<DB>, userId: string): Promise<ActorAtTheTime | undefined> {
  if (!(await hasUserTable(tx))) return undefined;
  const { rows } = await sql<ActorAtTheTime>`
    select u.name, u.email, (select m.org_id from org_member m where m.user_id = u.id) as "orgId"
    from "user" u where u.id = ${userId}`.execute(tx);
  return rows[0];
}

async function membershipOrg(tx: Kysely<DB>, userId: string): Promise<string | null> {
  const row = await tx
    .selectFrom('org_member')
    .select('org_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.org_id ?? null;
}

async function orgOfEmail(tx: Kysely<DB>, email: string): Promise<string | null> {
  if (!(await hasUserTable(tx))) return null;
  const { rows } = await sql<{ org_id: string }>`
    select m.org_id from "user" u join org_member m on m.user_id = u.id
    where lower(u.email) = lower(${email.slice(0, 320)}) limit 1`.execute(tx);
  return rows[0]?.org_id ?? null;
}
