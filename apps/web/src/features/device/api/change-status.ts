import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeStatusRequest } from '@fleetdeck/shared/device-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { deviceKeys, devicePath } from './device-query-keys.ts';

/**
 * `POST /api/devices/:deviceId/status`: disable (optionally writing a new return message on the
 * device's OU first, or sending the OU back to its parent's, and a reason kept in Fleetdeck),
 * re-enable or deprovision.
 */
export function changeStatus(deviceId: string, request: ChangeStatusRequest): Promise<unknown> {
  return apiFetch<unknown>(devicePath(deviceId, '/status'), { body: request });
}

/** Why: the status badge, the allowed actions and the timeline all follow a status change. */
export function useChangeStatus(deviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ChangeStatusRequest) => changeStatus(deviceId, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all(deviceId) }),
    // A refused disable may still have changed the unit's message (or found it changed): read it again.
    onError: () => queryClient.invalidateQueries({ queryKey: deviceKeys.returnMessage(deviceId) }),
  });
}
