import { APIError } from 'better-auth/api';

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

/** The error to answer instead of `returned`, or undefined to keep it. */
export function rewordedIdentityError(returned: unknown): APIError | undefined {
  if (!(returned instanceof APIError)) return undefined;
  const code = (returned.body as { code?: unknown } | undefined)?.code;
  const message = typeof code === 'string' ? REWORDED[code] : undefined;
  if (message === undefined || typeof code !== 'string') return undefined;
  return new APIError(returned.status, { code, message });
}
