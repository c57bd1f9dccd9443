import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvitationCreateRequest } from '@fleetdeck/shared/organization-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { invitationsQuery } from './list-invitations.ts';

/** `POST /api/organization/invitations`: emails a link to `/invitations/accept?token=`. */
export async function createInvitation(input: InvitationCreateRequest): Promise<void> {
  await apiFetch('/api/organization/invitations', { body: input });
}

/** Why: a new invitation appears in the pending list at once. */
export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationsQuery.queryKey }),
  });
}
