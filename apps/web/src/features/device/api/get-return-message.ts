import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReturnMessageView } from '@fleetdeck/shared/device-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { deviceKeys, devicePath } from './device-query-keys.ts';

/** `GET /api/devices/:deviceId/return-message`: what the device shows once disabled, and where it is set. */
export function getReturnMessage(deviceId: string): Promise<ReturnMessageView> {
  return apiFetch<ReturnMessageView>(devicePath(deviceId, '/return-message'));
}

/** Why: the disable dialog reads the unit's policy each time it opens (another admin may have changed it). */
export const returnMessageQuery = (deviceId: string) =>
  queryOptions({
    queryKey: deviceKeys.returnMessage(deviceId),
    queryFn: () => getReturnMessage(deviceId),
    staleTime: 0,
  });

/** Why: loaded only while the disable dialog is open. */
export function useReturnMessage(deviceId: string, enabled: boolean) {
  return useQuery({ ...returnMessageQuery(deviceId), enabled });
}
