import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SaveViewRequest, SavedView } from '@fleetdeck/shared/fleet-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { fleetKeys } from './fleet-query-keys.ts';

const savedViewsKey = fleetKeys.savedViews;

/** `GET /api/saved-views`: the caller's views and those shared with the organization. */
export function listSavedViews(): Promise<{ views: SavedView[] }> {
  return apiFetch<{ views: SavedView[] }>('/api/saved-views');
}

export function useSavedViews() {
  return useQuery({ queryKey: savedViewsKey, queryFn: listSavedViews });
}

/** `POST /api/saved-views` */
export function createSavedView(request: SaveViewRequest): Promise<SavedView> {
  return apiFetch<SavedView>('/api/saved-views', { body: request });
}

/** Why: a saved view is listed at once in the views menu. */
export function useCreateSavedView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSavedView,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedViewsKey }),
  });
}

/** `PATCH /api/saved-views/:id`: rename, share, or store the current state. */
export function updateSavedView(id: string, patch: Partial<SaveViewRequest>): Promise<SavedView> {
  return apiFetch<SavedView>(`/api/saved-views/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: patch,
  });
}

export function useUpdateSavedView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: Partial<SaveViewRequest> }) =>
      updateSavedView(id, patch),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedViewsKey }),
  });
}

/** `DELETE /api/saved-views/:id` */
export function deleteSavedView(id: string): Promise<unknown> {
  return apiFetch<unknown>(`/api/saved-views/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteSavedView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedView,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedViewsKey }),
  });
}
