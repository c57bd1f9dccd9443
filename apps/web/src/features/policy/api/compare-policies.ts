import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ComparePoliciesResponse } from '@fleetdeck/shared/policy-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { policyKeys } from './policy-query-keys.ts';

/** `GET /api/policy/compare`: two OUs' effective policies side by side, differences flagged. */
export function comparePolicies(a: string, b: string, refresh = false): Promise<ComparePoliciesResponse> {
  const params = new URLSearchParams({ a, b });
  if (refresh) params.set('refresh', '1');
  return apiFetch<ComparePoliciesResponse>(`/api/policy/compare?${params.toString()}`);
}

export const comparePoliciesQuery = (a: string, b: string) =>
  queryOptions({
    queryKey: policyKeys.compare(a, b),
    queryFn: () => comparePolicies(a, b),
    refetchOnWindowFocus: false,
  });

export function useComparePolicies(a: string | undefined, b: string | undefined) {
  return useQuery({
    ...comparePoliciesQuery(a ?? '', b ?? ''),
    enabled: a !== undefined && b !== undefined && a !== b,
  });
}
