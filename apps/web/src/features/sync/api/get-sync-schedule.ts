import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SyncSchedule } from '@fleetdeck/shared/sync-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { syncKeys } from './sync-query-keys.ts';

/** `GET /api/sync/schedule`: whether and how often Fleetdeck syncs on its own. */
export function getSyncSchedule(): Promise<SyncSchedule> {
  return apiFetch<SyncSchedule>('/api/sync/schedule');
}

export const syncScheduleQuery = queryOptions({ queryKey: syncKeys.schedule, queryFn: getSyncSchedule });

export function useSyncSchedule() {
  return useQuery(syncScheduleQuery);
}
