import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EffectivePoliciesResponse } from '@fleetdeck/shared/policy-contract';
import { callIdentity } from '../../../lib/auth/identity-client.ts';

/** `GET /api/policy/effective`: an OU's effective policies, grouped, with where each comes from. */
export function getEffectivePolicies(orgUnitId: string, refresh = false): Promise<EffectivePoliciesResponse> {
  const params = new URLSearchParams({ orgUnitId });
  if (refresh) params.set('refresh', '1');
  return callIdentity<EffectivePoliciesResponse>(`/api/policy/effective?${params.toString()}`);
}

export const effectivePoliciesQuery = (orgUnitId: string) =>
  queryOptions({
    queryKey: ['policy', 'effective', orgUnitId],
    queryFn: () => getEffectivePolicies(orgUnitId),
    // The server caches per OU and says how old its answer is; Google is retried there, not here.
    retry: false,
    refetchOnWindowFocus: false,
  });

export function useEffectivePolicies(orgUnitId: string | undefined) {
  return useQuery({ ...effectivePoliciesQuery(orgUnitId ?? ''), enabled: orgUnitId !== undefined });
}

/** Why: Refresh asks Google again (bypassing the server's cache) and replaces the cached answer. */
export function useRefreshEffectivePolicies() {
  const client = useQueryClient();
  return async (orgUnitId: string) => {
    await client.query({
      ...effectivePoliciesQuery(orgUnitId),
      queryFn: () => getEffectivePolicies(orgUnitId, true),
      staleTime: 0,
    });
  };
}
