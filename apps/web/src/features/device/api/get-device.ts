import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeviceDetail } from '@fleetdeck/shared/device-contract';
import { apiFetch, ApiRequestError } from '../../../lib/api-client.ts';
import { deviceKeys, devicePath } from './device-query-keys.ts';

/** `GET /api/devices/:deviceId`: the device, what the caller may do to it, and the last sync. */
export function getDevice(deviceId: string): Promise<DeviceDetail> {
  return apiFetch<DeviceDetail>(devicePath(deviceId));
}

/** Why: one query per device, shared by the header, tabs and action dialogs. */
export const deviceQuery = (deviceId: string) =>
  queryOptions({
    queryKey: deviceKeys.detail(deviceId),
    queryFn: () => getDevice(deviceId),
  });

/** Why: the page renders loading, not-found, error or the device from this one query. */
export function useDevice(deviceId: string) {
  return useQuery(deviceQuery(deviceId));
}

/** Why: "not in this organization" is its own page state, distinct from a failed request. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 404;
}
