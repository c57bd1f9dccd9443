import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { authClient } from '../../../lib/auth/browser-auth.ts';

/** `POST /api/identity/two-factor/verify-totp`: the first code finishes enrolment; the user is updated. */
export async function verifyTotpEnrolment(input: { code: string }): Promise<void> {
  await apiFetch('/api/identity/two-factor/verify-totp', { body: { code: input.code.trim() } });
  await authClient.reloadUser();
}

/** Why: the enrolment card reads pending and error state from one hook. */
export function useVerifyTotpEnrolment() {
  return useMutation({ mutationFn: verifyTotpEnrolment });
}
