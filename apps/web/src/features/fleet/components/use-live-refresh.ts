import { useCallback, useEffect, useRef, type RefObject } from 'react';
import {
  hashKey,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { FleetColumnId } from '@fleetdeck/shared/fleet-columns';
import { listDevicesReader, oneReadAtATime, readRowsById } from '../api/list-devices-by-id.ts';
import { columnParam } from '../api/list-devices.ts';
import {
  dueIds,
  loadedRows,
  mergeRefreshed,
  planRefresh,
  showsNewColumn,
  type FleetPage,
  type RefreshedRow,
  type RowWindow,
} from '../live-rows.ts';

/** The rows a refresh reads: the list's cached pages, its query ('' for a pasted list) and columns. */
export interface LiveSource {
  readonly queryKey: QueryKey;
  readonly q: string;
  readonly columns: readonly FleetColumnId[];
}

/** Rows left for later refresh are read once scrolling pauses this long. */
const SCROLL_SETTLE_MS = 300;

type Pages = InfiniteData<FleetPage>;

type Latest = RefObject<LiveSource>;

/**
 * Reads rows by id, one read at a time (ids asked while one runs are read together after it), and
 * puts them in the list once it is idle. `drop` forgets reads begun or queued before it.
 */
function useRowReader(latest: Latest) {
  const queryClient = useQueryClient();
  // Bumped when the list starts over: reads begun before it no longer apply.
  const generation = useRef(0);
  const readNow = useCallback(
    (ids: readonly string[]) => {
      const { queryKey, q, columns } = latest.current;
      const started = generation.current;
      return readRowsById({
        ids,
        q,
        read: listDevicesReader(columns),
        onChunk: (refreshed) =>
          whenIdle(queryClient, queryKey, () => {
            if (generation.current === started) applyRefreshed(queryClient, queryKey, refreshed);
          }),
      });
    },
    [queryClient, latest],
  );
  const reads = useRef<ReturnType<typeof oneReadAtATime> | null>(null);
  const read = useCallback(
    (ids: readonly string[]) => {
      if (ids.length === 0) return;
      reads.current ??= oneReadAtATime(readNow);
      reads.current.read(ids);
    },
    [readNow],
  );
  const drop = useCallback(() => {
    generation.current += 1;
    reads.current?.drop();
  }, []);
  return { read, drop };
}

/**
 * The rows on screen as the table reports them, and the loaded devices a change touched but not yet
 * refreshed (far from the screen), per list: those are read once scrolling to them pauses, and
 * `clear` forgets them.
 */
function useRowsLeftForLater(latest: Latest, read: (ids: readonly string[]) => void) {
  const queryClient = useQueryClient();
  const visible = useRef<RowWindow>({ first: 0, last: 0 });
  const waiting = useRef<Waiting['current']>({ key: '', ids: new Set() });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const onVisibleRows = useCallback(
    (first: number, last: number) => {
      visible.current = { first, last };
      if (waiting.current.ids.size === 0) return;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        const { queryKey } = latest.current;
        const later = waitingFor(waiting, hashKey(queryKey));
        const due = dueIds(loadedIds(queryClient, queryKey), later, visible.current);
        for (const id of due) later.delete(id);
        read(due);
      }, SCROLL_SETTLE_MS);
    },
    [queryClient, read, latest],
  );
  const clear = useCallback(() => {
    waiting.current = { key: '', ids: new Set() };
  }, []);
  return { visible, waiting, onVisibleRows, clear };
}

/**
 * The list and the columns its rows were last asked with: a column shown in the same list refreshes
 * every loaded row. Another list (another query or sort, a pasted list, whose key holds the
 * columns) loads with the new columns: nothing to fill.
 */
function useFillShownColumns(source: LiveSource, latest: Latest, refresh: (named: null) => void) {
  const listKey = hashKey(source.queryKey);
  const columnSet = columnParam(source.columns);
  const shown = useRef({ listKey, columns: source.columns });
  useEffect(() => {
    const before = shown.current;
    const { columns } = latest.current;
    shown.current = { listKey, columns };
    if (before.listKey === listKey && showsNewColumn(before.columns, columns)) refresh(null);
  }, [listKey, columnSet, refresh, latest]);
}

/**
 * Why: the table's loaded rows are refreshed by device id and replaced where they stand, never by
 * refetching the pages (which would slip the devices that joined the fleet in and move rows).
 * `refresh(named)` reads the named loaded devices (null: every loaded one, or only those near
 * the screen when many are loaded; the others when scrolled to). `onVisibleRows` is the table's
 * report of the rows on screen; `forget` drops what was left for later when the list starts over.
 * A column shown in the same list fills in the same way: every loaded row is read again with the
 * new column set (within the same bounds), rows keep their place and new devices stay out.
 */
export function useLiveRefresh(source: LiveSource) {
  const queryClient = useQueryClient();
  const latest = useRef(source);
  useEffect(() => {
    latest.current = source;
  });
  const { read, drop } = useRowReader(latest);
  const { visible, waiting, onVisibleRows, clear } = useRowsLeftForLater(latest, read);

  const refresh = useCallback(
    (named: ReadonlySet<string> | null) => {
      const { queryKey } = latest.current;
      // A page under way may have been read before the change: its rows are refreshed too.
      whenIdle(queryClient, queryKey, () => {
        const later = waitingFor(waiting, hashKey(queryKey));
        const plan = planRefresh(loadedIds(queryClient, queryKey), named, visible.current);
        for (const id of plan.now) later.delete(id);
        for (const id of plan.later) later.add(id);
        read(plan.now);
      });
    },
    [queryClient, read, visible, waiting],
  );
  useFillShownColumns(source, latest, refresh);

  const forget = useCallback(() => {
    drop();
    clear();
  }, [drop, clear]);

  return { refresh, onVisibleRows, forget };
}

interface Waiting {
  current: { key: string; ids: Set<string> };
}

/** The ids left for later refresh in this list (those of another list are dropped). */
function waitingFor(waiting: Waiting, key: string): Set<string> {
  if (waiting.current.key !== key) waiting.current = { key, ids: new Set() };
  return waiting.current.ids;
}

function loadedIds(queryClient: QueryClient, queryKey: QueryKey): string[] {
  // The rows as the table lists them (each device once), so the indexes on screen match.
  return loadedRows(queryClient.getQueryData<Pages>(queryKey)?.pages ?? []).map((row) => row.deviceId);
}

function applyRefreshed(
  queryClient: QueryClient,
  queryKey: QueryKey,
  refreshed: ReadonlyMap<string, RefreshedRow>,
): void {
  queryClient.setQueryData<Pages>(queryKey, (data) =>
    data ? { ...data, pages: mergeRefreshed(data.pages, refreshed) } : data,
  );
}

/**
 * Why: a page being fetched is appended to the pages as they were when its fetch began, which
 * would undo rows replaced meanwhile, and its rows may have been read before a change; refreshed
 * rows wait until the list is idle, and so does planning a refresh. A list that is gone takes
 * nothing (one that started over since a read began is told apart by the caller).
 */
function whenIdle(queryClient: QueryClient, queryKey: QueryKey, run: () => void): void {
  const cache = queryClient.getQueryCache();
  const query = cache.find({ queryKey, exact: true });
  if (!query) return;
  if (query.state.fetchStatus === 'idle') {
    run();
    return;
  }
  const stop = cache.subscribe((event) => {
    if (event.query !== query) return;
    if (event.type === 'removed') stop();
    else if (query.state.fetchStatus === 'idle') {
      stop();
      run();
    }
  });
}
