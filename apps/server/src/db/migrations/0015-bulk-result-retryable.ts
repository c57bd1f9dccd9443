import { sql, type Kysely } from 'kysely';

/**
 * A failed device of a bulk run says whether sending it again can succeed: a timeout, a 5xx or a
 * rate limit can; Google refusing the device's state (already deprovisioned, not disabled) cannot,
 * so Retry leaves those out. Rows failed before this migration keep being offered for retry.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table bulk_action_result add column retryable boolean not null default true`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table bulk_action_result drop column if exists retryable`.execute(db);
}
