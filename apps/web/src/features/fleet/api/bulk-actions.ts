import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  BulkActionDetail,
  BulkActionRun,
  BulkPreview,
  BulkPreviewRequest,
  StartBulkActionRequest,
} from '@fleetdeck/shared/bulk-contract';
import type { Plan } from '@fleetdeck/shared/plan-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { fleetKeys } from './fleet-query-keys.ts';

/** `POST /api/bulk-actions/preview`: the blast radius before anything runs. */
export function previewBulkAction(request: BulkPreviewRequest): Promise<BulkPreview> {
  return apiFetch<BulkPreview>('/api/bulk-actions/preview', { body: request, idempotent: true });
}

export function usePreviewBulkAction() {
  return useMutation({ mutationFn: previewBulkAction });
}

/** What a start answers: the run, or (above the organization's plan threshold) the plan saved instead. */
export type StartedBulkAction = { readonly run: BulkActionRun } | { readonly plan: Plan };

/** `POST /api/bulk-actions`: starts the previewed run (202), or saves a plan awaiting approval (201). */
export async function startBulkAction(request: StartBulkActionRequest): Promise<StartedBulkAction> {
  const body = await apiFetch<BulkActionRun | Plan>('/api/bulk-actions', { body: request });
  return 'approval' in body ? { plan: body } : { run: body };
}

export function useStartBulkAction() {
  return useMutation({ mutationFn: startBulkAction });
}

/** `GET /api/bulk-actions/:id`: the run and its per-device results. */
export function getBulkAction(id: string, state?: string): Promise<BulkActionDetail> {
  const params = new URLSearchParams();
  if (state) params.set('state', state);
  const suffix = params.size > 0 ? `?${params.toString()}` : '';
  return apiFetch<BulkActionDetail>(`/api/bulk-actions/${encodeURIComponent(id)}${suffix}`);
}

function isActive(detail: BulkActionDetail | undefined): boolean {
  return detail?.run.status === 'queued' || detail?.run.status === 'running';
}

/** Why: results are read every second while the run is active, so progress shows per device. */
export function useBulkAction(id: string | undefined) {
  return useQuery({
    queryKey: fleetKeys.bulkAction(id),
    queryFn: () => getBulkAction(id ?? ''),
    enabled: id !== undefined,
    refetchInterval: (query) => (isActive(query.state.data) ? 1000 : false),
  });
}

/** `POST /api/bulk-actions/:id/retry`: runs the failed devices again. */
export function retryBulkAction(id: string): Promise<BulkActionRun> {
  return apiFetch<BulkActionRun>(`/api/bulk-actions/${encodeURIComponent(id)}/retry`, {
    method: 'POST',
  });
}

export function useRetryBulkAction() {
  return useMutation({ mutationFn: retryBulkAction });
}
