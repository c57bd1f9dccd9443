import {
  GoogleApiError,
  GoogleAuthError,
  GoogleInvalidInputError,
  GoogleNetworkError,
  GoogleNotFoundError,
  GooglePermissionError,
  GoogleRateLimitError,
  GoogleUnavailableError,
} from '@fleetdeck/google/errors';
import { POLICY_ERROR_IDS } from '@fleetdeck/shared/policy-contract';
import { AppError } from '../../errors/app-error.ts';

/**
 * Why: a failed policy read must say what happened and who can fix it, never leave a blank page.
 * Google's typed errors (and identity's "grant revoked") become the app's error shape here.
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

/** Maps an error thrown while resolving policies to an AppError (others are rethrown unchanged). */
export function toPolicyError(error: unknown): unknown {
  if (error instanceof AppError) {
    if (error.id === 'google_reconsent_required' || error.id === 'google_not_connected')
      return new AppError(POLICY_ERROR_IDS.reconsent, 409, POLICY_MESSAGES.reconsent);
    return error;
  }
  if (!(error instanceof GoogleApiError)) return error;
  if (error instanceof GoogleAuthError)
    return new AppError(POLICY_ERROR_IDS.reconsent, 409, POLICY_MESSAGES.reconsent);
  if (error instanceof GoogleRateLimitError) {
    const retryAfterSeconds = error.retryAfterMs === undefined ? 60 : Math.ceil(error.retryAfterMs / 1000);
    return new AppError(POLICY_ERROR_IDS.rateLimited, 429, POLICY_MESSAGES.rateLimited, {
      retryAfterSeconds,
    });
  }
  if (error instanceof GooglePermissionError)
    return new AppError(POLICY_ERROR_IDS.permission, 409, POLICY_MESSAGES.permission);
  if (error instanceof GoogleNotFoundError || error instanceof GoogleInvalidInputError)
    return new AppError('not_found', 404, POLICY_MESSAGES.orgUnitUnknown);
  if (error instanceof GoogleUnavailableError || error instanceof GoogleNetworkError)
    return new AppError(POLICY_ERROR_IDS.unavailable, 503, POLICY_MESSAGES.unavailable);
  return new AppError(POLICY_ERROR_IDS.unavailable, 502, POLICY_MESSAGES.unavailable);
}
