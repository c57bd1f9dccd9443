import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { FleetColumnId } from '@fleetdeck/shared/fleet-columns';
import type { ListDevicesResponse } from '@fleetdeck/shared/fleet-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import type { SortDir } from '../fleet-url-state.ts';
import type { FleetPage } from '../live-rows.ts';
import { fleetKeys } from './fleet-query-keys.ts';

export interface DeviceListKey {
  readonly q: string;
  readonly sort: FleetColumnId;
  readonly dir: SortDir;
  /** The visible columns: rows carry only these (and their identity), a fraction of every column. */
  readonly columns: readonly FleetColumnId[];
}

/** The same set of columns in any order is the same request (reordering columns refetches nothing). */
export function columnParam(columns: readonly FleetColumnId[]): string {
  return [...new Set(columns)].sort().join(',');
}

/** Rows per page; the first page is smaller so the table paints sooner. */
export const FIRST_PAGE = 100;
export const NEXT_PAGE = 300;

/** `GET /api/devices`: one keyset page; only the first page asks for a count. */
export function listDevices(key: DeviceListKey, cursor: string | null): Promise<ListDevicesResponse> {
  const params = new URLSearchParams({
    q: key.q,
    sort: key.sort,
    dir: key.dir,
    columns: columnParam(key.columns),
  });
  if (cursor) {
    params.set('cursor', cursor);
    params.set('limit', String(NEXT_PAGE));
    params.set('count', 'none');
  } else {
    params.set('limit', String(FIRST_PAGE));
    params.set('count', 'auto');
  }
  return apiFetch<ListDevicesResponse>(`/api/devices?${params.toString()}`);
}

/**
 * Why: the loaded pages are not refetched when the window regains focus, the network returns or
 * the admin comes back to the table (from a device page, after more than the 30 s the cache calls
 * fresh): that would slip the devices that joined the fleet into the list and move rows under the
 * admin's eyes, and lose the place kept for the return (decision 029). Live updates refresh the
 * loaded rows by id instead (use-fleet-live.ts), also on that return.
 */
export const LIVE_REFETCH = {
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
  refetchOnMount: false,
} as const;

/**
 * The columns are not part of the key: a column shown in a table scrolled far down fills in by
 * reading the loaded rows by id (use-live-refresh.ts) instead of starting the list over or
 * refetching its pages.
 */
export const devicesQuery = (key: DeviceListKey) =>
  infiniteQueryOptions({
    queryKey: fleetKeys.devices(key.q, key.sort, key.dir),
    queryFn: ({ pageParam }): Promise<FleetPage> => listDevices(key, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    ...LIVE_REFETCH,
  });

/**
 * Why: the table reads pages as it scrolls; the previous result stays while the next query loads.
 * Pages read after a column is shown carry it; the rows already loaded get it by id.
 */
export function useDevices(key: DeviceListKey, enabled: boolean) {
  return useInfiniteQuery({ ...devicesQuery(key), enabled, placeholderData: keepPreviousData });
}
