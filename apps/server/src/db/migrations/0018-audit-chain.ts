import { sql, type Kysely } from 'kysely';
import { auditEntryHash, GENESIS_HASH } from '../../modules/audit/audit-hash.ts';

/**
 * The audit log names who acted and what was acted on, and is tamper-evident (decision 031):
 *
 * - `actor_name` (the member's name at the time; `actor_label` keeps their email), `origin` (what
 *   started an action Fleetdeck did by itself: a schedule, a bulk run and who started it) and
 *   `target_label` (a serial number, an OU path, an email: the target in words, kept when the
 *   target is gone);
 * - `chain_seq`, `prev_hash`, `hash`: each entry's place in its organization's chain and the
 *   SHA-256 over its content and its predecessor's hash; `audit_chain` holds each chain's head
 *   (locked by every insert, so two writers never fork it) and its anchor (the last entry that
 *   retention deleted);
 * - `org.audit_retention_days`: how long entries are kept (400 days unless an owner changes it).
 *
 * Entries already written are chained here, oldest first, so the whole log verifies.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table audit_log
    add column actor_name text,
    add column origin jsonb,
    add column target_label text,
    add column chain_seq bigint,
    add column prev_hash text,
    add column hash text`.execute(db);
  await sql`create table audit_chain (
    chain text primary key,
    head_seq bigint not null,
    head_hash text not null,
    anchor_seq bigint not null default 0,
    anchor_hash text not null default ${sql.lit(GENESIS_HASH)}
  )`.execute(db);
  await sql`alter table org add column audit_retention_days integer not null default 400
    check (audit_retention_days between 30 and 3650)`.execute(db);
  // Hashes cover milliseconds, as JavaScript reads them back.
  await sql`update audit_log set occurred_at = date_trunc('milliseconds', occurred_at)`.execute(db);
  await chainExistingEntries(db);
  await sql`alter table audit_log alter column chain_seq set not null, alter column prev_hash set not null,
    alter column hash set not null`.execute(db);
  await sql`create unique index audit_log_chain_idx on audit_log ((coalesce(org_id, '')), chain_seq)`.execute(
    db,
  );
  await sql`create index audit_log_target_trgm_idx on audit_log
    using gin ((coalesce(target_label, '') || ' ' || coalesce(target_id, '')) gin_trgm_ops)`.execute(db);
  await sql`create index audit_log_org_actor_time_idx on audit_log (org_id, actor_user_id, occurred_at desc)`.execute(
    db,
  );
}

interface ExistingRow {
  id: string;
  occurred_at: Date;
  org_id: string | null;
  actor_user_id: string | null;
  actor_label: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  outcome: string;
  ip: string | null;
  user_agent: string | null;
  request_id: string | null;
  details: unknown;
}

const PAGE = 500;

async function chainExistingEntries(db: Kysely<unknown>): Promise<void> {
  const { rows: chains } = await sql<{ chain: string }>`
    select distinct coalesce(org_id, '') as chain from audit_log order by 1`.execute(db);
  for (const { chain } of chains) {
    let seq = 0;
    let prev = GENESIS_HASH;
    let after: { at: Date; id: string } | undefined;
    for (;;) {
      const { rows } = await sql<ExistingRow>`
        select id::text as id, occurred_at, org_id, actor_user_id, actor_label, action, target_type, target_id,
          outcome, ip, user_agent, request_id, details
        from audit_log where coalesce(org_id, '') = ${chain}
          ${after ? sql`and (occurred_at, id) > (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
        order by occurred_at, id limit ${PAGE}`.execute(db);
      for (const row of rows) {
        seq += 1;
        const hash = auditEntryHash(prev, {
          id: row.id,
          chainSeq: String(seq),
          occurredAt: row.occurred_at,
          orgId: row.org_id,
          actorUserId: row.actor_user_id,
          actorLabel: row.actor_label,
          actorName: null,
          origin: null,
          action: row.action,
          targetType: row.target_type,
          targetId: row.target_id,
          targetLabel: null,
          outcome: row.outcome,
          ip: row.ip,
          userAgent: row.user_agent,
          requestId: row.request_id,
          details: row.details,
        });
        await sql`update audit_log set chain_seq = ${seq}, prev_hash = ${prev}, hash = ${hash}
          where id = ${row.id}::uuid`.execute(db);
        prev = hash;
      }
      const last = rows.at(-1);
      if (!last || rows.length < PAGE) break;
      after = { at: last.occurred_at, id: last.id };
    }
    await sql`insert into audit_chain (chain, head_seq, head_hash) values (${chain}, ${seq}, ${prev})`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists audit_log_org_actor_time_idx`.execute(db);
  await sql`drop index if exists audit_log_target_trgm_idx`.execute(db);
  await sql`drop index if exists audit_log_chain_idx`.execute(db);
  await sql`alter table org drop column if exists audit_retention_days`.execute(db);
  await sql`drop table if exists audit_chain`.execute(db);
  await sql`alter table audit_log drop column if exists hash, drop column if exists prev_hash,
    drop column if exists chain_seq, drop column if exists target_label, drop column if exists origin,
    drop column if exists actor_name`.execute(db);
}
