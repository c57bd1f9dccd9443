import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { authClient } from '../../../lib/auth/browser-auth.ts';

/** `POST /api/identity/two-factor/verify-totp`: passes the challenge (aal2) and emits MFA_CHALLENGE_VERIFIED. */
export async function verifyTotp(input: { code: string }): Promise<void> {
  await apiFetch('/api/identity/two-factor/verify-totp', { body: { code: input.code.trim() } });
  await authClient.completeSecondFactor();
}

/** Why: the challenge form reads pending and error state from one hook. */
export function useVerifyTotp() {
  return useMutation({ mutationFn: verifyTotp });
}
