import { useCallback, useEffect, useRef, useState } from 'react';
import { focusManager, useQueryClient } from '@tanstack/react-query';
import { useAuthSession } from '../../../lib/auth/use-auth-session.ts';
import { useRealtimeChannel } from '../../../lib/realtime/use-realtime-channel.ts';
import { readFleetChanged } from '../fleet-changed-payload.ts';
import { useLiveRefresh, type LiveSource } from './use-live-refresh.ts';
import { fleetKeys } from '../api/fleet-query-keys.ts';

/** Changes arriving within this window are handled together. */
const SETTLE_MS = 800;
/** Without the channel, a window regaining focus refreshes the rows at most this often. */
const FOCUS_REFRESH_MS = 30_000;
/** Rows the table opens with that were loaded longer ago than this came from the cache. */
const KEPT_ROWS_MS = 2_000;

interface Pending {
  /** A change named no devices (a sync): any loaded row may have changed. */
  all: boolean;
  named: Set<string>;
  added: number;
  timer: ReturnType<typeof setTimeout> | null;
}

const nothingPending = (): Pending => ({ all: false, named: new Set(), added: 0, timer: null });

/** Refreshing every loaded row, and how long ago the rows were last known fresh. */
function useRefreshClock(refresh: (named: null) => void) {
  const lastRefresh = useRef(0);
  const refreshLoaded = useCallback(() => {
    lastRefresh.current = Date.now();
    refresh(null);
  }, [refresh]);
  const markFresh = useCallback(() => {
    lastRefresh.current = Date.now();
  }, []);
  const sinceRefresh = useCallback(() => Date.now() - lastRefresh.current, []);
  return { refreshLoaded, markFresh, sinceRefresh };
}

type RefreshClock = ReturnType<typeof useRefreshClock>;

/**
 * Rows kept in the cache from an earlier visit (back from a device page) may have changed
 * meanwhile, unheard: they refresh in place, once, on opening. Rows loaded just now need nothing.
 */
function useRefreshKeptRows(source: LiveSource, clock: RefreshClock) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const loadedAt = queryClient.getQueryState(source.queryKey)?.dataUpdatedAt ?? 0;
    if (loadedAt > 0 && Date.now() - loadedAt > KEPT_ROWS_MS) clock.refreshLoaded();
    else clock.markFresh();
    // Once, for the rows the table opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/**
 * `fleet.changed` on the organization's channel, gathered for SETTLE_MS and then handed to
 * `onSettled` together; whether the channel is joined.
 */
function useFleetChanges(orgId: string | undefined, onSettled: (changes: Pending) => void): boolean {
  const pending = useRef<Pending>(nothingPending());
  useEffect(
    () => () => {
      if (pending.current.timer) clearTimeout(pending.current.timer);
    },
    [],
  );
  const flush = () => {
    const changes = pending.current;
    pending.current = nothingPending();
    onSettled(changes);
  };
  const channel = useRealtimeChannel(orgId ? `org:${orgId}` : null, {
    'fleet.changed': (payload) => {
      const change = readFleetChanged(payload);
      if (!change) return;
      // A change that names no devices (a sync) may have touched any loaded row, whether or not it
      // also added devices: the loaded rows refresh, and the new devices are only announced.
      if (change.deviceIds === undefined) pending.current.all = true;
      else for (const id of change.deviceIds) pending.current.named.add(id);
      pending.current.added += change.added;
      pending.current.timer ??= setTimeout(flush, SETTLE_MS);
    },
  });
  return channel.state === 'joined';
}

/**
 * Missed pushes: the channel joined again after a drop, or (without the channel) the window
 * regained focus and the rows were last refreshed a while ago.
 */
function useRefreshWhenMissed(live: boolean, { refreshLoaded, sinceRefresh }: RefreshClock) {
  const everJoined = useRef(false);
  useEffect(() => {
    if (!live) return;
    if (everJoined.current) refreshLoaded();
    everJoined.current = true;
  }, [live, refreshLoaded]);

  const liveRef = useRef(live);
  useEffect(() => {
    liveRef.current = live;
  });
  useEffect(
    () =>
      focusManager.subscribe((focused) => {
        if (focused && !liveRef.current && sinceRefresh() > FOCUS_REFRESH_MS) refreshLoaded();
      }),
    [refreshLoaded, sinceRefresh],
  );
}

/**
 * Why: the table stays live without moving. `fleet.changed` refreshes the loaded rows it may have
 * touched by device id, in place (use-live-refresh.ts); a sync names no devices, so every loaded
 * row refreshes. Devices new to the fleet are only announced, with a banner whose "Show them"
 * starts the list over from the top: until then they stay out of the table. A channel that joins
 * again (changes may have been missed) or, without the channel, a window regaining focus
 * refreshes the loaded rows the same way. `refreshLoaded` does it on demand (after a bulk run).
 */
export function useFleetLive(source: LiveSource): {
  newDevices: number;
  showNew: () => void;
  live: boolean;
  onVisibleRows: (first: number, last: number) => void;
  refreshLoaded: () => void;
} {
  const queryClient = useQueryClient();
  const { session } = useAuthSession();
  const [newDevices, setNewDevices] = useState(0);
  const { refresh, onVisibleRows, forget } = useLiveRefresh(source);
  const clock = useRefreshClock(refresh);
  const { refreshLoaded } = clock;
  useRefreshKeptRows(source, clock);

  const live = useFleetChanges(session?.user.organization?.id, ({ all, named, added }) => {
    void queryClient.invalidateQueries({ queryKey: fleetKeys.facetsAll });
    if (added > 0) setNewDevices((count) => count + added);
    if (all) refreshLoaded();
    else if (named.size > 0) refresh(named);
  });
  useRefreshWhenMissed(live, clock);

  const showNew = () => {
    setNewDevices(0);
    forget();
    void queryClient.resetQueries({ queryKey: fleetKeys.devicesAll });
  };
  return { newDevices, showNew, live, onVisibleRows, refreshLoaded };
}
