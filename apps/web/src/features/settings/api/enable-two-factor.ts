import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export interface TwoFactorEnrolment {
  readonly totpURI: string;
  readonly backupCodes: string[];
}

/** `POST /api/identity/two-factor/enable`: starts enrolment (the factor counts once a code is verified). */
export function enableTwoFactor(input: { password?: string }): Promise<TwoFactorEnrolment> {
  return apiFetch<TwoFactorEnrolment>('/api/identity/two-factor/enable', {
    body: input.password ? { password: input.password } : {},
  });
}

/** Why: the enrolment card reads pending and error state from one hook. */
export function useEnableTwoFactor() {
  return useMutation({ mutationFn: enableTwoFactor });
}
