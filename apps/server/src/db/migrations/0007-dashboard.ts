import { sql, type Kysely } from 'kysely';

/**
 * The dashboard's own data: one snapshot of the fleet's health per organization per day (written
 * by the sync's rollup step, read by the trend charts) and the replacement cost per device model
 * for the AUE forecast, with a default per organization for models without their own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table fleet_daily_snapshot (
      org_id text not null,
      day date not null,
      counts jsonb not null,
      computed_at timestamptz not null default now(),
      primary key (org_id, day)
    )`.execute(db);

  await sql`
    create table replacement_cost_setting (
      org_id text not null primary key,
      default_cost_cents integer not null check (default_cost_cents between 0 and 100000000),
      currency text not null default 'USD',
      updated_at timestamptz not null default now(),
      updated_by text
    )`.execute(db);

  await sql`
    create table model_replacement_cost (
      org_id text not null,
      model text not null,
      cost_cents integer not null check (cost_cents between 0 and 100000000),
      updated_at timestamptz not null default now(),
      primary key (org_id, model)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['model_replacement_cost', 'replacement_cost_setting', 'fleet_daily_snapshot']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
