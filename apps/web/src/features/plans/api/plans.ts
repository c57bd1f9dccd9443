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

/** Without the realtime channel, a running plan is read this often (the sync page's fallback too). */
export const PLAN_POLL_MS = 2_000;

/** Why: while a plan runs and the channel is not joined, the page polls; `plan.progress` moves it otherwise. */
export function usePlan(id: string, query: PlanPageQuery, live = true) {
  return useQuery({
    queryKey: [...planKeys.detail(id), query.outcome ?? 'all', query.after ?? 0],
    queryFn: () => getPlan(id, query),
    placeholderData: keepPreviousData,
    refetchInterval: (current) =>
      !live && current.state.data?.plan.state === 'running' ? PLAN_POLL_MS : false,
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

export type PlanRunVerb = 'run' | 'pause' | 'resume';

/** `POST /api/plans/:id/{run|pause|resume}`; running and resuming ask for a step-up (the dialog answers). */
export function runPlanVerb(id: string, verb: PlanRunVerb): Promise<Plan> {
  return apiFetch<Plan>(`/api/plans/${encodeURIComponent(id)}/${verb}`, { method: 'POST' });
}

export function useRunPlanVerb(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (verb: PlanRunVerb) => runPlanVerb(id, verb),
    onSuccess: () => client.invalidateQueries({ queryKey: planKeys.all }),
  });
}

/** `POST /api/plans/:id/undo`: the reverse plan of a finished one, built as a new plan to review. */
export function createUndoPlan(id: string): Promise<Plan> {
  return apiFetch<Plan>(`/api/plans/${encodeURIComponent(id)}/undo`, { method: 'POST' });
}

export function useCreateUndoPlan(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => createUndoPlan(id),
    onSuccess: () => client.invalidateQueries({ queryKey: planKeys.all }),
  });
}

/** `GET /api/plans/:id/results.csv`: a line per row or device (row, device, outcome, message). */
export function planResultsUrl(id: string): string {
  return `/api/plans/${encodeURIComponent(id)}/results.csv`;
}
