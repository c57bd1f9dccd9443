import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { SyncRun } from '@fleetdeck/shared/sync-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { syncKeys } from './sync-query-keys.ts';

export interface SyncRunPage {
  readonly runs: SyncRun[];
  readonly nextCursor: string | null;
}

/** `GET /api/sync/runs`: newest first, one keyset page per call. */
export function listSyncRuns(cursor: string | null, limit = 20): Promise<SyncRunPage> {
  const params = new URLSearchParams({ limit: String(limit) });
  if (cursor) params.set('cursor', cursor);
  return apiFetch<SyncRunPage>(`/api/sync/runs?${params.toString()}`);
}

export const syncRunsQuery = infiniteQueryOptions({
  queryKey: syncKeys.runs,
  queryFn: ({ pageParam }) => listSyncRuns(pageParam),
  initialPageParam: null as string | null,
  getNextPageParam: (page) => page.nextCursor,
});

/** Why: "Load more" follows the server's cursor. */
export function useSyncRuns() {
  return useInfiniteQuery(syncRunsQuery);
}
