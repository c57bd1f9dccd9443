import { useQuery } from '@tanstack/react-query';
import type { PlanDetail } from '@fleetdeck/shared/plan-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { settingsKeys } from './settings-query-keys.ts';

/** `GET /api/plans/:id` with one item: the plan's title is all the audit log's filter shows. */
export function getPlanTitle(planId: string): Promise<string> {
  return apiFetch<PlanDetail>(`/api/plans/${encodeURIComponent(planId)}?limit=1`).then(
    (detail) => detail.plan.title,
  );
}

/** Why: a plan filter reads "Plan: <title>", not an id; the plan's own page keeps its full data. */
export function usePlanTitle(planId: string) {
  return useQuery({
    queryKey: settingsKeys.planTitle(planId),
    queryFn: () => getPlanTitle(planId),
    enabled: planId !== '',
  });
}
