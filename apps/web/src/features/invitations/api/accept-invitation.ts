import type { MemberRole } from '@fleetdeck/shared/permissions';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { authClient } from '../../../lib/auth/browser-auth.ts';

/** `POST /api/invitations/accept`: joins the inviting organization with the invited role. */
export async function acceptInvitation(token: string): Promise<{ orgId: string; role: MemberRole }> {
  const joined = await apiFetch<{ orgId: string; role: MemberRole }>('/api/invitations/accept', {
    body: { token },
  });
  await authClient.reloadUser();
  return joined;
}

/** Why: the accept page reads pending, error and result from one hook. */
export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation });
}
