import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApiTokenCreated,
  ApiTokenCreateRequest,
  ApiTokenListResponse,
} from '@fleetdeck/shared/api-token-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { settingsKeys } from './settings-query-keys.ts';

/** `GET /api/api-tokens`: the signed-in member's own tokens (never their secrets). */
export const myApiTokensQuery = queryOptions({
  queryKey: settingsKeys.myApiTokens,
  queryFn: () => apiFetch<ApiTokenListResponse>('/api/api-tokens'),
});

/** `GET /api/organization/api-tokens`: every token of the organization (owners and admins). */
export const organizationApiTokensQuery = queryOptions({
  queryKey: settingsKeys.organizationApiTokens,
  queryFn: () => apiFetch<ApiTokenListResponse>('/api/organization/api-tokens'),
});

export function useMyApiTokens() {
  return useQuery(myApiTokensQuery);
}

export function useOrganizationApiTokens(enabled: boolean) {
  return useQuery({ ...organizationApiTokensQuery, enabled });
}

/** `POST /api/api-tokens` (asks for a step-up first): the answer holds the secret, once. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiTokenCreateRequest) =>
      apiFetch<ApiTokenCreated>('/api/api-tokens', { body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.apiTokens }),
  });
}

/** `DELETE /api/api-tokens/:id`: the token stops working at once. */
export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api/api-tokens/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.apiTokens }),
  });
}
