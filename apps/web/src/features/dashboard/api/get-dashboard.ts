import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardResponse } from '@fleetdeck/shared/dashboard-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { dashboardKeys } from './dashboard-query-keys.ts';

/** `GET /api/dashboard`: every number, read from the rollups the sync maintains. */
export function getDashboard(): Promise<DashboardResponse> {
  return apiFetch<DashboardResponse>('/api/dashboard');
}

export const dashboardQuery = queryOptions({ queryKey: dashboardKeys.all, queryFn: getDashboard });

/** Why: while a sync runs, the numbers are re-read every few seconds so the page fills in by itself. */
export function useDashboard() {
  return useQuery({
    ...dashboardQuery,
    refetchInterval: (query) => (query.state.data?.syncRunning ? 5000 : 60_000),
  });
}
