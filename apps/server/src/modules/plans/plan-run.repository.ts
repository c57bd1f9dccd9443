import { sql, type Kysely } from 'kysely';
import {
  PLAN_LIMITS,
  type PlanChange,
  type PlanDeviceState,
  type PlanRunState,
} from '@fleetdeck/shared/plan-contract';
import type { DB } from '../../db/schema.ts';
import type { PlanRow } from './plans.repository.ts';

/**
 * A plan's run in the database: the lease that keeps one process on a plan, its changes still to
 * send taken as Google's calls take them (up to 50 devices moved to one unit or given one status
 * in one call; a field change one device a call), `sending` written before each call, results
 * written per call, and the calls left.
 */

export interface RunItem {
  readonly item_no: number;
  readonly device_id: string;
  readonly serial_number: string | null;
  readonly apply_order: number;
  readonly before: PlanDeviceState;
  readonly change: PlanChange;
  readonly write_done: boolean;
  readonly run_state: PlanRunState;
  readonly attempts: number;
}

/** Field changes take a call per device (patch); a move alone goes with others to the same unit. */
export const TEXT_FIELDS = ['annotatedAssetId', 'annotatedLocation', 'annotatedUser', 'notes'] as const;

/** What an item still needs: its OU and fields (one call), then its status (another). */
export function partLeft(item: Pick<RunItem, 'change' | 'write_done'>): 'move' | 'patch' | 'status' | null {
  const fields = TEXT_FIELDS.some((field) => item.change[field] !== undefined);
  if (!item.write_done && fields) return 'patch';
  if (!item.write_done && item.change.orgUnitPath !== undefined) return 'move';
  return item.change.status !== undefined ? 'status' : null;
}

const RUN_COLUMNS = sql`item_no, device_id, serial_number, apply_order, before, change, write_done,
  run_state, attempts`;

/** Why: one process runs a plan at a time; a lapsed lease (its process died) is taken over. */
export async function claimPlan(
  db: Kysely<DB>,
  orgId: string,
  planId: string,
  worker: string,
  leaseMs: number,
): Promise<PlanRow | undefined> {
  const { rows } = await sql<PlanRow>`
    update plan set started_at = coalesce(started_at, now()), lease_owner = ${worker},
      lease_until = now() + ${`${leaseMs} milliseconds`}::interval
    where org_id = ${orgId} and id = ${planId}::uuid and state = 'running' and bulk_run_id is null
      and (lease_until is null or lease_until < now() or lease_owner = ${worker})
    returning *`.execute(db);
  return rows[0];
}

