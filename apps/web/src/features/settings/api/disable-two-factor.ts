import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { authClient } from '../../../lib/auth/browser-auth.ts';

/** `POST /api/identity/two-factor/disable`: removes the authenticator app and its backup codes. */
export async function disableTwoFactor(input: { password?: string }): Promise<void> {
  await apiFetch('/api/identity/two-factor/disable', {
    body: input.password ? { password: input.password } : {},
  });
  await authClient.reloadUser();
}

/** Why: the two-factor card reads pending and error state from one hook. */
export function useDisableTwoFactor() {
  return useMutation({ mutationFn: disableTwoFactor });
}
