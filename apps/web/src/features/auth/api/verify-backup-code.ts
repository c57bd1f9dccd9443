import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { authClient } from '../../../lib/auth/browser-auth.ts';

/** `POST /api/identity/two-factor/verify-backup-code`: a one-use backup code instead of the app's code. */
export async function verifyBackupCode(input: { code: string }): Promise<void> {
  await apiFetch('/api/identity/two-factor/verify-backup-code', { body: { code: input.code.trim() } });
  await authClient.completeSecondFactor();
}

/** Why: the challenge form reads pending and error state from one hook. */
export function useVerifyBackupCode() {
  return useMutation({ mutationFn: verifyBackupCode });
}
