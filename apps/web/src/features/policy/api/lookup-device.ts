import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeviceLookupResponse } from '@fleetdeck/shared/policy-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { policyKeys, type DeviceLookupKey } from './policy-query-keys.ts';

export type { DeviceLookupKey };

/** `GET /api/policy/device-lookup`: devices by exact serial number or asset ID, or one by id. */
export function lookupDevice(key: DeviceLookupKey): Promise<DeviceLookupResponse> {
  const params = new URLSearchParams('q' in key ? { q: key.q } : { deviceId: key.deviceId });
  return apiFetch<DeviceLookupResponse>(`/api/policy/device-lookup?${params.toString()}`);
}

export const deviceLookupQuery = (key: DeviceLookupKey) =>
  queryOptions({
    queryKey: policyKeys.deviceLookup(key),
    queryFn: () => lookupDevice(key),
  });

/** Why: the lookup box and the `?deviceId=` link both resolve a device to its OU. */
export function useDeviceLookup(key: DeviceLookupKey | undefined) {
  return useQuery({ ...deviceLookupQuery(key ?? { q: '' }), enabled: key !== undefined });
}
