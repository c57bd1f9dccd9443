import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FacetsResponse } from '@fleetdeck/shared/fleet-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { fleetKeys } from './fleet-query-keys.ts';

/** `GET /api/devices/facets?q=`: value counts of each facet for the current query. */
export function getFacets(q: string): Promise<FacetsResponse> {
  return apiFetch<FacetsResponse>(`/api/devices/facets?${new URLSearchParams({ q }).toString()}`);
}

/** Why: facet counts follow the query; the old counts stay while the new ones load. */
export function useFacets(q: string, enabled: boolean) {
  return useQuery({
    queryKey: fleetKeys.facets(q),
    queryFn: () => getFacets(q),
    enabled,
    placeholderData: keepPreviousData,
  });
}
