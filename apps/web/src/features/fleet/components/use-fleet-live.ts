import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAuthSession } from '../../../lib/auth/use-auth-session.ts';
import { useRealtimeChannel } from '../../../lib/realtime/use-realtime-channel.ts';
import { readFleetChanged } from '../fleet-changed-payload.ts';

/** Changes arriving within this window are handled together. */
const SETTLE_MS = 800;
/** Beyond this many loaded pages a change marks the list stale instead of refetching every page. */
const MAX_REFETCH_PAGES = 20;

/**
 * Why: the table stays live. `fleet.changed` naming loaded devices refetches the loaded pages in
 * place (unchanged rows keep their identity, the scroll position stays); a sync names no devices,
 * so it refreshes the loaded pages too. Devices new to the fleet are also announced with a banner,
 * whose "Show them" starts the list over from the top.
 */
export function useFleetLive({
  listKey,
  loadedIds,
}: {
  listKey: readonly unknown[];
  loadedIds: () => ReadonlySet<string>;
}): { newDevices: number; showNew: () => void; live: boolean } {
  const queryClient = useQueryClient();
  const { session } = useAuthSession();
  const orgId = session?.user.organization?.id;
  const [newDevices, setNewDevices] = useState(0);
  const pending = useRef<{ refresh: boolean; added: number; timer: ReturnType<typeof setTimeout> | null }>({
    refresh: false,
    added: 0,
    timer: null,
  });
  const key = useRef(listKey);
  useEffect(() => {
    key.current = listKey;
  });

  useEffect(
    () => () => {
      if (pending.current.timer) clearTimeout(pending.current.timer);
    },
    [],
  );

  const flush = () => {
    const { refresh, added } = pending.current;
    pending.current = { refresh: false, added: 0, timer: null };
    void queryClient.invalidateQueries({ queryKey: ['fleet', 'facets'] });
    if (added > 0) setNewDevices((count) => count + added);
    if (!refresh) return;
    const data = queryClient.getQueryData<{ pages: unknown[] }>(key.current);
    const pages = data?.pages.length ?? 0;
    void queryClient.invalidateQueries({
      queryKey: key.current,
      refetchType: pages > MAX_REFETCH_PAGES ? 'none' : 'active',
    });
  };

  const channel = useRealtimeChannel(orgId ? `org:${orgId}` : null, {
    'fleet.changed': (payload) => {
      const change = readFleetChanged(payload);
      if (!change) return;
      const loaded = loadedIds();
      // A change that names no devices (a sync) may have touched any loaded row, whether or not it
      // also added devices: the loaded rows refresh, and the new devices are still announced.
      const touchesLoaded = change.deviceIds === undefined || change.deviceIds.some((id) => loaded.has(id));
      pending.current.refresh ||= touchesLoaded;
      pending.current.added += change.added;
      pending.current.timer ??= setTimeout(flush, SETTLE_MS);
    },
  });

  const showNew = () => {
    setNewDevices(0);
    void queryClient.resetQueries({ queryKey: ['fleet', 'devices'] });
  };
  return { newDevices, showNew, live: channel.state === 'joined' };
}
