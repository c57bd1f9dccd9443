import { sql, type Kysely } from 'kysely';
import { PLANNABLE_BULK_KINDS, type BulkAction } from '@fleetdeck/shared/bulk-contract';
import { DEVICE_COMMANDS } from '@fleetdeck/shared/device-actions';
import type { PlanBulkAction, PlanChange } from '@fleetdeck/shared/plan-contract';
import type { Permission } from '@fleetdeck/shared/permissions';
import type { DB } from '../../db/schema.ts';
import type { DeviceTenant } from '../devices/device-tenant.ts';
import { deletePlan, finishBuild, insertBuildingPlan } from './plans.repository.ts';

/**
 * A bulk action above the organization's plan threshold, saved as a plan (kind `bulk_action`)
 * instead of run: one item per targeted device of the author's units, the devices that change
 * with the same per-device change a CSV update would make (an OU, final field values, a status),
 * so the plan runner, its write budget, pause and resume, results and undo apply unchanged. The
 * devices already as asked or that Google would refuse are items too, with why. A deprovision or
 * a device command is a plan too, of the same items with no change of fields: once approved, its
 * run hands them to one bulk run (plan-bulk-run.ts), and it cannot be undone.
 */

/** The bulk actions a plan can hold: the ones the plan runner applies and undo reverses. */
export type PlannableBulkAction = Extract<BulkAction, { kind: 'annotate' | 'move' | 'disable' | 'reenable' }>;

export function isPlannable(action: BulkAction): action is PlannableBulkAction {
  return PLANNABLE_BULK_KINDS.includes(action.kind);
}

/** The devices a bulk action resolved to, as the bulk service classified them. */
export interface BulkPlanDevices {
  /** Sorted ids of the targeted devices in the author's units. */
  readonly deviceIds: readonly string[];
  /** Of those, the devices the action changes. */
  readonly changeIds: readonly string[];
  /** The others, with why nothing is sent (`unchanged`: already as asked). */
  readonly notSent: readonly { deviceId: string; unchanged: boolean; note: string }[];
  /** A move's target unit path. */
  readonly targetOuPath?: string | undefined;
}

/**
 * Why: the change every device of the plan gets, in the plan's own terms ('' clears a field);
 * none for a command or a deprovision, which the bulk runner sends as the source's action says.
 */
export function planChangeOf(action: BulkAction, targetOuPath: string | undefined): PlanChange | null {
  switch (action.kind) {
    case 'annotate':
      return { ...action.fields };
    case 'move':
      return { orgUnitPath: targetOuPath ?? '/' };
    case 'disable':
      return { status: 'disable' };
    case 'reenable':
      return { status: 'reenable' };
    case 'command':
    case 'deprovision':
      return null;
  }
}

/**
 * Why: the plan page says what the action is, from the plan's stored source (its action, and a
 * move's unit path as resolved when the plan was made); null for a source without an action.
 */
export function bulkActionOfSource(source: unknown): PlanBulkAction | null {
  const stored = source as { action?: BulkAction; orgUnitPath?: string } | null;
  const action = stored?.action;
  switch (action?.kind) {
    case undefined:
      return null;
    case 'annotate':
      return { kind: 'annotate', fields: { ...action.fields } };
    case 'move':
      return { kind: 'move', orgUnitPath: stored?.orgUnitPath ?? null };
    case 'disable':
      return { kind: 'disable', reason: action.reason ?? null, note: action.note ?? null };
    case 'reenable':
      return { kind: 'reenable' };
    case 'deprovision':
      return { kind: 'deprovision', reason: action.reason };
    case 'command':
      return { kind: 'command', command: { ...action.command } };
  }
}

const PERMISSIONS: Readonly<Record<BulkAction['kind'], Permission>> = {
  annotate: 'device.annotate',
  move: 'device.move',
  disable: 'device.command',
  reenable: 'device.command',
  command: 'device.command',
  deprovision: 'device.deprovision',
};

const TITLES: Readonly<Record<Exclude<BulkAction['kind'], 'command'>, string>> = {
  annotate: 'Bulk edit of fields',
  move: 'Bulk move',
  disable: 'Bulk disable',
  reenable: 'Bulk re-enable',
  deprovision: 'Bulk deprovision',
};

function titleOf(action: BulkAction, changes: number, targetOuPath: string | undefined): string {
  const devices = `${changes.toLocaleString('en-US')} device${changes === 1 ? '' : 's'}`;
  const where = action.kind === 'move' && targetOuPath ? ` to ${targetOuPath}` : '';
  const what =
    action.kind === 'command'
      ? `Bulk ${DEVICE_COMMANDS[action.command.type].label.toLowerCase()}`
      : TITLES[action.kind];
  return `${what}${where}: ${devices}`;
}

const DEVICE_STATE = sql`jsonb_build_object('orgUnitPath', d.org_unit_path, 'annotatedAssetId', d.annotated_asset_id,
  'annotatedLocation', d.annotated_location, 'annotatedUser', d.annotated_user, 'notes', d.notes, 'status', d.status)`;

/** Why: every device is written in one statement, its fields before read from our copy as it is now. */
async function writeItems(
  db: Kysely<DB>,
  orgId: string,
  planId: string,
  devices: BulkPlanDevices,
  change: PlanChange | null,
): Promise<void> {
  const changing = new Set(devices.changeIds);
  const notes = new Map(devices.notSent.map((entry) => [entry.deviceId, entry]));
  const rows = devices.deviceIds.map((id, index) => {
    const other = notes.get(id);
    const outcome = changing.has(id) ? 'change' : other?.unchanged ? 'unchanged' : 'invalid';
    return { n: index + 1, id, outcome, reason: changing.has(id) ? null : (other?.note ?? null) };
  });
  await sql`
    insert into plan_item (org_id, plan_id, item_no, device_id, serial_number, outcome, reason, before, change)
    select ${orgId}, ${planId}::uuid, x.n, d.device_id, d.serial_number, x.outcome, x.reason, ${DEVICE_STATE},
      case when x.outcome = 'change' then ${change === null ? null : JSON.stringify(change)}::jsonb end
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(n integer, id text, outcome text, reason text)
    join fleet_device d on d.org_id = ${orgId} and d.device_id = x.id and d.deleted_at is null`.execute(db);
}

/** Why: the one entry point; answers the id of the plan, a draft of its author. */
export async function buildBulkActionPlan(
  db: Kysely<DB>,
  tenant: DeviceTenant,
  input: {
    readonly action: BulkAction;
    readonly target: Record<string, unknown>;
    readonly devices: BulkPlanDevices;
    /** Asked for but left out (unknown, gone, outside the author's units), as the preview said. */
    readonly skipped: number;
  },
): Promise<string> {
  const { action, devices } = input;
  const planId = await insertBuildingPlan(db, {
    orgId: tenant.orgId,
    kind: 'bulk_action',
    title: titleOf(action, devices.changeIds.length, devices.targetOuPath),
    source: {
      action,
      target: input.target,
      skipped: input.skipped,
      ...(devices.targetOuPath === undefined ? {} : { orgUnitPath: devices.targetOuPath }),
    },
    permissions: [PERMISSIONS[action.kind]],
    createdBy: tenant.userId,
  });
  try {
    await writeItems(db, tenant.orgId, planId, devices, planChangeOf(action, devices.targetOuPath));
    await finishBuild(db, tenant.orgId, planId);
    return planId;
  } catch (error) {
    await deletePlan(db, tenant.orgId, planId);
    throw error;
  }
}
