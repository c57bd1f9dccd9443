import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** `POST /api/identity/email-otp/send-verification-otp`: sending and resending are the same call. */
export async function sendEmailOtp(input: { email: string; type: 'sign-in' }): Promise<void> {
  await apiFetch('/api/identity/email-otp/send-verification-otp', {
    body: { email: input.email.trim(), type: input.type },
  });
}

/** Why: the code form shows "sending" and the server's refusal from one hook. */
export function useSendEmailOtp() {
  return useMutation({ mutationFn: sendEmailOtp });
}
