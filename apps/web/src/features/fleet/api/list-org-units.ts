import { useQuery } from '@tanstack/react-query';
import type { OrgUnitNode } from '@fleetdeck/shared/fleet-contract';
import { callIdentity } from '../../../lib/auth/identity-client.ts';

/** `GET /api/org-units`: the OU tree from Fleetdeck's copy, with device counts. */
export function listOrgUnits(): Promise<{ orgUnits: OrgUnitNode[] }> {
  return callIdentity<{ orgUnits: OrgUnitNode[] }>('/api/org-units');
}

/** Why: the move dialog offers the OUs the caller can see. */
export function useOrgUnits(enabled = true) {
  return useQuery({ queryKey: ['fleet', 'org-units'], queryFn: listOrgUnits, enabled, retry: false });
}
