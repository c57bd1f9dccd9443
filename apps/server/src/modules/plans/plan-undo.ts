import { sql, type Kysely } from 'kysely';
import { roleCan, type Permission } from '@fleetdeck/shared/permissions';
import type { PlanChange, PlanDeviceState } from '@fleetdeck/shared/plan-contract';
import type { DB } from '../../db/schema.ts';
import { appErrors } from '../../errors/app-error.ts';
import { planErrors } from '../../errors/plan-errors.ts';
import type { DeviceTenant } from '../devices/device-tenant.ts';
import { bulkRunActionOf } from './plan-bulk-run.ts';
import { partTargets, type DeviceNow, type Part } from './plan-run-checks.ts';
import { devicesNow } from './plan-run-lifecycle.ts';
import { TEXT_FIELDS } from './plan-run.repository.ts';
import { loadUnits } from './plan-units.ts';
import {
  deletePlan,
  finishBuild,
  insertBuildingPlan,
  insertItems,
  undoPlansOf,
  type NewItem,
  type PlanRow,
} from './plans.repository.ts';

/**
 * Undo: the reverse of a finished plan, built as a new plan (kind `undo`) that is reviewed,
 * approved and run like any other. Each device the plan changed goes back to what it was before
 * (its OU, fields and status, only the parts the plan changed); a device changed since (by a
 * person, a sync, another plan) is listed as `changed_since` with what changed, and left as it
 * is; one Google no longer lists is `not_found`; one outside the author's units `out_of_scope`.
 * When the undo plan has run, the plan it undoes is `undone`.
 */

interface DoneItem {
  item_no: number;
  row_no: number | null;
  key_input: string | null;
  device_id: string;
  serial_number: string | null;
  before: PlanDeviceState;
  change: PlanChange;
  run_state: string;
  write_done: boolean;
}

const BATCH = 1_000;

/** The parts of an item the plan made (a failed or skipped status part leaves its OU and fields made). */
function partsMade(item: DoneItem): Part[] {
  const parts: Part[] = [];
  const writes =
    item.change.orgUnitPath !== undefined || TEXT_FIELDS.some((f) => item.change[f] !== undefined);
  if (writes && (item.run_state === 'succeeded' || item.write_done)) parts.push('patch');
  if (item.change.status !== undefined && item.run_state === 'succeeded') parts.push('status');
  return parts;
}

const same = (field: string, a: string | null | undefined, b: string | null | undefined) =>
  field === 'orgUnitPath' ? (a ?? '').toLowerCase() === (b ?? '').toLowerCase() : (a ?? '') === (b ?? '');

/** Why: the reverse of one item, or why it is left as it is. */
export function reverseOf(
  item: DoneItem,
  now: DeviceNow | undefined,
  tenant: Pick<DeviceTenant, 'allowedOuPaths'> & { inUnits: (path: string | null) => boolean },
  unitExists: (path: string) => string | undefined,
): Omit<NewItem, 'itemNo'> {
  const base = {
    row: item.row_no,
    key: item.key_input,
    deviceId: item.device_id,
    serialNumber: item.serial_number,
    matchCount: null,
  };
  if (!now)
    return {
      ...base,
      outcome: 'not_found',
      reason: 'Google no longer lists this device.',
      before: null,
      change: null,
    };
  if (
    !tenant.inUnits(now.orgUnitPath) ||
    (item.before.orgUnitPath && !tenant.inUnits(item.before.orgUnitPath))
  )
    return {
      ...base,
      deviceId: null,
      outcome: 'out_of_scope',
      reason: 'Outside your units.',
      before: null,
      change: null,
    };
  const changed: string[] = [];
  const change: Record<string, string> = {};
  for (const part of partsMade(item))
    for (const [field, value] of partTargets(item.change, part)) {
      if (!same(field, now[field], value))
        changed.push(`${field} is ${now[field] ? `"${now[field]}"` : 'empty'}, the plan set "${value}"`);
      const back = item.before[field];
      if (field === 'status') change.status = back === 'DISABLED' ? 'disable' : 'reenable';
      else if (field === 'orgUnitPath') change.orgUnitPath = unitExists(back ?? '/') ?? back ?? '/';
      else change[field] = back ?? '';
    }
  if (changed.length > 0)
    return {
      ...base,
      outcome: 'changed_since',
      reason: `Changed since the plan ran: ${changed.join('; ')}.`,
      before: now,
      change: null,
    };
  if (change.orgUnitPath !== undefined && !unitExists(change.orgUnitPath))
    return {
      ...base,
      outcome: 'invalid',
      reason: `The unit ${change.orgUnitPath} no longer exists.`,
      before: now,
      change: null,
    };
  if (Object.keys(change).length === 0)
    return {
      ...base,
      outcome: 'unchanged',
      reason: 'The plan did not change this device.',
      before: now,
      change: null,
    };
  return { ...base, outcome: 'change', reason: null, before: now, change };
}

