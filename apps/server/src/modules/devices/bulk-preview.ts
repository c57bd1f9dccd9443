import { sql, type RawBuilder } from 'kysely';
import { DEVICE_COMMANDS } from '@fleetdeck/shared/device-actions';
import type { BulkAction, BulkPreview, BulkTarget } from '@fleetdeck/shared/bulk-contract';
import { appErrors } from '../../errors/app-error.ts';
import { compileDeviceQuery } from '../fleet/device-query-sql.ts';
import { scopePredicate } from '../fleet/fleet-scope.ts';
import { requireTargetOu } from './device-actions.service.ts';
import type { DeviceDeps } from './device-context.ts';
import { presentDeviceRow } from '../fleet/device-row-presenter.ts';
import { ALREADY_AS_ASKED, annotatedChanges, classifySql, WILL_CHANGE } from './bulk-eligibility.ts';
import type { DeviceTenant, StoredDevice } from './device-tenant.ts';

/**
 * A bulk action's blast radius before anything runs: which devices it targets (a selection of ids
 * or every match of a fleet query, always within the caller's organization and OU subtrees), which
 * of them will change, are already as asked or would be refused by Google (bulk-eligibility.ts),
 * and, of the devices that will change, how many per OU, each field's values before and after, and
 * a few examples.
 */

export const BULK_MAX_DEVICES = 100_000;
const DIFF_VALUES = 20;
const SAMPLE_SIZE = 10;

/** Why: actions that cannot be undone (or take devices out of use) ask for the device count typed. */
export function destructiveness(action: BulkAction): { destructive: boolean; requiresTypedCount: boolean } {
  const destructive =
    action.kind === 'deprovision' ||
    (action.kind === 'command' && DEVICE_COMMANDS[action.command.type].destructive);
  return { destructive, requiresTypedCount: destructive || action.kind === 'disable' };
}

/** Why: a command's parameters are checked once for the whole run, before any device is touched. */
export function validateBulkAction(action: BulkAction): void {
  if (action.kind !== 'command') return;
  const { command } = action;
  if (command.type === 'SET_VOLUME' && command.volume === undefined)
    throw appErrors.invalidRequest('Set volume needs a volume from 0 to 100.');
  if (command.type !== 'SET_VOLUME' && command.volume !== undefined)
    throw appErrors.invalidRequest('A volume is given only with the Set volume command.');
  if (command.type !== 'REBOOT' && command.userSessionDelaySeconds !== undefined)
    throw appErrors.invalidRequest('A user session delay is given only with the Reboot command.');
}

export interface ResolvedTarget {
  /** Sorted ids of every device targeted in the caller's scope (changing or not). */
  readonly deviceIds: string[];
  /** Sorted ids of the devices the action will change: the only ones sent to Google. */
  readonly changeIds: string[];
  /** Targeted devices not sent, with their class (`ALREADY_AS_ASKED` or why Google would refuse). */
  readonly notSent: { deviceId: string; outcome: string }[];
  /** Asked for but left out: unknown, gone or outside the caller's subtrees. */
  readonly skipped: number;
  /** Of `skipped`, devices of the organization outside the caller's subtrees. */
  readonly notInYourUnits: number;
  /** The SQL condition selecting exactly the devices that will change (alias `d`). */
  readonly changeWhere: RawBuilder<boolean>;
  /** A move's target unit path. */
  readonly targetOuPath?: string | undefined;
}

/** Why: preview and start resolve and classify the target the same way, so the token can compare them. */
export async function resolveTarget(
  deps: DeviceDeps,
  tenant: DeviceTenant,
  target: BulkTarget,
  action: BulkAction,
): Promise<ResolvedTarget> {
  const scope = { orgId: tenant.orgId, ouPaths: tenant.allowedOuPaths };
  let base: RawBuilder<boolean>;
  let asked: number | undefined;
  let notInYourUnits = 0;
  if ('deviceIds' in target) {
    const ids = [...new Set(target.deviceIds)];
    asked = ids.length;
    const chosen = sql<boolean>`d.device_id = any(array(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)))`;
    const inScope = await scopePredicate(deps.db, scope);
    base = sql<boolean>`${inScope} and ${chosen}`;
    // Devices of the organization left out only because of the caller's units: said as such.
    if (!tenant.allowedOuPaths.includes('/')) {
      const { rows: outside } = await sql<{ n: number }>`
        select count(*)::int as n from fleet_device d
        where d.org_id = ${tenant.orgId} and d.deleted_at is null and ${chosen} and not (${inScope})`.execute(
        deps.db,
      );
      notInYourUnits = outside[0]?.n ?? 0;
    }
  } else {
    base = await compileDeviceQuery(deps.db, scope, target.query);
  }
  const targetOuPath =
    action.kind === 'move'
      ? (await requireTargetOu({ deps, tenant }, action.orgUnitId)).org_unit_path
      : undefined;
  const outcome = classifySql(action, targetOuPath);
  const { rows } = await sql<{ device_id: string; outcome: string }>`
    select d.device_id, ${outcome} as outcome from fleet_device d where ${base}
    order by d.device_id limit ${BULK_MAX_DEVICES + 1}`.execute(deps.db);
  if (rows.length > BULK_MAX_DEVICES) {
    throw appErrors.invalidRequest(
      `This would touch more than ${BULK_MAX_DEVICES.toLocaleString('en-US')} devices. Narrow the query and try again.`,
    );
  }
  const changeIds: string[] = [];
  const notSent: { deviceId: string; outcome: string }[] = [];
  for (const row of rows) {
    if (row.outcome === WILL_CHANGE) changeIds.push(row.device_id);
    else notSent.push({ deviceId: row.device_id, outcome: row.outcome });
  }
  return {
    deviceIds: rows.map((row) => row.device_id),
    changeIds,
    notSent,
    skipped: asked === undefined ? 0 : asked - rows.length,
    notInYourUnits,
    changeWhere: sql<boolean>`${base} and ${outcome} = ${WILL_CHANGE}::text`,
    targetOuPath,
  };
}

