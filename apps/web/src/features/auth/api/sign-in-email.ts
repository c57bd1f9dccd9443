import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { authClient } from '../../../lib/auth/browser-auth.ts';

/** `POST /api/identity/sign-in/email`, then the session is loaded and SIGNED_IN emitted. */
export async function signInWithPassword(input: { email: string; password: string }): Promise<void> {
  await apiFetch('/api/identity/sign-in/email', {
    body: { email: input.email.trim(), password: input.password, rememberMe: true },
  });
  await authClient.completeSignIn();
}

/** Why: the form reads pending and error state from one hook. */
export function useSignInWithPassword() {
  return useMutation({ mutationFn: signInWithPassword });
}
