import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccessRequest, MyAccessRequest } from '@fleetdeck/shared/organization-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { onboardingStatusQuery } from './get-onboarding-status.ts';
import { onboardingKeys } from './onboarding-query-keys.ts';

/** `GET /api/access-requests/mine`: where the caller's request to join stands. */
export function getMyAccessRequest(): Promise<MyAccessRequest> {
  return apiFetch<MyAccessRequest>('/api/access-requests/mine');
}

export const myAccessRequestQuery = queryOptions({
  queryKey: onboardingKeys.myAccessRequest,
  queryFn: getMyAccessRequest,
  staleTime: 0,
});

/** Why: while a request waits, the page asks again every 10 s, so an approval takes the requester in. */
export function useMyAccessRequest(enabled: boolean) {
  return useQuery({
    ...myAccessRequestQuery,
    enabled,
    refetchInterval: (query) => (query.state.data?.request?.status === 'pending' ? 10_000 : false),
  });
}

/** `POST /api/access-requests`: ask the organization of your Google Workspace to let you in. */
export function useRequestAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => apiFetch<AccessRequest>('/api/access-requests', { body: { message } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: myAccessRequestQuery.queryKey }),
  });
}

/** `DELETE /api/access-requests/mine`. */
export function useWithdrawAccessRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<undefined>('/api/access-requests/mine', { method: 'DELETE' }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: myAccessRequestQuery.queryKey });
      await queryClient.invalidateQueries({ queryKey: onboardingStatusQuery.queryKey });
    },
  });
}
