import { useMutation } from '@tanstack/react-query';
import { APP_ROUTES } from '@fleetdeck/shared/app-routes';
import { callIdentity } from '../../../lib/auth/identity-client.ts';

/** `POST /api/identity/request-password-reset`: the emailed link returns to `/reset-password?token=`. */
export async function requestPasswordReset(input: { email: string }): Promise<void> {
  await callIdentity('/api/identity/request-password-reset', {
    body: { email: input.email.trim(), redirectTo: `${window.location.origin}${APP_ROUTES.resetPassword}` },
  });
}

/** Why: the forgot-password form reads pending and error state from one hook. */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
