import { sql, type Kysely } from 'kysely';

/**
 * Device actions: who changed a device from Fleetdeck (the actor on history rows), what a remote
 * command was asked to do (its payload and the bulk run that sent it), and bulk action runs with
 * one result row per device, so a run resumes after a crash and failures can be retried alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table fleet_device_history add column actor_user_id text`.execute(db);
  await sql`alter table fleet_device_history add column action_ref text`.execute(db);

  await sql`alter table fleet_device_command add column payload text`.execute(db);
  await sql`alter table fleet_device_command add column bulk_run_id uuid`.execute(db);
  await sql`create index fleet_device_command_device_idx on fleet_device_command (org_id, device_id, issued_at desc)`.execute(
    db,
  );
  await sql`create index fleet_device_command_open_idx on fleet_device_command (org_id, updated_at)
    where state not in ('EXPIRED', 'CANCELLED', 'EXECUTED_BY_CLIENT')`.execute(db);

  await sql`
    create table bulk_action_run (
      id uuid not null default gen_random_uuid(),
      org_id text not null,
      customer_id text not null,
      kind text not null
        check (kind in ('annotate', 'move', 'disable', 'reenable', 'deprovision', 'command')),
      action jsonb not null,
      target jsonb not null,
      status text not null default 'queued'
        check (status in ('queued', 'running', 'succeeded', 'partially_failed', 'failed')),
      total integer not null,
      requested_by text,
      created_at timestamptz not null default now(),
      started_at timestamptz,
      finished_at timestamptz,
      lease_owner text,
      lease_until timestamptz,
      primary key (org_id, id)
    )`.execute(db);
  await sql`create unique index bulk_action_run_id_idx on bulk_action_run (id)`.execute(db);
  await sql`create index bulk_action_run_org_created_idx on bulk_action_run (org_id, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index bulk_action_run_open_idx on bulk_action_run (lease_until)
    where status in ('queued', 'running')`.execute(db);

  await sql`
    create table bulk_action_result (
      org_id text not null,
      run_id uuid not null,
      device_id text not null,
      serial_number text,
      state text not null default 'pending'
        check (state in ('pending', 'succeeded', 'failed', 'skipped')),
      error text,
      attempts integer not null default 0,
      command_id text,
      updated_at timestamptz not null default now(),
      primary key (org_id, run_id, device_id)
    )`.execute(db);
  await sql`create index bulk_action_result_state_idx on bulk_action_result (org_id, run_id, state, device_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bulk_action_result').ifExists().execute();
  await db.schema.dropTable('bulk_action_run').ifExists().execute();
  await sql`drop index if exists fleet_device_command_open_idx`.execute(db);
  await sql`drop index if exists fleet_device_command_device_idx`.execute(db);
  await sql`alter table fleet_device_command drop column if exists bulk_run_id`.execute(db);
  await sql`alter table fleet_device_command drop column if exists payload`.execute(db);
  await sql`alter table fleet_device_history drop column if exists action_ref`.execute(db);
  await sql`alter table fleet_device_history drop column if exists actor_user_id`.execute(db);
}
