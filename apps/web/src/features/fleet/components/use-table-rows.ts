import { useCallback, useMemo } from 'react';
import { useExactCount } from '../api/count-devices.ts';
import { pastedDevicesKey, usePastedDevices } from '../api/list-pasted-devices.ts';
import { devicesQuery, NEXT_PAGE, useDevices, type DeviceListKey } from '../api/list-devices.ts';
import { loadedRows } from '../live-rows.ts';
import type { PastedList } from '../selection.ts';
import type { LiveSource } from './use-live-refresh.ts';

/**
 * Why: the table reads one of two sources, the query's matches or a pasted list's devices, and
 * the page treats both alike: rows, how many the scrollbar stands for, loading and errors.
 */
export function useTableRows({
  listKey,
  queryEnabled,
  pasted,
}: {
  listKey: DeviceListKey;
  /** Whether the query may be read (it parses, and no saved view is still on its way). */
  queryEnabled: boolean;
  pasted: PastedList | null;
}) {
  const matches = useDevices(listKey, queryEnabled && pasted === null);
  const pastedDevices = usePastedDevices(pasted, listKey.columns);
  const source = pasted ? pastedDevices : matches;
  const rows = useMemo(() => loadedRows(source.data?.pages ?? []), [source.data]);
  // The first page's count; while it is the previous query's placeholder, shown as it is.
  const firstCount = matches.data?.pages[0]?.total ?? null;
  const own = pasted === null && !matches.isPlaceholderData;
  const exact = useExactCount(listKey.q, own ? firstCount : null);
  const total = pasted ? null : own ? exact.total : firstCount;
  const hasMore = source.hasNextPage;
  // The scrollbar stands for every match; with an estimate below what is loaded, one more row at least.
  const expected = pasted ? pasted.ids.length : (total?.value ?? rows.length + NEXT_PAGE);
  const rowCount = hasMore ? Math.max(expected, rows.length + 1) : rows.length;
  const { fetchNextPage, isFetchingNextPage } = source;
  const loadMore = useCallback(() => {
    if (!isFetchingNextPage) void fetchNextPage();
  }, [fetchNextPage, isFetchingNextPage]);
  return {
    rows,
    total,
    rowCount,
    hasMore,
    loadMore,
    firstLoad: source.isPending && (pasted !== null || queryEnabled),
    /** The rows shown belong to an earlier query or column set while the next one loads. */
    stale: source.isPlaceholderData,
    counting: source.isFetching && source.isPlaceholderData,
    /** Counts the matches exactly where the count is an estimate not counted unasked (else null). */
    countNow: pasted ? null : exact.countNow,
    error: source.isError ? source.error : null,
    refetch: () => void source.refetch(),
    /** What live updates refresh: the loaded pages' rows, by id, among the query's matches. */
    live: {
      queryKey: pasted ? pastedDevicesKey(pasted.id, listKey.columns) : devicesQuery(listKey).queryKey,
      q: pasted ? '' : listKey.q,
      columns: listKey.columns,
    } satisfies LiveSource,
  };
}
