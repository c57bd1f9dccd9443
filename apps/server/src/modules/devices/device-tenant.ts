import type { Kysely, Selectable } from 'kysely';
import type { MemberRole } from '@fleetdeck/shared/permissions';
import { isValidDeviceId } from '@fleetdeck/shared/app-routes';
import type { FleetDeviceTable } from '../../db/fleet-schema.ts';
import type { DB } from '../../db/schema.ts';
import { appErrors } from '../../errors/app-error.ts';
import { isWithinOu } from '../organizations/ou-scope.ts';

/**
 * Who is acting on devices, in which organization and within which OU subtrees, and the one way a
 * device is looked up for them: another organization's device, one outside the caller's subtrees
 * and an unknown one all answer the same 404.
 */

export interface DeviceTenant {
  readonly orgId: string;
  /** The organization's Google customer id. */
  readonly customerId: string;
  readonly userId: string;
  readonly role: MemberRole;
  /** OU subtrees the caller may see and act in (viewers may be narrowed; others see the managed tree). */
  readonly allowedOuPaths: readonly string[];
  /** False for a member limited to units: they see only the bulk runs they started (which name other units' devices). */
  readonly wholeTree?: boolean | undefined;
}

/** Why: a bulk run names every device it touched; a member limited to units sees only their own runs. */
export function runsVisibleTo(tenant: DeviceTenant): string | undefined {
  return tenant.wholeTree === false ? tenant.userId : undefined;
}

export type StoredDevice = Selectable<FleetDeviceTable>;

export const DEVICE_NOT_FOUND_MESSAGE =
  'This device was not found in this organization. It may belong to another organization, lie outside your organizational units, or not be synced yet. Check the link, or run a sync.';

/** Why: every device route validates the id the same way before touching the database. */
export function assertDeviceId(deviceId: string): void {
  if (!isValidDeviceId(deviceId)) {
    throw appErrors.invalidRequest(
      'This is not a valid device id (letters, digits, - and _ only). Open the device from the fleet list, or check the link.',
    );
  }
}

/** Why: whether a device's OU lies inside the caller's subtrees (devices without an OU only for whole-tree callers). */
export function inScope(tenant: DeviceTenant, orgUnitPath: string | null): boolean {
  if (orgUnitPath === null) return tenant.allowedOuPaths.includes('/');
  return tenant.allowedOuPaths.some((root) => isWithinOu(orgUnitPath, root));
}

/** Loads one device of the caller's organization and scope, or throws the 404 the page shows. */
export async function requireDevice(
  db: Kysely<DB>,
  tenant: DeviceTenant,
  deviceId: string,
): Promise<StoredDevice> {
  assertDeviceId(deviceId);
  const device = await db
    .selectFrom('fleet_device')
    .selectAll()
    .where('org_id', '=', tenant.orgId)
    .where('device_id', '=', deviceId)
    .executeTakeFirst();
  if (!device || !inScope(tenant, device.org_unit_path)) throw appErrors.notFound(DEVICE_NOT_FOUND_MESSAGE);
  return device;
}

/** Why: actions on a device Google no longer lists would fail at Google; say so first. */
export function requireLiveDevice(device: StoredDevice): StoredDevice {
  if (device.deleted_at !== null) {
    throw appErrors.conflict(
      'Google no longer lists this device, so it cannot be changed. Run a sync if you think it is back.',
    );
  }
  return device;
}
