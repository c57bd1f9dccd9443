import { APIError } from 'better-auth/api';
import { PASSWORD_LENGTH } from '@fleetdeck/shared/limits';

/**
 * Why: better-auth's own words for a wrong or stale code ("Invalid OTP", "Invalid code") name the
 * problem in jargon and say nothing of what to do. The codes stay; the messages say what next.
 */
const REWORDED: Readonly<Record<string, string>> = {
  INVALID_OTP:
    'That code is not right. Use the code from the latest email (asking again replaces the earlier code), or choose Resend code.',
  OTP_EXPIRED: 'That code has expired: codes work for 5 minutes. Choose Resend code to get a new one.',
  TOO_MANY_ATTEMPTS: 'Too many wrong codes for this one. Choose Resend code to get a new one.',
  INVALID_CODE:
    'That code is not right. Enter the code your authenticator app shows now (it changes every 30 seconds), or use a backup code.',
  INVALID_BACKUP_CODE: 'That backup code is not right or was already used. Each backup code works once.',
};

/**
 * Why: the spec's identity service answers a failed password sign-in as invalid credentials and a
 * refused password as a weak password, each with the list of its reasons (`weak_password.reasons`:
 * `length`, `characters`, `pwned`); the messages say them in words too.
 */
const WITH_REASONS: Readonly<Record<string, { message: string; body: Record<string, unknown> }>> = {
  INVALID_EMAIL_OR_PASSWORD: {
    message:
      'Invalid login credentials: the email address or the password is wrong, or this account has no password yet (sign in with Google or an email code, or choose Forgot password?).',
    body: { error_code: 'invalid_credentials', reasons: ['email_or_password'] },
  },
  PASSWORD_TOO_SHORT: {
    message: `Password is too weak: it must be at least ${PASSWORD_LENGTH.min} characters long (reason: length).`,
    body: { error_code: 'weak_password', weak_password: { reasons: ['length'] } },
  },
  PASSWORD_TOO_LONG: {
    message: `Password is not accepted: it must be at most ${PASSWORD_LENGTH.max} characters long (reason: length).`,
    body: { error_code: 'weak_password', weak_password: { reasons: ['length'] } },
  },
};

/** The error to answer instead of `returned`, or undefined to keep it. */
export function rewordedIdentityError(returned: unknown): APIError | undefined {
  if (!(returned instanceof APIError)) return undefined;
  const code = (returned.body as { code?: unknown } | undefined)?.code;
  if (typeof code !== 'string') return undefined;
  const withReasons = WITH_REASONS[code];
  if (withReasons)
    return new APIError(returned.status, { code, message: withReasons.message, ...withReasons.body });
  const message = REWORDED[code];
  if (message === undefined) return undefined;
  return new APIError(returned.status, { code, message });
}
