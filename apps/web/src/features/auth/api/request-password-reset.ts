import { useMutation } from '@tanstack/react-query';
import { APP_ROUTES } from '@fleetdeck/shared/app-routes';
import { apiFetch } from '../../../lib/api-client.ts';

/** `POST /api/identity/request-password-reset`: the emailed link returns to `/reset-password?token=`. */
export async function requestPasswordReset(input: { email: string }): Promise<void> {
  await apiFetch('/api/identity/request-password-reset', {
    body: { email: input.email.trim(), redirectTo: `${window.location.origin}${APP_ROUTES.resetPassword}` },
  });
}

/** Why: the forgot-password form reads pending and error state from one hook. */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
