import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SyncRun } from '@fleetdeck/shared/sync-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { syncKeys } from './sync-query-keys.ts';

/** `GET /api/sync/runs/:id`: one run with its progress and errors. */
export function getSyncRun(id: string): Promise<SyncRun> {
  return apiFetch<SyncRun>(`/api/sync/runs/${encodeURIComponent(id)}`);
}

export function isActiveRun(run: Pick<SyncRun, 'status'> | undefined): boolean {
  return run?.status === 'queued' || run?.status === 'running';
}

/** While a run is active it is read every second, or every 5 s when the realtime channel pushes it. */
export const syncRunQuery = (id: string, live = false) =>
  queryOptions({
    queryKey: syncKeys.run(id),
    queryFn: () => getSyncRun(id),
    refetchInterval: (query) => (isActiveRun(query.state.data) ? (live ? 5000 : 1000) : false),
  });

/** Why: the progress bar renders from this, whichever of polling or the socket was last. */
export function useSyncRun(id: string | undefined, live = false) {
  return useQuery({ ...syncRunQuery(id ?? '', live), enabled: id !== undefined });
}
