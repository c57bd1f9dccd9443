import { useQuery } from '@tanstack/react-query';
import type { OrgUnitNode } from '@fleetdeck/shared/fleet-contract';
import { apiFetch } from '../lib/api-client.ts';

/**
 * Resources several features read live here, under one cache key each, so a tree fetched for the
 * device page's Move dialog is the one the fleet's bulk move shows.
 */
export const orgUnitKeys = { all: ['org-units'] as const };

/** `GET /api/org-units`: the OU tree from Fleetdeck's copy (the caller's units), with device counts. */
export function listOrgUnits(): Promise<{ orgUnits: OrgUnitNode[] }> {
  return apiFetch<{ orgUnits: OrgUnitNode[] }>('/api/org-units');
}

/** Why: the move pickers offer the units the caller can see; loaded when a picker opens. */
export function useOrgUnits(enabled = true) {
  return useQuery({ queryKey: orgUnitKeys.all, queryFn: listOrgUnits, enabled, staleTime: 60_000 });
}
