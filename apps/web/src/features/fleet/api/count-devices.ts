import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FLEET_LIST_LIMITS } from '@fleetdeck/shared/fleet-columns';
import type { ListDevicesResponse, MatchCount } from '@fleetdeck/shared/fleet-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { LIVE_REFETCH } from './list-devices.ts';
import { fleetKeys } from './fleet-query-keys.ts';

/** `GET /api/devices` for its exact count alone: one row of one column, `count=exact`. */
export async function countDevicesExactly(q: string): Promise<MatchCount> {
  const params = new URLSearchParams({ q, limit: '1', count: 'exact', columns: 'serialNumber' });
  const page = await apiFetch<ListDevicesResponse>(`/api/devices?${params.toString()}`);
  if (!page.total) throw new Error('The server answered without a count.');
  return page.total;
}

/** Under the list's key prefix: "Show them" (new devices) and a finished bulk action count again. */
export const exactCountKey = fleetKeys.exactCount;

/**
 * Why: the first page comes back with the planner's estimate when a query matches many devices
 * ("about 5,033" for a fleet of exactly 5,000), so the rows never wait for a count. An admin about
 * to act on "all matching devices" wants the real number: up to `exactCountFollowUp` estimated
 * matches it is asked for at once, in a second request; above, when the admin asks (`countNow`).
 * `estimate` is the first page's count for `q`, null while that page is not the query's own.
 */
export function useExactCount(q: string, estimate: MatchCount | null) {
  const [asked, setAsked] = useState<string | null>(null);
  const estimated = estimate !== null && !estimate.exact;
  const wanted = estimated && (estimate.value < FLEET_LIST_LIMITS.exactCountFollowUp || asked === q);
  const query = useQuery({
    queryKey: exactCountKey(q),
    queryFn: () => countDevicesExactly(q),
    enabled: wanted,
    ...LIVE_REFETCH,
  });
  return {
    /** The exact count once known, else the estimate (or null). */
    total: estimated && wanted && query.data ? query.data : estimate,
    /** Counting exactly is offered: the estimate is above what is counted unasked. */
    countNow: estimated && !wanted ? () => setAsked(q) : null,
  };
}
