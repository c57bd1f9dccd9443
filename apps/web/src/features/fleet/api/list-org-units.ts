import { useQuery } from '@tanstack/react-query';
import type { OrgUnitNode } from '@fleetdeck/shared/fleet-contract';
import { apiFetch } from '../../../lib/api-client.ts';

/** `GET /api/org-units`: the OU tree from Fleetdeck's copy, with device counts. */
export function listOrgUnits(): Promise<{ orgUnits: OrgUnitNode[] }> {
  return apiFetch<{ orgUnits: OrgUnitNode[] }>('/api/org-units');
}

/** Why: the move dialog offers the OUs the caller can see. */
export function useOrgUnits(enabled = true) {
  return useQuery({ queryKey: ['fleet', 'org-units'], queryFn: listOrgUnits, enabled, retry: false });
}
