import { sql, type Kysely } from 'kysely';
import { PLAN_LIMITS } from '@fleetdeck/shared/plan-contract';
import type { DB } from '../../db/schema.ts';

/**
 * The organization's write budget (decision 047): every call a running plan makes to Google takes
 * a turn from one row per organization, so two plans of one organization, in one process or two,
 * share the writes a minute an owner allows (Google counts "Write requests for Chrome Devices"
 * per user: a 50-id move is one write). Turns are evenly spaced, never bursts: a turn every
 * `window / rate`, plus a small margin so that calls arriving a little late or early at Google
 * never put one write too many in any one minute. On Google's quota error the rate halves and no
 * turn is given before Google's Retry-After; after each quiet window it rises by a tenth of the
 * owner's setting, back to that setting. Times are the database's clock, shared by every process.
 */

export interface BudgetOptions {
  /** The quota's window: a minute (tests shorten it, with the emulator's). */
  readonly windowMs?: number | undefined;
}

const MINUTE_MS = 60_000;
/** The rate never falls below this share of the setting (nor below one write a window). */
const FLOOR_SHARE = 0.05;
/** Raised by this share of the setting after each window without a quota error. */
const RAISE_SHARE = 0.1;
/** The margin between turns: 5 % of the spacing, at most 25 ms (60 a minute: a second and 25 ms). */
const MARGIN_SHARE = 0.05;
const MAX_MARGIN_MS = 25;

interface BudgetRow {
  rate: number;
  setting: number;
  now_ms: number;
  next_ms: number;
  cool_ms: number | null;
  quota_ms: number | null;
  raised_ms: number;
}

/** Why: the spacing between two turns at a rate, the margin included. */
export function turnSpacingMs(rate: number, windowMs = MINUTE_MS): number {
  const spacing = windowMs / Math.max(rate, 1e-6);
  return spacing + Math.min(MAX_MARGIN_MS, spacing * MARGIN_SHARE);
}

const windowOf = (options: BudgetOptions) => options.windowMs ?? MINUTE_MS;

async function lockedRow(tx: Kysely<DB>, orgId: string): Promise<BudgetRow> {
  await sql`insert into plan_write_budget (org_id, rate)
    select id, plan_writes_per_minute from org where id = ${orgId}
    on conflict (org_id) do nothing`.execute(tx);
  const { rows } = await sql<BudgetRow>`
    select b.rate, coalesce(o.plan_writes_per_minute, ${PLAN_LIMITS.defaultWritesPerMinute}::int) as setting,
      (extract(epoch from clock_timestamp()) * 1000)::float8 as now_ms,
      (extract(epoch from b.next_at) * 1000)::float8 as next_ms,
      (extract(epoch from b.cool_until) * 1000)::float8 as cool_ms,
      (extract(epoch from b.last_quota_at) * 1000)::float8 as quota_ms,
      (extract(epoch from b.raised_at) * 1000)::float8 as raised_ms
    from plan_write_budget b left join org o on o.id = b.org_id
    where b.org_id = ${orgId} for update of b`.execute(tx);
  const row = rows[0];
  if (!row) throw new Error(`no write budget for organization ${orgId}`);
  return row;
}

const at = (ms: number) => new Date(ms).toISOString();

/**
 * Why: a plan asks for its next turn before each call to Google; resolves with how long to wait
 * for it (the caller sleeps, then calls). The turn is taken at once, so whoever asks next queues
 * behind it.
 */
export async function takeTurn(
  db: Kysely<DB>,
  orgId: string,
  options: BudgetOptions = {},
): Promise<{ waitMs: number; rate: number }> {
  const windowMs = windowOf(options);
  return db.transaction().execute(async (tx) => {
    const row = await lockedRow(tx, orgId);
    let rate = Math.min(row.rate, row.setting);
    let raised = row.raised_ms;
    const quiet = row.now_ms - Math.max(raised, row.quota_ms ?? 0) >= windowMs;
    if (rate < row.setting && quiet) {
      rate = Math.min(row.setting, rate + row.setting * RAISE_SHARE);
      raised = row.now_ms;
    }
    const slot = Math.max(row.next_ms, row.now_ms, row.cool_ms ?? 0);
    await sql`update plan_write_budget set rate = ${rate}, raised_at = ${at(raised)}::timestamptz,
      next_at = ${at(slot + turnSpacingMs(rate, windowMs))}::timestamptz
      where org_id = ${orgId}`.execute(tx);
    return { waitMs: Math.max(0, slot - row.now_ms), rate };
  });
}

/**
 * Why: Google said its quota is used up (429, or a 403 quota error): halve the rate and give no
 * turn before Google's Retry-After (or one turn at the new rate when it gave none).
 */
export async function quotaRefused(
  db: Kysely<DB>,
  orgId: string,
  retryAfterMs: number | undefined,
  options: BudgetOptions = {},
): Promise<number> {
  const windowMs = windowOf(options);
  return db.transaction().execute(async (tx) => {
    const row = await lockedRow(tx, orgId);
    const floor = Math.max(row.setting * FLOOR_SHARE, 1);
    const rate = Math.max(floor, Math.min(row.rate, row.setting) / 2);
    const cool = row.now_ms + Math.max(retryAfterMs ?? 0, turnSpacingMs(rate, windowMs));
    await sql`update plan_write_budget set rate = ${rate}, last_quota_at = ${at(row.now_ms)}::timestamptz,
      cool_until = ${at(cool)}::timestamptz, quota_errors = quota_errors + 1,
      next_at = greatest(next_at, ${at(cool)}::timestamptz)
      where org_id = ${orgId}`.execute(tx);
    return rate;
  });
}

/** The rate the budget runs at now, and until when Google asked to wait (for the time left). */
export async function budgetNow(
  db: Kysely<DB>,
  orgId: string,
): Promise<{ rate: number; setting: number; coolMs: number }> {
  const { rows } = await sql<{ rate: number | null; setting: number; cool_ms: number | null }>`
    select b.rate, o.plan_writes_per_minute as setting,
      greatest(0, extract(epoch from (b.cool_until - clock_timestamp())) * 1000)::float8 as cool_ms
    from org o left join plan_write_budget b on b.org_id = o.id where o.id = ${orgId}`.execute(db);
  const row = rows[0];
  const setting = row?.setting ?? PLAN_LIMITS.defaultWritesPerMinute;
  return { rate: Math.min(row?.rate ?? setting, setting), setting, coolMs: row?.cool_ms ?? 0 };
}

/** Why: an owner's new setting holds at once (a lower one caps the rate; a higher one is the new rate). */
export async function budgetSettingChanged(db: Kysely<DB>, orgId: string, writesPerMinute: number) {
  await sql`update plan_write_budget set rate = ${writesPerMinute}, raised_at = now()
    where org_id = ${orgId}`.execute(db);
}
