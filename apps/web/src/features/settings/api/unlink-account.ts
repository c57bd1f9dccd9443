import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { authClient } from '../../../lib/auth/browser-auth.ts';
import { accountsQuery } from './list-accounts.ts';

/** `POST /api/identity/unlink-account`: the last way to sign in cannot be removed (the server refuses). */
export async function unlinkAccount(input: { providerId: string; accountId: string }): Promise<void> {
  await apiFetch('/api/identity/unlink-account', { body: input });
  await authClient.reloadUser();
}

/** Why: an unlinked identity leaves the list at once. */
export function useUnlinkAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkAccount,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountsQuery.queryKey }),
  });
}
