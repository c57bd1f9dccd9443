import { sql, type RawBuilder } from 'kysely';
import { DEVICE_COMMANDS } from '@fleetdeck/shared/device-actions';
import type { BulkAction, BulkPreview, BulkTarget } from '@fleetdeck/shared/device-contract';
import { appErrors } from '../../errors/app-error.ts';
import { compileDeviceQuery } from '../fleet/device-query-sql.ts';
import { scopePredicate } from '../fleet/fleet-scope.ts';
import { requireTargetOu } from './device-actions.ts';
import type { DeviceDeps } from './device-context.ts';
import { presentDeviceRow } from '../fleet/device-row-presenter.ts';
import type { DeviceTenant, StoredDevice } from './device-tenant.ts';

/**
 * A bulk action's blast radius before anything runs: which devices it would touch (a selection of
 * ids or every match of a fleet query, always within the caller's organization and OU subtrees),
 * how many per OU, each changed field's values before and the value after, and a few examples.
 */

export const BULK_MAX_DEVICES = 100_000;
const DIFF_VALUES = 20;
const SAMPLE_SIZE = 10;

const ANNOTATED_COLUMNS = {
  annotatedAssetId: 'annotated_asset_id',
  annotatedLocation: 'annotated_location',
  annotatedUser: 'annotated_user',
  notes: 'notes',
} as const;

const KIOSK_SQL = sql<boolean>`(d.license_type = 'kioskUpgrade' or (d.raw->'osUpdateStatus'->>'targetKioskAppVersion') is not null)`;

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
  /** Sorted device ids the action will touch. */
  readonly deviceIds: string[];
  /** Asked for but left out: unknown, gone, outside the caller's subtrees, or not eligible (kiosk-only). */
  readonly skipped: number;
  /** The SQL condition selecting exactly those devices (alias `d`). */
  readonly where: RawBuilder<boolean>;
}

/** Why: preview and start resolve the same target the same way, so the token can compare them. */
export async function resolveTarget(
  deps: DeviceDeps,
  tenant: DeviceTenant,
  target: BulkTarget,
  action: BulkAction,
): Promise<ResolvedTarget> {
  const scope = { orgId: tenant.orgId, ouPaths: tenant.allowedOuPaths };
  let base: RawBuilder<boolean>;
  let asked: number | undefined;
  if ('deviceIds' in target) {
    const ids = [...new Set(target.deviceIds)];
    asked = ids.length;
    base = sql<boolean>`${await scopePredicate(deps.db, scope)}
      and d.device_id = any(array(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)))`;
  } else {
    base = await compileDeviceQuery(deps.db, scope, target.query);
  }
  const kioskOnly = action.kind === 'command' && DEVICE_COMMANDS[action.command.type].kioskOnly;
  const where = kioskOnly ? sql<boolean>`${base} and ${KIOSK_SQL}` : base;
  const { rows } = await sql<{ device_id: string }>`
    select d.device_id from fleet_device d where ${where} order by d.device_id limit ${BULK_MAX_DEVICES + 1}`.execute(
    deps.db,
  );
  if (rows.length > BULK_MAX_DEVICES) {
    throw appErrors.invalidRequest(
      `This would touch more than ${BULK_MAX_DEVICES.toLocaleString('en-US')} devices. Narrow the query and try again.`,
    );
  }
  let skipped = 0;
  if (asked !== undefined) skipped = asked - rows.length;
  else if (kioskOnly) {
    const all = await sql<{ n: number }>`select count(*)::int as n from fleet_device d where ${base}`.execute(
      deps.db,
    );
    skipped = (all.rows[0]?.n ?? 0) - rows.length;
  }
  return { deviceIds: rows.map((row) => row.device_id), skipped, where };
}

/** Why: the numbers and examples the confirmation dialog shows (the token is added by the caller). */
export async function computePreview(
  deps: DeviceDeps,
  tenant: DeviceTenant,
  action: BulkAction,
  resolved: ResolvedTarget,
): Promise<Omit<BulkPreview, 'previewToken'>> {
  const { where } = resolved;
  const [orgUnits, sample, { diff, unchanged }] = await Promise.all([
    sql<{ path: string | null; n: number }>`
      select d.org_unit_path as path, count(*)::int as n from fleet_device d where ${where}
      group by 1 order by 2 desc, 1 limit 200`.execute(deps.db),
    sql<StoredDevice>`select d.* from fleet_device d where ${where} order by d.serial_number nulls last, d.device_id limit ${SAMPLE_SIZE}`.execute(
      deps.db,
    ),
    diffOf(deps, tenant, action, where, resolved.deviceIds.length),
  ]);
  return {
    deviceCount: resolved.deviceIds.length,
    skipped: resolved.skipped,
    unchanged,
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

async function diffOf(
  deps: DeviceDeps,
  tenant: DeviceTenant,
  action: BulkAction,
  where: RawBuilder<boolean>,
  count: number,
): Promise<{ diff: BulkPreview['diff']; unchanged: number }> {
  const fields: { field: string; column: string; after: string | null }[] = [];
  switch (action.kind) {
    case 'annotate':
      for (const [field, value] of Object.entries(action.fields)) {
        if (!(field in ANNOTATED_COLUMNS)) continue;
        const column = ANNOTATED_COLUMNS[field as keyof typeof ANNOTATED_COLUMNS];
        fields.push({ field, column, after: value === '' ? null : value });
      }
      break;
    case 'move': {
      const ou = await requireTargetOu({ deps, tenant }, action.orgUnitId);
      fields.push({ field: 'orgUnitPath', column: 'org_unit_path', after: ou.org_unit_path });
      break;
    }
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
      return {
        diff: [{ field: 'command', before: [{ value: null, count }], after: action.command.type }],
        unchanged: 0,
      };
  }
  const [diff, unchanged] = await Promise.all([
    Promise.all(
      fields.map(async ({ field, column, after }) => {
        const { rows } = await sql<{ value: string | null; n: number }>`
          select d.${sql.ref(column)}::text as value, count(*)::int as n from fleet_device d where ${where}
          group by 1 order by 2 desc, 1 limit ${DIFF_VALUES}`.execute(deps.db);
        return { field, before: rows.map((row) => ({ value: row.value, count: row.n })), after };
      }),
    ),
    countUnchanged(deps, where, fields),
  ]);
  return { diff, unchanged };
}

/** Why: "5 devices will change" must not count the ones already in the target OU (or state). */
async function countUnchanged(
  deps: DeviceDeps,
  where: RawBuilder<boolean>,
  fields: readonly { column: string; after: string | null }[],
): Promise<number> {
  if (fields.length === 0) return 0;
  const same = sql.join(
    fields.map(({ column, after }) => sql`d.${sql.ref(column)}::text is not distinct from ${after}::text`),
    sql` and `,
  );
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from fleet_device d where ${where} and ${same}`.execute(deps.db);
  return rows[0]?.n ?? 0;
}
