import { useQuery } from '@tanstack/react-query';
import type { OrgUnitNode } from '@fleetdeck/shared/fleet-contract';
import { apiFetch } from '../../../lib/api-client.ts';

/** `GET /api/org-units`: the organization's OU tree (viewer-scoped), for the move picker. */
export function listOrgUnits(): Promise<{ orgUnits: OrgUnitNode[] }> {
  return apiFetch<{ orgUnits: OrgUnitNode[] }>('/api/org-units');
}

/** Why: the move dialog loads the tree only when it opens. */
export function useOrgUnits(enabled: boolean) {
  return useQuery({ queryKey: ['org-units'], queryFn: listOrgUnits, enabled, staleTime: 60_000 });
}
