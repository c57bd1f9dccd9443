import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeviceDetail } from '@fleetdeck/shared/device-contract';
import { callIdentity, IdentityError } from '../../../lib/auth/identity-client.ts';
import { deviceKeys, devicePath } from './device-query-keys.ts';

/** `GET /api/devices/:deviceId`: the device, what the caller may do to it, and the last sync. */
export function getDevice(deviceId: string): Promise<DeviceDetail> {
  return callIdentity<DeviceDetail>(devicePath(deviceId));
}

/** Why: a refused or unknown device is an answer, not a blip; only server failures are retried. */
export function retryServerFailures(failureCount: number, error: Error): boolean {
  if (error instanceof IdentityError && error.status < 500) return false;
  return failureCount < 1;
}

/** Why: one query per device, shared by the header, tabs and action dialogs. */
export const deviceQuery = (deviceId: string) =>
  queryOptions({
    queryKey: deviceKeys.detail(deviceId),
    queryFn: () => getDevice(deviceId),
    retry: retryServerFailures,
  });

/** Why: the page renders loading, not-found, error or the device from this one query. */
export function useDevice(deviceId: string) {
  return useQuery(deviceQuery(deviceId));
}

/** Why: "not in this organization" is its own page state, distinct from a failed request. */
export function isNotFound(error: unknown): boolean {
  return error instanceof IdentityError && error.status === 404;
}