/** Why: false once the plan was paused or cancelled, or another process took it over. */
export async function renewLease(
  db: Kysely<DB>,
  plan: Pick<PlanRow, 'org_id' | 'id'>,
  worker: string,
  leaseMs: number,
): Promise<boolean> {
  const result = await sql`update plan set lease_until = now() + ${`${leaseMs} milliseconds`}::interval
    where org_id = ${plan.org_id} and id = ${plan.id}::uuid and lease_owner = ${worker}
      and state = 'running'`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/** Why: a process that stops between calls lets its lease lapse at once, so another goes on. */
export async function releaseLease(db: Kysely<DB>, plan: Pick<PlanRow, 'org_id' | 'id'>, worker: string) {
  await sql`update plan set lease_until = null, lease_owner = null
    where org_id = ${plan.org_id} and id = ${plan.id}::uuid and lease_owner = ${worker}`.execute(db);
}

/** Items whose call was under way when a process stopped. */
export async function sendingItems(db: Kysely<DB>, orgId: string, planId: string): Promise<RunItem[]> {
  const { rows } = await sql<RunItem>`select ${RUN_COLUMNS} from plan_item
    where org_id = ${orgId} and plan_id = ${planId}::uuid and outcome = 'change' and run_state = 'sending'
    order by apply_order, item_no limit ${PLAN_LIMITS.idsPerCall}`.execute(db);
  return rows;
}

/**
 * Why: the next call's devices: the first pending change (in apply order) and, when it is a move
 * or a status change, up to 49 more of the same order going to the same unit or status.
 */
export async function nextGroup(db: Kysely<DB>, orgId: string, planId: string): Promise<RunItem[]> {
  const pending = sql`org_id = ${orgId} and plan_id = ${planId}::uuid and outcome = 'change'
    and run_state = 'pending'`;
  const { rows: firsts } = await sql<RunItem>`select ${RUN_COLUMNS} from plan_item where ${pending}
    order by apply_order, item_no limit 1`.execute(db);
  const first = firsts[0];
  if (!first) return [];
  const part = partLeft(first);
  if (part === 'patch' || part === null) return [first];
  const noFields = sql`not (change ?| array['annotatedAssetId', 'annotatedLocation', 'annotatedUser', 'notes'])`;
  const same =
    part === 'move'
      ? sql`not write_done and ${noFields} and change->>'orgUnitPath' = ${first.change.orgUnitPath ?? ''}`
      : sql`(write_done or (${noFields} and not change ? 'orgUnitPath'))
          and change->>'status' = ${first.change.status ?? ''}`;
  const { rows } = await sql<RunItem>`select ${RUN_COLUMNS} from plan_item
    where ${pending} and apply_order = ${first.apply_order} and ${same}
    order by item_no limit ${PLAN_LIMITS.idsPerCall}`.execute(db);
  return rows;
}

/** Why: committed before the call to Google, so a resumed run asks Google before sending again. */
export async function markSending(db: Kysely<DB>, orgId: string, planId: string, itemNos: readonly number[]) {
  if (itemNos.length === 0) return;
  await sql`update plan_item set run_state = 'sending', attempts = attempts + 1, updated_at = now()
    where org_id = ${orgId} and plan_id = ${planId}::uuid
      and item_no = any(${`{${itemNos.join(',')}}`}::int[])`.execute(db);
}

export interface ItemResult {
  readonly itemNo: number;
  readonly state: PlanRunState;
  readonly message: string | null;
  readonly writeDone?: boolean | undefined;
}

/** Why: a call's results, one statement for up to 50 items (in the caller's transaction). */
export async function writeResults(
  db: Kysely<DB>,
  orgId: string,
  planId: string,
  results: readonly ItemResult[],
): Promise<void> {
  if (results.length === 0) return;
  const rows = results.map((r) => ({
    item_no: r.itemNo,
    state: r.state,
    message: r.message,
    write_done: r.writeDone ?? null,
  }));
  await sql`
    update plan_item i set run_state = r.state, run_message = r.message,
      write_done = coalesce(r.write_done, i.write_done), updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as r(item_no integer, state text, message text, write_done boolean)
    where i.org_id = ${orgId} and i.plan_id = ${planId}::uuid and i.item_no = r.item_no`.execute(db);
}

/** A plan's changes by run state. */
export async function runCounts(
  db: Kysely<DB>,
  orgId: string,
  planIds: readonly string[],
): Promise<Map<string, Record<PlanRunState, number>>> {
  const counts = new Map<string, Record<PlanRunState, number>>();
  if (planIds.length === 0) return counts;
  const { rows } = await sql<{ plan_id: string; run_state: PlanRunState; n: number }>`
    select plan_id::text, run_state, count(*)::int as n from plan_item
    where org_id = ${orgId} and plan_id = any(${`{${planIds.join(',')}}`}::uuid[])
      and outcome = 'change'
    group by plan_id, run_state`.execute(db);
  for (const id of planIds) counts.set(id, { pending: 0, sending: 0, succeeded: 0, failed: 0, skipped: 0 });
  for (const row of rows) {
    const forPlan = counts.get(row.plan_id);
    if (forPlan) forPlan[row.run_state] = row.n;
  }
  return counts;
}

/** Calls to Google a plan still has to make, grouped as the runner groups them. */
export async function callsLeft(db: Kysely<DB>, orgId: string, planId: string): Promise<number> {
  const { rows } = await sql<{ calls: number }>`
    with open as (
      select apply_order, change, write_done,
        change ?| array['annotatedAssetId', 'annotatedLocation', 'annotatedUser', 'notes'] as fields
      from plan_item where org_id = ${orgId} and plan_id = ${planId}::uuid and outcome = 'change'
        and run_state in ('pending', 'sending'))
    select ((select count(*) from open where fields and not write_done)
      + (select coalesce(sum(ceil(n / ${PLAN_LIMITS.idsPerCall}::numeric)), 0) from (
          select count(*) as n from open where not fields and not write_done and change ? 'orgUnitPath'
          group by apply_order, change->>'orgUnitPath') m)
      + (select coalesce(sum(ceil(n / ${PLAN_LIMITS.idsPerCall}::numeric)), 0) from (
          select count(*) as n from open where change ? 'status'
          group by apply_order, change->>'status') s))::int as calls`.execute(db);
  return rows[0]?.calls ?? 0;
}

/** Plans of the organization running now (they share its write budget). */
export async function runningPlans(db: Kysely<DB>, orgId: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from plan
    where org_id = ${orgId} and state = 'running' and bulk_run_id is null`.execute(db);
  return rows[0]?.n ?? 0;
}
