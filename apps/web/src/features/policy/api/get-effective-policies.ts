import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EffectivePoliciesResponse } from '@fleetdeck/shared/policy-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { policyKeys } from './policy-query-keys.ts';

/**
 * `GET /api/policy/effective`: an OU's effective policies, grouped, with where each comes from;
 * with `user`, user settings come from the OU of that user's account.
 */
export function getEffectivePolicies(
  orgUnitId: string,
  user: string | undefined,
  refresh = false,
): Promise<EffectivePoliciesResponse> {
  const params = new URLSearchParams({ orgUnitId });
  if (user !== undefined) params.set('user', user);
  if (refresh) params.set('refresh', '1');
  return apiFetch<EffectivePoliciesResponse>(`/api/policy/effective?${params.toString()}`);
}

export const effectivePoliciesQuery = (orgUnitId: string, user?: string) =>
  queryOptions({
    queryKey: policyKeys.effective(orgUnitId, user),
    queryFn: () => getEffectivePolicies(orgUnitId, user),
    refetchOnWindowFocus: false,
  });

export function useEffectivePolicies(orgUnitId: string | undefined, user?: string, enabled = true) {
  return useQuery({
    ...effectivePoliciesQuery(orgUnitId ?? '', user),
    enabled: enabled && orgUnitId !== undefined,
  });
}

/** Why: Refresh asks Google again (bypassing the server's cache) and replaces the cached answer. */
export function useRefreshEffectivePolicies() {
  const client = useQueryClient();
  return async (orgUnitId: string, user?: string) => {
    await client.query({
      ...effectivePoliciesQuery(orgUnitId, user),
      queryFn: () => getEffectivePolicies(orgUnitId, user, true),
      staleTime: 0,
    });
  };
}
