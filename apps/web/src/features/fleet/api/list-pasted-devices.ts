import { useMemo } from 'react';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { DEVICE_ID_PATTERN } from '@fleetdeck/shared/app-routes';
import { DEVICE_QUERY_LIMITS } from '@fleetdeck/shared/device-query-operators';
import type { FleetColumnId } from '@fleetdeck/shared/fleet-columns';
import type { ListDevicesResponse } from '@fleetdeck/shared/fleet-contract';
import { callIdentity } from '../../../lib/auth/identity-client.ts';
import type { PastedList } from '../selection.ts';
import { columnParam } from './list-devices.ts';

const TERM = 'device_id:';

/**
 * Why: the list API filters by query, and one `device_id:a,b,…` term holds at most 50 ids within
 * the query's length limit, so a pasted list (up to 20,000 devices) is read one chunk per request.
 */
export function pastedChunks(ids: readonly string[]): string[][] {
  const chunks: string[][] = [];
  let chunk: string[] = [];
  let chars = TERM.length;
  for (const id of ids) {
    // The ids come from the server's resolve; anything else could change what the query means.
    if (!DEVICE_ID_PATTERN.test(id)) continue;
    const full =
      chunk.length === DEVICE_QUERY_LIMITS.maxValuesPerTerm ||
      chars + 1 + id.length > DEVICE_QUERY_LIMITS.maxChars;
    if (chunk.length > 0 && full) {
      chunks.push(chunk);
      chunk = [];
      chars = TERM.length;
    }
    chars += (chunk.length > 0 ? 1 : 0) + id.length;
    chunk.push(id);
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
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
): Promise<ListDevicesResponse> {
  const params = new URLSearchParams({
    q: `${TERM}${ids.join(',')}`,
    limit: String(ids.length),
    count: 'none',
    columns: columnParam(columns),
  });
  const page = await callIdentity<ListDevicesResponse>(`/api/devices?${params.toString()}`);
  return { ...page, devices: inListOrder(page.devices, ids) };
}

/** The key of one pasted list's pages with a set of columns (the live updates refetch it). */
export function pastedDevicesKey(pastedId: string, columns: readonly FleetColumnId[]) {
  return ['fleet', 'devices', 'pasted', pastedId, columnParam(columns)] as const;
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
    retry: false,
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
