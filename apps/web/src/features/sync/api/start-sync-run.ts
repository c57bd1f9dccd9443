import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SyncKind, SyncRun } from '@fleetdeck/shared/sync-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { syncRunQuery } from './get-sync-run.ts';
import { syncKeys } from './sync-query-keys.ts';

export interface StartSyncResult {
  readonly run: SyncRun;
  /** False when a run was already queued or running, or (onboarding's) its first copy already succeeded: that run is returned instead. */
  readonly created: boolean;
}

export interface StartSyncInput {
  readonly kind: SyncKind;
  /** `onboarding` for the first sync of onboarding, so the run history says where it came from. */
  readonly trigger?: 'manual' | 'onboarding';
}

/** `POST /api/sync/runs`: Sync now (incremental) or a full sync; needs `sync.run`. */
export function startSyncRun(request: StartSyncInput): Promise<StartSyncResult> {
  return apiFetch<StartSyncResult>('/api/sync/runs', { body: request });
}

/** Why: the run answered is cached at once, so its progress shows without another request. */
export function useStartSyncRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startSyncRun,
    onSuccess: ({ run }) => {
      queryClient.setQueryData(syncRunQuery(run.id).queryKey, run);
      void queryClient.invalidateQueries({ queryKey: syncKeys.runs });
    },
  });
}
