import { useMutation } from '@tanstack/react-query';
import type { ResolveDevicesRequest, ResolveDevicesResponse } from '@fleetdeck/shared/fleet-contract';
import { callIdentity } from '../../../lib/auth/identity-client.ts';

/** `POST /api/devices/resolve`: a pasted list matched exactly, line by line. */
export function resolveDevices(request: ResolveDevicesRequest): Promise<ResolveDevicesResponse> {
  return callIdentity<ResolveDevicesResponse>('/api/devices/resolve', { body: request });
}

/** Why: the paste dialog shows the per-line report before anything can act on the devices. */
export function useResolveDevices() {
  return useMutation({ mutationFn: resolveDevices });
}
