import { sql } from 'kysely';
import { orgUnitTargetResource } from '@fleetdeck/google/google-ids';
import { RETURN_MESSAGE_POLICY } from '@fleetdeck/shared/device-actions';
import { ORG, type DeviceHarness } from './device-harness.ts';

/** An active device in a grade unit (below a school), picked for a return-message test. */
export interface PickedDevice {
  device_id: string;
  org_unit_path: string;
  org_unit_id: string;
}

/**
 * Why: return-message tests each write the policy of one unit; one active device per grade unit
 * (two levels down) gives every test a unit no other test writes to.
 */
export async function pickDevicePerGradeUnit(h: DeviceHarness): Promise<PickedDevice[]> {
  const { rows } = await sql<PickedDevice>`
    select distinct on (org_unit_path) device_id, org_unit_path, org_unit_id from fleet_device
    where org_id = ${ORG} and deleted_at is null and status = 'ACTIVE'
      and array_length(string_to_array(trim(leading '/' from org_unit_path), '/'), 1) = 2
    order by org_unit_path, device_id`.execute(h.testDb.database.db);
  return rows;
}

/** The school (top-level unit) a grade unit's path sits under. */
export const schoolPathOf = (path: string) => `/${path.split('/')[1] ?? ''}`;

/** Why: what Google itself resolves for an OU (its message, and where it is set), not our copy. */
export async function returnMessageAt(h: DeviceHarness, ouId: string) {
  const page = await h.emulator.google.policy.resolvePolicies({
    policySchemaFilter: RETURN_MESSAGE_POLICY.schema,
    policyTargetKey: { targetResource: orgUnitTargetResource(ouId) },
  });
  const hit = page.resolvedPolicies?.[0];
  return {
    message: hit?.value?.value?.[RETURN_MESSAGE_POLICY.field] as string | undefined,
    source: hit?.sourceKey?.targetResource,
  };
}
