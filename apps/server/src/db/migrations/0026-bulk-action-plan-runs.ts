import { sql, type Kysely } from 'kysely';

/**
 * Bulk plans of device commands and deprovisions (decision 048): such a plan, once approved and
 * run, hands its devices to one bulk run (the bulk runner sends each command exactly once); the
 * plan names that run, and its state follows the run's end.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table plan add column bulk_run_id uuid references bulk_action_run (id) on delete set null`.execute(
    db,
  );
  await sql`create unique index plan_bulk_run_idx on plan (bulk_run_id) where bulk_run_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists plan_bulk_run_idx`.execute(db);
  await sql`alter table plan drop column if exists bulk_run_id`.execute(db);
}
