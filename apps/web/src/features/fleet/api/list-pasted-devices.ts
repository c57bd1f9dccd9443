import { useMemo } from 'react';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { FleetColumnId } from '@fleetdeck/shared/fleet-columns';
import type { ListDevicesResponse } from '@fleetdeck/shared/fleet-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import type { FleetPage } from '../live-rows.ts';
import type { PastedList } from '../selection.ts';
import { deviceIdChunks } from './list-devices-by-id.ts';
import { columnParam, LIVE_REFETCH } from './list-devices.ts';
import { fleetKeys } from './fleet-query-keys.ts';

const TERM = 'device_id:';

/**
 * Why: a pasted list (up to 20,000 devices) is read one `device_id:` term of at most 50 ids per
 * request, within the query's length limit.
 */
export function pastedChunks(ids: readonly string[]): string[][] {
  return deviceIdChunks(ids);
}

/** Why: the table lists a pasted list in its own order, the order of the admin's spreadsheet. */
export function inListOrder<Row extends { deviceId: string }>(
  rows: readonly Row[],
  ids: readonly string[],
): Row[] {
  const order = new Map(ids.map((id, index) => [id, index]));
  const position = (row: Row) => order.get(row.deviceId) ?? ids.length;
  return rows.toSorted((a, b) => position(a) - position(b));
}

/** One chunk's rows with the table's columns. */
async function listPastedChunk(
  ids: readonly string[],
  columns: readonly FleetColumnId[],
): Promise<FleetPage> {
  const params = new URLSearchParams({
    q: `${TERM}${ids.join(',')}`,
    limit: String(ids.length),
    count: 'none',
    columns: columnParam(columns),
  });
  const page = await apiFetch<ListDevicesResponse>(`/api/devices?${params.toString()}`);
  return { ...page, devices: inListOrder(page.devices, ids) };
}

/** The key of one pasted list's pages with a set of columns (the live updates refetch it). */
export function pastedDevicesKey(pastedId: string, columns: readonly FleetColumnId[]) {
  return fleetKeys.pasted(pastedId, columnParam(columns));
}

export const pastedDevicesQuery = (
  pastedId: string,
  chunks: readonly string[][],
  columns: readonly FleetColumnId[],
) =>
  infiniteQueryOptions({
    queryKey: pastedDevicesKey(pastedId, columns),
    queryFn: ({ pageParam }) => listPastedChunk(chunks[pageParam] ?? [], columns),
    initialPageParam: 0,
    getNextPageParam: (_page, pages) => (pages.length < chunks.length ? pages.length : undefined),
    // Live updates refresh the loaded rows by id (use-fleet-live.ts).
    ...LIVE_REFETCH,
  });

/**
 * Why: the table shows a pasted list's devices as live rows with every column, read chunk by chunk
 * as it scrolls. A newly shown column refetches; the rows already shown stay until then.
 */
export function usePastedDevices(pasted: PastedList | null, columns: readonly FleetColumnId[]) {
  const chunks = useMemo(() => pastedChunks(pasted?.ids ?? []), [pasted]);
  const pastedId = pasted?.id ?? '';
  return useInfiniteQuery({
    ...pastedDevicesQuery(pastedId, chunks, columns),
    enabled: chunks.length > 0,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[3] === pastedId ? previous : undefined,
  });
}
