import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SyncSchedule, UpdateSyncSchedule } from '@fleetdeck/shared/sync-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { syncScheduleQuery } from './get-sync-schedule.ts';

/** `PUT /api/sync/schedule`: needs `settings.manage`. */
export function updateSyncSchedule(schedule: UpdateSyncSchedule): Promise<SyncSchedule> {
  return apiFetch<SyncSchedule>('/api/sync/schedule', { method: 'PUT', body: schedule });
}

/** Why: the answer (with the next run time) replaces the cached schedule. */
export function useUpdateSyncSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSyncSchedule,
    onSuccess: (schedule) => queryClient.setQueryData(syncScheduleQuery.queryKey, schedule),
  });
}
