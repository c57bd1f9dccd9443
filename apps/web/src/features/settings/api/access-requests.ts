import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccessRequest, AccessRequestApprove } from '@fleetdeck/shared/organization-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { membersQuery } from './list-members.ts';
import { settingsKeys } from './settings-query-keys.ts';

/** `GET /api/organization/access-requests`: waiting requests first, then recent decisions. */
export function listAccessRequests(): Promise<{ requests: AccessRequest[] }> {
  return apiFetch<{ requests: AccessRequest[] }>('/api/organization/access-requests');
}

export const accessRequestsQuery = queryOptions({
  queryKey: settingsKeys.accessRequests,
  queryFn: listAccessRequests,
});

/** Why: Settings → Team shows who asks to join; it looks again every 30 s while open. */
export function useAccessRequests(enabled: boolean) {
  return useQuery({ ...accessRequestsQuery, enabled, refetchInterval: 30_000 });
}

/** `POST /api/organization/access-requests/:id/approve|decline`. */
export function useDecideAccessRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string } & ({ approve: AccessRequestApprove } | { decline: true })) =>
      'approve' in input
        ? apiFetch<AccessRequest>(
            `/api/organization/access-requests/${encodeURIComponent(input.id)}/approve`,
            { body: input.approve },
          )
        : apiFetch<AccessRequest>(
            `/api/organization/access-requests/${encodeURIComponent(input.id)}/decline`,
            { method: 'POST' },
          ),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: accessRequestsQuery.queryKey });
      await queryClient.invalidateQueries({ queryKey: membersQuery.queryKey });
    },
  });
}
