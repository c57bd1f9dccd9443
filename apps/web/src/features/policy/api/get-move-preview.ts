import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MovePreviewResponse } from '@fleetdeck/shared/policy-contract';
import { callIdentity } from '../../../lib/auth/identity-client.ts';

/** `GET /api/policy/move-preview`: what changes for a device if it moves to another OU. */
export function getMovePreview(
  deviceId: string,
  targetOrgUnitId: string,
  refresh = false,
): Promise<MovePreviewResponse> {
  const params = new URLSearchParams({ deviceId, targetOrgUnitId });
  if (refresh) params.set('refresh', '1');
  return callIdentity<MovePreviewResponse>(`/api/policy/move-preview?${params.toString()}`);
}

export const movePreviewQuery = (deviceId: string, targetOrgUnitId: string) =>
  queryOptions({
    queryKey: ['policy', 'move-preview', deviceId, targetOrgUnitId],
    queryFn: () => getMovePreview(deviceId, targetOrgUnitId),
    retry: false,
    refetchOnWindowFocus: false,
  });

export function useMovePreview(deviceId: string | undefined, targetOrgUnitId: string | undefined) {
  return useQuery({
    ...movePreviewQuery(deviceId ?? '', targetOrgUnitId ?? ''),
    enabled: deviceId !== undefined && targetOrgUnitId !== undefined,
  });
}
