import { useMutation } from '@tanstack/react-query';
import { callIdentity } from '../../../lib/auth/identity-client.ts';
import { authClient } from '../../../lib/auth/browser-auth.ts';

/** `POST /api/identity/two-factor/verify-backup-code`: a one-use backup code instead of the app's code. */
export async function verifyBackupCode(input: { code: string }): Promise<void> {
  await callIdentity('/api/identity/two-factor/verify-backup-code', { body: { code: input.code.trim() } });
  await authClient.completeSecondFactor();
}

/** Why: the challenge form reads pending and error state from one hook. */
export function useVerifyBackupCode() {
  return useMutation({ mutationFn: verifyBackupCode });
}