async function doneItems(db: Kysely<DB>, plan: PlanRow, after: number): Promise<DoneItem[]> {
  const { rows } =
    await sql<DoneItem>`select item_no, row_no, key_input, device_id, serial_number, before, change,
      run_state, write_done from plan_item
    where org_id = ${plan.org_id} and plan_id = ${plan.id}::uuid and outcome = 'change'
      and (run_state = 'succeeded' or write_done) and item_no > ${after}
    order by item_no limit ${BATCH}`.execute(db);
  return rows;
}

/** Why: an undo plan needs the permissions of what it reverses, like the plan did. */
function undoPermissions(plan: PlanRow, tenant: DeviceTenant): Permission[] {
  const permissions = plan.permissions as Permission[];
  if (!permissions.every((permission) => roleCan(tenant.role, permission))) throw planErrors.undoRefused();
  return permissions;
}

/** Why: builds the undo plan of a finished plan; answers its id. */
export async function buildUndoPlan(db: Kysely<DB>, tenant: DeviceTenant, plan: PlanRow): Promise<string> {
  if (bulkRunActionOf(plan)) throw planErrors.cannotUndo();
  if (plan.state !== 'done') throw planErrors.notDone(plan.state === 'building' ? 'draft' : plan.state);
  if ((await undoPlansOf(db, plan.org_id, [plan.id])).size > 0)
    throw appErrors.conflict('This plan already has an undo plan. Open it, or cancel it to build another.');
  const permissions = undoPermissions(plan, tenant);
  const units = await loadUnits(db, tenant);
  const scope = {
    allowedOuPaths: tenant.allowedOuPaths,
    inUnits: (path: string | null) => path !== null && units.inAuthorUnits(path),
  };
  const planId = await insertBuildingPlan(db, {
    orgId: plan.org_id,
    kind: 'undo',
    title: `Undo: ${plan.title}`.slice(0, 200),
    source: { undoOf: plan.id, title: plan.title },
    permissions,
    createdBy: tenant.userId,
  });
  try {
    let itemNo = 0;
    for (
      let after = 0, batch = await doneItems(db, plan, 0);
      batch.length > 0;
      batch = await doneItems(db, plan, after)
    ) {
      after = batch.at(-1)?.item_no ?? after;
      const now = await devicesNow(
        db,
        plan.org_id,
        batch.map((item) => item.device_id),
      );
      const items = batch.map((item) => ({
        ...reverseOf(item, now.get(item.device_id), scope, (path) => units.find(path)),
        itemNo: ++itemNo,
      }));
      await insertItems(db, plan.org_id, planId, items);
    }
    await db
      .updateTable('plan')
      .set({ undo_of: plan.id })
      .where('org_id', '=', plan.org_id)
      .where('id', '=', planId)
      .execute();
    await finishBuild(db, plan.org_id, planId);
    return planId;
  } catch (error) {
    await deletePlan(db, plan.org_id, planId);
    throw error;
  }
}
