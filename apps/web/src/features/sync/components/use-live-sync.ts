import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useAuthSession } from '../../../lib/auth/use-auth-session.ts';
import { useRealtimeChannel } from '../../../lib/realtime/use-realtime-channel.ts';
import { syncRunQuery } from '../api/get-sync-run.ts';
import { syncRunsQuery, type SyncRunPage } from '../api/list-sync-runs.ts';
import { isSyncRunPayload } from '../sync-run-payload.ts';

/**
 * Why: the organization's realtime channel pushes every run's progress; it lands in the query
 * cache, so the progress bar and the run table move without polling. Returns whether the channel
 * is joined (polling slows down then).
 */
export function useLiveSync(): boolean {
  const queryClient = useQueryClient();
  const { session } = useAuthSession();
  const orgId = session?.user.organization?.id;
  const channel = useRealtimeChannel(orgId ? `org:${orgId}` : null, {
    'sync.progress': (payload) => {
      if (!isSyncRunPayload(payload)) return;
      queryClient.setQueryData(syncRunQuery(payload.id).queryKey, payload);
      const list = queryClient.getQueryData<InfiniteData<SyncRunPage, string | null>>(syncRunsQuery.queryKey);
      const listed = list?.pages.some((page) => page.runs.some((run) => run.id === payload.id)) ?? false;
      if (!list || !listed) {
        void queryClient.invalidateQueries({ queryKey: syncRunsQuery.queryKey });
        return;
      }
      queryClient.setQueryData(syncRunsQuery.queryKey, {
        ...list,
        pages: list.pages.map((page) => ({
          ...page,
          runs: page.runs.map((run) => (run.id === payload.id ? payload : run)),
        })),
      });
    },
  });
  return channel.state === 'joined';
}
