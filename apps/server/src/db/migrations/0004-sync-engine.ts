import { sql, type Kysely } from 'kysely';

/**
 * The sync engine's own state: one row per sync run (phase, progress, errors, lease), one
 * checkpoint per shard of a run (the page token to resume from), and each organization's schedule.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sync_run (
      id uuid not null default gen_random_uuid(),
      org_id text not null,
      customer_id text not null,
      kind text not null check (kind in ('full', 'incremental')),
      trigger text not null check (trigger in ('manual', 'schedule', 'onboarding')),
      requested_by text,
      status text not null default 'queued'
        check (status in ('queued', 'running', 'succeeded', 'failed', 'cancelled')),
      phase text not null default 'queued',
      created_at timestamptz not null default now(),
      started_at timestamptz,
      finished_at timestamptz,
      attempts integer not null default 0,
      lease_owner text,
      lease_until timestamptz,
      progress jsonb not null default '{}'::jsonb,
      errors jsonb not null default '[]'::jsonb,
      primary key (org_id, id)
    )`.execute(db);
  await sql`create unique index sync_run_id_idx on sync_run (id)`.execute(db);
  await sql`create index sync_run_org_created_idx on sync_run (org_id, created_at desc, id desc)`.execute(db);
  // One open run per organization, whatever the number of server processes.
  await sql`create unique index sync_run_one_open_idx on sync_run (org_id) where status in ('queued', 'running')`.execute(
    db,
  );

  await sql`
    create table sync_checkpoint (
      org_id text not null,
      run_id uuid not null,
      phase text not null,
      shard text not null,
      position integer not null default 0,
      page_token text,
      pages integer not null default 0,
      items integer not null default 0,
      restarts integer not null default 0,
      done boolean not null default false,
      updated_at timestamptz not null default now(),
      primary key (org_id, run_id, phase, shard)
    )`.execute(db);

  await sql`
    create table sync_schedule (
      org_id text not null primary key,
      customer_id text not null,
      enabled boolean not null default true,
      interval_minutes integer not null default 10 check (interval_minutes between 5 and 1440),
      full_every_hours integer not null default 24 check (full_every_hours between 1 and 720),
      next_run_at timestamptz not null default now(),
      last_full_at timestamptz,
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index sync_schedule_due_idx on sync_schedule (next_run_at) where enabled`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['sync_schedule', 'sync_checkpoint', 'sync_run']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
