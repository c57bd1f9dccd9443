import { sql, type Kysely } from 'kysely';
import type { PolicyDevice, PolicyOrgUnit } from '@fleetdeck/shared/policy-contract';
import type { DB } from '../../db/schema.ts';
import { isWithinOu } from '../organizations/ou-scope.ts';
import { sortByOrgUnitPath } from '@fleetdeck/shared/org-unit-order';

/**
 * The debugger's view of Fleetdeck's copy of the fleet: the OU tree (narrowed to what the caller
 * may see) and devices found by exact serial number, asset ID or id.
 */

/** At most this many devices answer one lookup; more is reported as truncated. */
export const MAX_LOOKUP_MATCHES = 20;

/** Why: the picker and every OU-id parameter are checked against the caller's visible tree. */
export async function listOrgUnits(
  db: Kysely<DB>,
  orgId: string,
  allowedPaths: readonly string[],
): Promise<PolicyOrgUnit[]> {
  const rows = await db
    .selectFrom('fleet_org_unit')
    .select(['org_unit_id', 'org_unit_path', 'name', 'parent_org_unit_id'])
    .where('org_id', '=', orgId)
    .where('deleted_at', 'is', null)
    .orderBy('org_unit_path')
    .execute();
  return sortByOrgUnitPath(rows, (row) => row.org_unit_path)
    .filter((row) => allowedPaths.some((root) => isWithinOu(row.org_unit_path, root)))
    .map((row) => ({
      id: row.org_unit_id,
      path: row.org_unit_path,
      name: row.org_unit_path === '/' ? row.name || 'Root' : row.name,
      parentId: row.parent_org_unit_id,
    }));
}

const deviceColumns = [
  'device_id',
  'serial_number',
  'annotated_asset_id',
  'annotated_user',
  'recent_user',
  'model',
  'org_unit_id',
  'org_unit_path',
] as const;

type DeviceRow = {
  device_id: string;
  serial_number: string | null;
  annotated_asset_id: string | null;
  annotated_user: string | null;
  recent_user: string | null;
  model: string | null;
  org_unit_id: string | null;
  org_unit_path: string | null;
};

function present(row: DeviceRow): PolicyDevice {
  return {
    deviceId: row.device_id,
    serialNumber: row.serial_number,
    annotatedAssetId: row.annotated_asset_id,
    annotatedUser: row.annotated_user,
    recentUser: row.recent_user,
    model: row.model,
    orgUnitId: row.org_unit_id,
    orgUnitPath: row.org_unit_path,
  };
}

export interface DeviceLookup {
  readonly serial?: string | undefined;
  readonly assetId?: string | undefined;
  readonly q?: string | undefined;
  readonly deviceId?: string | undefined;
}

/** Why: an exact, case-insensitive match, so "show me this Chromebook" never guesses. */
export async function findDevices(
  db: Kysely<DB>,
  orgId: string,
  allowedPaths: readonly string[],
  lookup: DeviceLookup,
): Promise<{ matches: PolicyDevice[]; truncated: boolean }> {
  let query = db
    .selectFrom('fleet_device')
    .select(deviceColumns)
    .where('org_id', '=', orgId)
    .where('deleted_at', 'is', null);
  if (lookup.deviceId !== undefined) query = query.where('device_id', '=', lookup.deviceId);
  else {
    const serial = lookup.serial ?? lookup.q;
    const asset = lookup.assetId ?? lookup.q;
    query = query.where((eb) =>
      eb.or([
        ...(serial === undefined ? [] : [eb(sql`lower(serial_number)`, '=', serial.toLowerCase())]),
        ...(asset === undefined ? [] : [eb(sql`lower(annotated_asset_id)`, '=', asset.toLowerCase())]),
      ]),
    );
  }
  const rows = await query
    .orderBy('serial_number')
    .orderBy('device_id')
    .limit(MAX_LOOKUP_MATCHES * 5)
    .execute();
  const visible = rows.filter((row) =>
    allowedPaths.some((root) => isWithinOu(row.org_unit_path ?? '/', root)),
  );
  return {
    matches: visible.slice(0, MAX_LOOKUP_MATCHES).map(present),
    truncated: visible.length > MAX_LOOKUP_MATCHES,
  };
}
