import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AutoJoin } from '@fleetdeck/shared/organization-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { membersQuery } from './list-members.ts';
import { settingsKeys } from './settings-query-keys.ts';

/** `POST /api/organization/transfer-ownership`: the chosen member becomes owner, you an admin. */
export function useTransferOwnership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      apiFetch<undefined>('/api/organization/transfer-ownership', { body: { userId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: membersQuery.queryKey }),
  });
}

/** `POST /api/organization/leave`. */
export function useLeaveOrganization() {
  return useMutation({
    mutationFn: () => apiFetch<undefined>('/api/organization/leave', { method: 'POST' }),
  });
}

export const autoJoinQuery = queryOptions({
  queryKey: settingsKeys.autoJoin,
  queryFn: () => apiFetch<AutoJoin>('/api/organization/auto-join'),
});

/** Why: the owner's domain rule, read and saved as one object. */
export function useAutoJoin(enabled: boolean) {
  return useQuery({ ...autoJoinQuery, enabled });
}

export function useSaveAutoJoin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rule: AutoJoin) =>
      apiFetch<AutoJoin>('/api/organization/auto-join', { method: 'PUT', body: rule }),
    onSuccess: (rule) => queryClient.setQueryData(autoJoinQuery.queryKey, rule),
  });
}
