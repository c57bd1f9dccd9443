import { sql, type Kysely } from 'kysely';

/**
 * Running change plans (decision 047): who started a run and who paused it, why a run stopped,
 * an undo plan's kind, the part of an item already sent when it needs two calls (its OU and
 * fields first, then its status), and the organization's write budget: the writes a minute an
 * owner allows (`org.plan_writes_per_minute`, Google's "Write requests for Chrome Devices" quota
 * is 60 a minute on a free Education account) and the budget every running plan of the
 * organization takes its turns from (`plan_write_budget`: the rate it runs at now, lowered on
 * Google's quota errors and raised back slowly, and the next free turn), shared across processes;
 * and an index of the audit entries a plan's run made (their origin names the plan).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table org add column plan_writes_per_minute integer not null default 60
    check (plan_writes_per_minute between 1 and 2400)`.execute(db);
  await sql`alter table plan drop constraint plan_kind_check`.execute(db);
  await sql`alter table plan add constraint plan_kind_check
    check (kind in ('csv_update', 'rollover', 'bulk_action', 'undo'))`.execute(db);
  await sql`alter table plan add column run_by text, add column paused_by text,
    add column paused_at timestamptz, add column run_note text`.execute(db);
  await sql`create index plan_undo_of_idx on plan (org_id, undo_of) where undo_of is not null`.execute(db);
  await sql`alter table plan_item add column write_done boolean not null default false`.execute(db);
  // An undo plan names the devices changed since the plan ran, and does not put them back.
  await sql`alter table plan_item drop constraint plan_item_outcome_check`.execute(db);
  await sql`alter table plan_item add constraint plan_item_outcome_check check (outcome in ('change',
    'unchanged', 'not_found', 'ambiguous', 'out_of_scope', 'invalid', 'changed_since'))`.execute(db);
  // The audit log filtered by a plan: the device changes its run made name it as their origin.
  await sql`create index audit_log_plan_idx on audit_log (org_id, (origin->>'planId'), occurred_at desc)
    where origin->>'planId' is not null`.execute(db);
  await sql`
    create table plan_write_budget (
      org_id text primary key,
      rate double precision not null,
      next_at timestamptz not null default now(),
      cool_until timestamptz,
      last_quota_at timestamptz,
      raised_at timestamptz not null default now(),
      quota_errors integer not null default 0
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists plan_write_budget`.execute(db);
  await sql`drop index if exists audit_log_plan_idx`.execute(db);
  await sql`delete from plan_item where plan_id in (select id from plan where kind = 'undo')`.execute(db);
  await sql`alter table plan_item drop constraint plan_item_outcome_check`.execute(db);
  await sql`alter table plan_item add constraint plan_item_outcome_check check (outcome in ('change',
    'unchanged', 'not_found', 'ambiguous', 'out_of_scope', 'invalid'))`.execute(db);
  await sql`alter table plan_item drop column if exists write_done`.execute(db);
  await sql`drop index if exists plan_undo_of_idx`.execute(db);
  await sql`alter table plan drop column if exists run_by, drop column if exists paused_by,
    drop column if exists paused_at, drop column if exists run_note`.execute(db);
  await sql`delete from plan where kind = 'undo'`.execute(db);
  await sql`alter table plan drop constraint plan_kind_check`.execute(db);
  await sql`alter table plan add constraint plan_kind_check
    check (kind in ('csv_update', 'rollover', 'bulk_action'))`.execute(db);
  await sql`alter table org drop column if exists plan_writes_per_minute`.execute(db);
}
