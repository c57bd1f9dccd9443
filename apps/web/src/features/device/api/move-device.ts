import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { deviceKeys, devicePath } from './device-query-keys.ts';

/** `POST /api/devices/:deviceId/move`: into another organizational unit. */
export function moveDevice(deviceId: string, orgUnitId: string): Promise<unknown> {
  return apiFetch<unknown>(devicePath(deviceId, '/move'), { body: { orgUnitId } });
}

/** Why: after a move the header's OU and the timeline both change. */
export function useMoveDevice(deviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orgUnitId: string) => moveDevice(deviceId, orgUnitId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all(deviceId) }),
  });
}
