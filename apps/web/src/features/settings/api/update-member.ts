import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MemberUpdateRequest } from '@fleetdeck/shared/organization-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { membersQuery } from './list-members.ts';

/** `PATCH /api/organization/members/:userId`: role and OU scope. */
export async function updateMember(input: { userId: string } & MemberUpdateRequest): Promise<void> {
  const { userId, ...body } = input;
  await apiFetch(`/api/organization/members/${encodeURIComponent(userId)}`, { method: 'PATCH', body });
}

/** Why: a role change refreshes the team table. */
export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMember,
    onSettled: () => queryClient.invalidateQueries({ queryKey: membersQuery.queryKey }),
  });
}
