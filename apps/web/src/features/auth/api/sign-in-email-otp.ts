import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { authClient } from '../../../lib/auth/browser-auth.ts';

/** `POST /api/identity/sign-in/email-otp`, then the session is loaded and SIGNED_IN emitted. */
export async function signInWithEmailOtp(input: { email: string; otp: string }): Promise<void> {
  await apiFetch('/api/identity/sign-in/email-otp', {
    body: { email: input.email.trim(), otp: input.otp.trim() },
  });
  await authClient.completeSignIn();
}

/** Why: the verify step reads pending and error state from one hook. */
export function useSignInWithEmailOtp() {
  return useMutation({ mutationFn: signInWithEmailOtp });
}
