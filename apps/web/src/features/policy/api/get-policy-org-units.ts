import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PolicyOrgUnitsResponse } from '@fleetdeck/shared/policy-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { policyKeys } from './policy-query-keys.ts';

/** `GET /api/policy/org-units`: the OU tree from Fleetdeck's copy, narrowed to the caller's scope. */
export function getPolicyOrgUnits(): Promise<PolicyOrgUnitsResponse> {
  return apiFetch<PolicyOrgUnitsResponse>('/api/policy/org-units');
}

export const policyOrgUnitsQuery = queryOptions({
  queryKey: policyKeys.orgUnits,
  queryFn: getPolicyOrgUnits,
  staleTime: 5 * 60_000,
});

/** Why: the picker, the compare selects and the source badges all read the same tree. */
export function usePolicyOrgUnits() {
  return useQuery(policyOrgUnitsQuery);
}
