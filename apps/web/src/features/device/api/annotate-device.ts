import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnnotateDeviceRequest, DeviceDetail } from '@fleetdeck/shared/device-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { deviceKeys, devicePath } from './device-query-keys.ts';

/** `PATCH /api/devices/:deviceId`: asset ID, location, user and notes. */
export function annotateDevice(deviceId: string, fields: AnnotateDeviceRequest): Promise<unknown> {
  return apiFetch<unknown>(devicePath(deviceId), { method: 'PATCH', body: fields });
}

/** Why: when the answer is the updated detail it is shown at once, before the refetch. */
function isDeviceDetail(value: unknown): value is DeviceDetail {
  return typeof value === 'object' && value !== null && 'device' in value && 'can' in value;
}

/** Why: the saved values show at once and the timeline picks up the new field changes. */
export function useAnnotateDevice(deviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: AnnotateDeviceRequest) => annotateDevice(deviceId, fields),
    onSuccess: (detail) => {
      if (isDeviceDetail(detail)) queryClient.setQueryData(deviceKeys.detail(deviceId), detail);
      void queryClient.invalidateQueries({ queryKey: deviceKeys.all(deviceId) });
    },
  });
}
