import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** `POST /api/identity/reset-password` with the token from the emailed link. */
export async function resetPassword(input: { token: string; newPassword: string }): Promise<void> {
  await apiFetch('/api/identity/reset-password', { body: input });
}

/** Why: the reset page reads pending and error state from one hook. */
export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
