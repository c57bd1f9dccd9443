import { sql, type Kysely } from 'kysely';

/**
 * Change plans (decision 042): a CSV update, a school-year rollover or a large bulk action saved
 * as a plan with one item per CSV row or device: what the device was before (what undo puts back),
 * what the plan will set, and what the row came to (a change, unchanged, not found, ambiguous,
 * outside the author's units, invalid and why). The run columns (`run_state` with `sending` written
 * before each call to Google, the lease) are for the plan runner. An owner sets how many devices a
 * plan may change before a second member must approve it (`org.plan_approval_threshold`).
 * Items carry no foreign key to their plan (a per-row check cost a quarter of a 100,000-row build);
 * plans.repository.ts deletes a plan's items with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table org add column plan_approval_threshold integer not null default 500
    check (plan_approval_threshold between 1 and 1000000)`.execute(db);
  await sql`
    create table plan (
      id uuid not null default gen_random_uuid(),
      org_id text not null,
      kind text not null check (kind in ('csv_update', 'rollover', 'bulk_action')),
      title text not null,
      state text not null default 'building' check (state in ('building', 'draft', 'awaiting_approval',
        'approved', 'running', 'paused', 'done', 'undone', 'cancelled')),
      source jsonb not null default '{}'::jsonb,
      permissions jsonb not null default '[]'::jsonb,
      counts jsonb not null default '{}'::jsonb,
      item_count integer not null default 0,
      change_count integer not null default 0,
      unit_paths jsonb not null default '[]'::jsonb,
      created_by text not null,
      created_at timestamptz not null default now(),
      submitted_at timestamptz,
      approval_threshold integer,
      approval_required boolean,
      approved_by text,
      approved_at timestamptz,
      cancelled_by text,
      cancelled_at timestamptz,
      started_at timestamptz,
      finished_at timestamptz,
      lease_owner text,
      lease_until timestamptz,
      undo_of uuid,
      primary key (org_id, id)
    )`.execute(db);
  await sql`create unique index plan_id_idx on plan (id)`.execute(db);
  await sql`create index plan_org_created_idx on plan (org_id, created_at desc, id desc)`.execute(db);
  await sql`create index plan_open_idx on plan (lease_until) where state in ('approved', 'running')`.execute(
    db,
  );
  await sql`
    create table plan_item (
      org_id text not null,
      plan_id uuid not null,
      item_no integer not null,
      row_no integer,
      key_input text,
      device_id text,
      serial_number text,
      outcome text not null check (outcome in ('change', 'unchanged', 'not_found', 'ambiguous',
        'out_of_scope', 'invalid')),
      reason text,
      match_count integer,
      apply_order integer not null default 1,
      before jsonb,
      change jsonb,
      run_state text not null default 'pending'
        check (run_state in ('pending', 'sending', 'succeeded', 'failed', 'skipped')),
      run_message text,
      attempts integer not null default 0,
      updated_at timestamptz not null default now(),
      primary key (org_id, plan_id, item_no)
    )`.execute(db);
  await sql`create index plan_item_outcome_idx on plan_item (org_id, plan_id, outcome, item_no)`.execute(db);
  // The runner takes a plan's changes still to send in order (a rollover's pairs, then rows).
  await sql`create index plan_item_run_idx on plan_item (org_id, plan_id, apply_order, item_no)
    where outcome = 'change' and run_state in ('pending', 'sending')`.execute(db);
  await sql`create index plan_item_device_idx on plan_item (org_id, device_id) where device_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists plan_item`.execute(db);
  await sql`drop table if exists plan`.execute(db);
  await sql`alter table org drop column if exists plan_approval_threshold`.execute(db);
}
