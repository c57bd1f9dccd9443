import { useMutation } from '@tanstack/react-query';
import type { ResolveDevicesRequest, ResolveDevicesResponse } from '@fleetdeck/shared/fleet-contract';
import { apiFetch } from '../../../lib/api-client.ts';

/** `POST /api/devices/resolve`: a pasted list matched exactly, line by line. */
export function resolveDevices(request: ResolveDevicesRequest): Promise<ResolveDevicesResponse> {
  return apiFetch<ResolveDevicesResponse>('/api/devices/resolve', { body: request, idempotent: true });
}

/** Why: the paste dialog shows the per-line report before anything can act on the devices. */
export function useResolveDevices() {
  return useMutation({ mutationFn: resolveDevices });
}
