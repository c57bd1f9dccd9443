import { sql, type Kysely } from 'kysely';
import { AUDIT_RETENTION_DAYS } from '@fleetdeck/shared/audit-contract';
import type { DB } from '../../db/schema.ts';
import { chainOf } from './audit-hash.ts';
import { recordAudit } from './audit-log.ts';

/** Entries deleted per transaction: a year of backlog never holds the chain's lock for long. */
export const RETENTION_BATCH = 5000;

const DAY_MS = 86_400_000;

/**
 * Why: entries older than the organization's retention are deleted oldest first, as a prefix of
 * the chain, and the chain's anchor moves to the last one deleted (its sequence and hash), so
 * verification starts there and still proves everything kept (decision 035). The deletion is
 * itself an entry of the chain. Returns how many entries were deleted.
 */
export async function deleteExpiredAudit(
  db: Kysely<DB>,
  orgId: string | null,
  days: number,
  now: Date = new Date(),
): Promise<number> {
  const chain = chainOf(orgId);
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  // The newest expired entry: everything up to it in the chain goes (entries are chained in the
  // order they were written, so a clock a moment behind another process's moves nothing much).
  // Found through the (org_id, occurred_at) index: the newest entry before the cutoff.
  const boundary = await sql<{ seq: string }>`
    select chain_seq::text as seq from audit_log
    where ${orgId === null ? sql`org_id is null` : sql`org_id = ${orgId}`} and occurred_at < ${cutoff}
    order by org_id, occurred_at desc, chain_seq desc limit 1`.execute(db);
  const last = boundary.rows[0]?.seq;
  if (last === undefined) return 0;
  let deleted = 0;
  for (;;) {
    const batch = await db.transaction().execute(async (tx) => {
      // The chain's head row, locked: no entry is appended while its anchor moves.
      const head = await sql<{ anchor_seq: string }>`
        select anchor_seq::text as anchor_seq from audit_chain where chain = ${chain} for update`.execute(tx);
      const anchor = head.rows[0]?.anchor_seq;
      if (anchor === undefined || BigInt(anchor) >= BigInt(last)) return 0;
      const upTo =
        BigInt(anchor) + BigInt(RETENTION_BATCH) < BigInt(last)
          ? BigInt(anchor) + BigInt(RETENTION_BATCH)
          : BigInt(last);
      const newest = await sql<{ seq: string; hash: string }>`
        select chain_seq::text as seq, hash from audit_log
        where coalesce(org_id, '') = ${chain} and chain_seq <= ${upTo.toString()}::bigint
        order by coalesce(org_id, ''), chain_seq desc limit 1`.execute(tx);
      const anchorRow = newest.rows[0];
      if (!anchorRow) return 0;
      const removed = await sql`delete from audit_log
        where coalesce(org_id, '') = ${chain} and chain_seq <= ${upTo.toString()}::bigint`.execute(tx);
      await sql`update audit_chain set anchor_seq = ${anchorRow.seq}::bigint, anchor_hash = ${anchorRow.hash}
        where chain = ${chain}`.execute(tx);
      return Number(removed.numAffectedRows ?? 0);
    });
    deleted += batch;
    if (batch === 0) break;
  }
  if (deleted > 0) {
    await recordAudit(db, {
      action: 'audit.retention_deleted',
      outcome: 'success',
      orgId,
      origin: { kind: 'retention' },
      details: { deleted, olderThan: cutoff.toISOString(), days },
    });
  }
  return deleted;
}

/** Why: the daily job: every organization by its own retention, and the entries of none by the default. */
export async function deleteExpiredAuditEverywhere(db: Kysely<DB>, now: Date = new Date()): Promise<number> {
  const orgs = await db.selectFrom('org').select(['id', 'audit_retention_days']).execute();
  let deleted = 0;
  for (const org of orgs) deleted += await deleteExpiredAudit(db, org.id, org.audit_retention_days, now);
  deleted += await deleteExpiredAudit(db, null, AUDIT_RETENTION_DAYS.default, now);
  return deleted;
}

export async function auditRetentionDays(db: Kysely<DB>, orgId: string): Promise<number> {
  const row = await db
    .selectFrom('org')
    .select('audit_retention_days')
    .where('id', '=', orgId)
    .executeTakeFirst();
  return row?.audit_retention_days ?? AUDIT_RETENTION_DAYS.default;
}

export async function setAuditRetentionDays(db: Kysely<DB>, orgId: string, days: number): Promise<void> {
  await db.updateTable('org').set({ audit_retention_days: days }).where('id', '=', orgId).execute();
}
