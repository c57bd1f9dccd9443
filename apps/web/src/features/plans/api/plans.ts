import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateRolloverRequest,
  CsvMapping,
  Plan,
  PlanDetail,
  PlanOutcome,
  PlanState,
} from '@fleetdeck/shared/plan-contract';
import { apiFetch } from '../../../lib/api-client.ts';

export const planKeys = {
  all: ['plans'] as const,
  list: (state: PlanState | undefined) => ['plans', 'list', state ?? 'all'] as const,
  detail: (id: string) => ['plans', 'detail', id] as const,
};

/** `GET /api/plans`: the newest plans the caller may see, optionally of one state. */
export function listPlans(state?: PlanState): Promise<{ plans: Plan[] }> {
  const suffix = state ? `?state=${encodeURIComponent(state)}` : '';
  return apiFetch<{ plans: Plan[] }>(`/api/plans${suffix}`);
}

export function usePlans(state?: PlanState) {
  return useQuery({
    queryKey: planKeys.list(state),
    queryFn: () => listPlans(state),
    placeholderData: keepPreviousData,
  });
}

export interface PlanPageQuery {
  readonly outcome?: PlanOutcome | undefined;
  /** The last item number of the previous page. */
  readonly after?: number | undefined;
}

export const PLAN_PAGE_SIZE = 100;

/** `GET /api/plans/:id`: the plan and one page of its items. */
export function getPlan(id: string, query: PlanPageQuery): Promise<PlanDetail> {
  const params = new URLSearchParams({ limit: String(PLAN_PAGE_SIZE) });
  if (query.outcome) params.set('outcome', query.outcome);
  if (query.after !== undefined) params.set('after', String(query.after));
  return apiFetch<PlanDetail>(`/api/plans/${encodeURIComponent(id)}?${params.toString()}`);
}

export function usePlan(id: string, query: PlanPageQuery) {
  return useQuery({
    queryKey: [...planKeys.detail(id), query.outcome ?? 'all', query.after ?? 0],
    queryFn: () => getPlan(id, query),
    placeholderData: keepPreviousData,
  });
}

/**
 * `POST /api/plans/csv`: the file itself is the body (the browser streams it; it is never read
 * into the page), the column mapping is JSON in the query.
 */
export function createCsvPlan(file: Blob, fileName: string, mapping: CsvMapping): Promise<Plan> {
  const params = new URLSearchParams({ mapping: JSON.stringify(mapping), fileName });
  return apiFetch<Plan>(`/api/plans/csv?${params.toString()}`, {
    method: 'POST',
    body: file,
    headers: { 'Content-Type': 'text/csv' },
  });
}

export function useCreateCsvPlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { file: Blob; fileName: string; mapping: CsvMapping }) =>
      createCsvPlan(input.file, input.fileName, input.mapping),
    onSuccess: () => client.invalidateQueries({ queryKey: planKeys.all }),
  });
}

/** `POST /api/plans/rollover`: OU → OU pairs (typed or a two-column CSV) and an optional query. */
export function createRolloverPlan(request: CreateRolloverRequest): Promise<Plan> {
  return apiFetch<Plan>('/api/plans/rollover', { body: request });
}

export function useCreateRolloverPlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createRolloverPlan,
    onSuccess: () => client.invalidateQueries({ queryKey: planKeys.all }),
  });
}

export type PlanDecision = 'submit' | 'approve' | 'cancel';

/** `POST /api/plans/:id/{submit|approve|cancel}`; approving asks for a step-up (the dialog answers). */
export function decidePlan(id: string, decision: PlanDecision): Promise<Plan> {
  return apiFetch<Plan>(`/api/plans/${encodeURIComponent(id)}/${decision}`, { method: 'POST' });
}

export function useDecidePlan(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: PlanDecision) => decidePlan(id, decision),
    onSuccess: () => client.invalidateQueries({ queryKey: planKeys.all }),
  });
}
