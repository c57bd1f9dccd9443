import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { invitationsQuery } from './list-invitations.ts';

/** `DELETE /api/organization/invitations/:id`: the emailed link stops working. */
export async function revokeInvitation(id: string): Promise<void> {
  await apiFetch(`/api/organization/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Why: a revoked invitation leaves the pending list at once. */
export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationsQuery.queryKey }),
  });
}
