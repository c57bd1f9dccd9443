import { appErrors } from '../../errors/app-error.ts';
import { fromGoogleError, googleErrors, type GoogleErrorWords } from '../../errors/google-errors.ts';

/**
 * Why: a failed policy read must say what happened and who can fix it, never leave a blank page.
 * Google's typed errors (and identity's "grant revoked") become the app's error shape through the
 * one mapping (errors/google-errors.ts).
 */

export const POLICY_MESSAGES = {
  reconsent:
    'Google access for this organization was revoked. An owner must reconnect Google in Settings → Google.',
  rateLimited: 'Google is rate-limiting policy reads. Try again in a minute.',
  permission:
    'Google refused to show Chrome policies to Fleetdeck: the connected admin cannot read Chrome policies, or the Chrome policy permission was not granted. An owner must reconnect Google in Settings → Google.',
  unavailable: "Google's Chrome Policy API did not answer. Try again in a minute.",
  orgUnitUnknown:
    'Google does not know this organizational unit (it may have been deleted or moved). Run a sync, then pick it again.',
} as const;

const POLICY_GOOGLE_WORDS: GoogleErrorWords = {
  ...POLICY_MESSAGES,
  retryAfterDefaultSeconds: 60,
  rateLimitedId: 'google_rate_limited',
  notFound: () => appErrors.notFound(POLICY_MESSAGES.orgUnitUnknown),
  invalidInput: () => appErrors.notFound(POLICY_MESSAGES.orgUnitUnknown),
  unexpected: () => googleErrors.answeredUnexpectedly(POLICY_MESSAGES.unavailable),
};

/** Maps an error thrown while resolving policies to an AppError (others are rethrown unchanged). */
export function toPolicyError(error: unknown): unknown {
  return fromGoogleError(error, POLICY_GOOGLE_WORDS);
}
