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
import { AppError } from './app-error.ts';

/**
 * Why: one mapping from Google's typed errors (and identity's "grant revoked") to the API's
 * errors, so a Google refusal answers with the same id and status whatever area met it. A
 * refusal of the organization's grant (revoked, or the connected admin lacks a privilege) is
 * 409: the caller did nothing wrong and their role is not the cause (decision 045).
 */

/** What an area says for each kind of Google failure; the ids and statuses are the mapping's. */
export interface GoogleErrorWords {
  readonly reconsent: string;
  readonly permission: string;
  readonly rateLimited: string;
  readonly unavailable: string;
  /** When Google's Retry-After is missing. */
  readonly retryAfterDefaultSeconds: number;
  /** Devices answered `rate_limited` and policies `google_rate_limited` before the mapping was one. */
  readonly rateLimitedId: 'rate_limited' | 'google_rate_limited';
  /** Google does not know the thing asked about. */
  readonly notFound: (error: GoogleApiError) => AppError;
  /** Google refused the input. */
  readonly invalidInput: (error: GoogleApiError) => AppError;
  /** Google answered something else (an area may still read a plain 400 or 412 as a refusal). */
  readonly unexpected: (error: GoogleApiError) => AppError;
}

/** The organization's Google grant is revoked or expired: only the admin signing in again fixes it. */
export class GoogleReconsentRequiredError extends AppError {
  constructor() {
    super(
      'google_reconsent_required',
      'Fleetdeck lost access to your Google Workspace (the grant was revoked or expired). An admin must reconnect: sign in with Google again and approve every requested access.',
    );
    this.name = 'GoogleReconsentRequiredError';
  }
}

/** Errors of Google and the organization's grant that no single area owns. */
export const googleErrors = {
  notConnected: (
    message = 'Your organization has no Google Workspace connection yet. An admin must connect it in onboarding.',
  ) => new AppError('google_not_connected', message),
  reconsentRequired: (message: string) => new AppError('google_reconsent_required', message),
  permissionDenied: (message: string) => new AppError('google_permission_denied', message),
  unavailable: (message: string) => new AppError('google_unavailable', message),
  answeredUnexpectedly: (message: string) => new AppError('google_unavailable', message, { status: 502 }),
  tokenRefreshUnanswered: () =>
    new AppError(
      'google_unavailable',
      'Google did not answer the token refresh. Try again in a minute; if it persists, check Google Workspace status.',
    ),
} as const;

/** The grant is gone: identity's own errors that mean "an owner must reconnect Google". */
export function isGrantLost(error: AppError): boolean {
  return error.id === 'google_reconsent_required' || error.id === 'google_not_connected';
}

/** Maps an error thrown by a Google call to an AppError (others are returned unchanged). */
export function fromGoogleError(error: unknown, words: GoogleErrorWords): unknown {
  if (error instanceof AppError)
    return isGrantLost(error) ? googleErrors.reconsentRequired(words.reconsent) : error;
  if (!(error instanceof GoogleApiError)) return error;
  if (error instanceof GoogleAuthError) return googleErrors.reconsentRequired(words.reconsent);
  if (error instanceof GoogleRateLimitError) {
    const retryAfterSeconds =
      error.retryAfterMs === undefined
        ? words.retryAfterDefaultSeconds
        : Math.ceil(error.retryAfterMs / 1000);
    return new AppError(words.rateLimitedId, words.rateLimited, { details: { retryAfterSeconds } });
  }
  if (error instanceof GooglePermissionError) return googleErrors.permissionDenied(words.permission);
  if (error instanceof GoogleNotFoundError) return words.notFound(error);
  if (error instanceof GoogleInvalidInputError) return words.invalidInput(error);
  if (error instanceof GoogleUnavailableError || error instanceof GoogleNetworkError)
    return googleErrors.unavailable(words.unavailable);
  return words.unexpected(error);
}
