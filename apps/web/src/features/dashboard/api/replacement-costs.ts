import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReplacementCosts, UpdateReplacementCosts } from '@fleetdeck/shared/dashboard-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { dashboardQuery } from './get-dashboard.ts';
import { dashboardKeys } from './dashboard-query-keys.ts';

/** `GET /api/dashboard/replacement-costs`: the default and per-model costs of the AUE forecast. */
export function getReplacementCosts(): Promise<ReplacementCosts> {
  return apiFetch<ReplacementCosts>('/api/dashboard/replacement-costs');
}

export const replacementCostsQuery = queryOptions({
  queryKey: dashboardKeys.replacementCosts,
  queryFn: getReplacementCosts,
});

export function useReplacementCosts(enabled: boolean) {
  return useQuery({ ...replacementCostsQuery, enabled });
}

/** `PUT /api/dashboard/replacement-costs` (needs `settings.manage`); the forecast is re-read after. */
export function useUpdateReplacementCosts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: UpdateReplacementCosts) =>
      apiFetch<ReplacementCosts>('/api/dashboard/replacement-costs', { method: 'PUT', body: update }),
    onSuccess: async (costs) => {
      queryClient.setQueryData(replacementCostsQuery.queryKey, costs);
      await queryClient.invalidateQueries({ queryKey: dashboardQuery.queryKey, exact: true });
    },
  });
}
