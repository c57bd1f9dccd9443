import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MovePreviewResponse } from '@fleetdeck/shared/policy-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { policyKeys } from './policy-query-keys.ts';

/**
 * `GET /api/policy/move-preview`: what changes for a device if it moves to another OU; with a
 * user, only device settings (the user's own follow their account).
 */
export function getMovePreview(
  deviceId: string,
  targetOrgUnitId: string,
  user: string | undefined,
  refresh = false,
): Promise<MovePreviewResponse> {
  const params = new URLSearchParams({ deviceId, targetOrgUnitId });
  if (user !== undefined) params.set('user', user);
  if (refresh) params.set('refresh', '1');
  return apiFetch<MovePreviewResponse>(`/api/policy/move-preview?${params.toString()}`);
}

export const movePreviewQuery = (deviceId: string, targetOrgUnitId: string, user?: string) =>
  queryOptions({
    queryKey: policyKeys.movePreview(deviceId, targetOrgUnitId, user),
    queryFn: () => getMovePreview(deviceId, targetOrgUnitId, user),
    refetchOnWindowFocus: false,
  });

export function useMovePreview(
  deviceId: string | undefined,
  targetOrgUnitId: string | undefined,
  user?: string,
) {
  return useQuery({
    ...movePreviewQuery(deviceId ?? '', targetOrgUnitId ?? '', user),
    enabled: deviceId !== undefined && targetOrgUnitId !== undefined,
  });
}