/** Why: the numbers and examples the confirmation dialog shows (the token is added by the caller). */
export async function computePreview(
  deps: DeviceDeps,
  action: BulkAction,
  resolved: ResolvedTarget,
): Promise<Omit<BulkPreview, 'previewToken' | 'planThreshold' | 'onStart'>> {
  const where = resolved.changeWhere;
  const [orgUnits, sample, diff] = await Promise.all([
    sql<{ path: string | null; n: number }>`
      select d.org_unit_path as path, count(*)::int as n from fleet_device d where ${where}
      group by 1 order by 2 desc, 1 limit 200`.execute(deps.db),
    sql<StoredDevice>`select d.* from fleet_device d where ${where} order by d.serial_number nulls last, d.device_id limit ${SAMPLE_SIZE}`.execute(
      deps.db,
    ),
    resolved.changeIds.length === 0 ? [] : diffOf(deps, action, resolved),
  ]);
  const reasons = new Map<string, number>();
  let unchanged = 0;
  for (const { outcome } of resolved.notSent) {
    if (outcome === ALREADY_AS_ASKED) unchanged += 1;
    else reasons.set(outcome, (reasons.get(outcome) ?? 0) + 1);
  }
  return {
    deviceCount: resolved.deviceIds.length,
    changeCount: resolved.changeIds.length,
    skipped: resolved.skipped,
    notInYourUnits: resolved.notInYourUnits,
    unchanged,
    ineligible: [...reasons].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count),
    orgUnits: orgUnits.rows.map((row) => ({ orgUnitPath: row.path ?? '(none)', count: row.n })),
    diff,
    sample: sample.rows.map((row) => {
      const item = presentDeviceRow(row);
      return {
        deviceId: item.deviceId,
        serialNumber: item.serialNumber,
        model: item.model,
        orgUnitPath: item.orgUnitPath,
        status: item.status,
      };
    }),
    ...destructiveness(action),
  };
}

/** Before → after of the devices that will change (`where` selects only those). */
async function diffOf(
  deps: DeviceDeps,
  action: BulkAction,
  resolved: ResolvedTarget,
): Promise<BulkPreview['diff']> {
  const { changeWhere: where, targetOuPath } = resolved;
  const fields: { field: string; column: string; after: string | null }[] = [];
  switch (action.kind) {
    case 'annotate':
      fields.push(...annotatedChanges(action.fields));
      break;
    case 'move':
      fields.push({ field: 'orgUnitPath', column: 'org_unit_path', after: targetOuPath ?? null });
      break;
    case 'disable':
      fields.push({ field: 'status', column: 'status', after: 'DISABLED' });
      break;
    case 'reenable':
      fields.push({ field: 'status', column: 'status', after: 'ACTIVE' });
      break;
    case 'deprovision':
      fields.push({ field: 'status', column: 'status', after: 'DEPROVISIONED' });
      break;
    case 'command':
      return [
        {
          field: 'command',
          before: [{ value: null, count: resolved.changeIds.length }],
          after: action.command.type,
        },
      ];
  }
  return Promise.all(
    fields.map(async ({ field, column, after }) => {
      const { rows } = await sql<{ value: string | null; n: number }>`
        select d.${sql.ref(column)}::text as value, count(*)::int as n from fleet_device d where ${where}
        group by 1 order by 2 desc, 1 limit ${DIFF_VALUES}`.execute(deps.db);
      return { field, before: rows.map((row) => ({ value: row.value, count: row.n })), after };
    }),
  );
}
