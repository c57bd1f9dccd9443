import { IDENTITY_MESSAGES } from '@fleetdeck/shared/identity-messages';
import { PASSWORD_LENGTH } from '@fleetdeck/shared/limits';

/** Client-side checks with the seed's exact messages (§5); `undefined` means valid. */

const filled = (value: string | undefined) => typeof value === 'string' && value.trim() !== '';

/** Why: password sign-in needs both parts before a request is worth sending. */
export function validatePasswordSignIn(input: { email?: string; password?: string }): string | undefined {
  if (!filled(input.email) || !filled(input.password)) return IDENTITY_MESSAGES.passwordCredentialsMissing;
  return undefined;
}

/** Why: sending or verifying a one-time code needs a recipient. */
export function validateOtpRecipient(input: { email?: string }): string | undefined {
  if (!filled(input.email)) return IDENTITY_MESSAGES.otpRecipientMissing;
  return undefined;
}

/** Why: a resend must say which code to resend (its type) as well as to whom. */
export function validateResend(input: { email?: string; type?: string }): string | undefined {
  if (!filled(input.email) || !filled(input.type)) return IDENTITY_MESSAGES.resendTypeMissing;
  return undefined;
}

/** Why: the server's rule (PASSWORD_LENGTH), said before the request rather than after. */
export function validateNewPassword(password: string, confirmation: string): string | undefined {
  if (password.length < PASSWORD_LENGTH.min)
    return `Use at least ${PASSWORD_LENGTH.min} characters for your new password.`;
  if (password.length > PASSWORD_LENGTH.max)
    return `Use at most ${PASSWORD_LENGTH.max} characters for your new password.`;
  if (password !== confirmation) return 'The two passwords do not match.';
  return undefined;
}
