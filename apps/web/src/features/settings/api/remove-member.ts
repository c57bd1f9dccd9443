import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { membersQuery } from './list-members.ts';

/** `DELETE /api/organization/members/:userId`: also ends their sessions. */
export async function removeMember(userId: string): Promise<void> {
  await apiFetch(`/api/organization/members/${encodeURIComponent(userId)}`, { method: 'DELETE' });
}

/** Why: a removal refreshes the team table. */
export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSettled: () => queryClient.invalidateQueries({ queryKey: membersQuery.queryKey }),
  });
}
