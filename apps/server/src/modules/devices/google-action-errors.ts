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
import { ZodError } from 'zod';
import { AppError } from '../../errors/app-error.ts';

/**
 * Why: a refused device action must say what Google answered and what to do next. Google's typed
 * errors (and identity's "grant revoked") become the app's one error shape here; the same words
 * are kept on the failed rows of a bulk run.
 */

export const DEVICE_ACTION_ERROR_IDS = {
  reconsent: 'google_reconsent_required',
  permission: 'google_permission_denied',
  rateLimited: 'rate_limited',
  unavailable: 'google_unavailable',
  rejected: 'google_rejected',
  goneAtGoogle: 'device_gone_at_google',
} as const;

export const DEVICE_ACTION_MESSAGES = {
  reconsent:
    'Google access for this organization was revoked or expired. An owner must reconnect Google in Settings → Google, then try again.',
  permission:
    'Google refused: the connected Google admin lacks the Chrome device privilege (Services → Chrome OS → Manage devices) for this device or organizational unit. Ask a Google super admin to grant it, or reconnect Google with an admin who has it.',
  rateLimited: 'Google is rate-limiting device changes right now. Wait a moment and try again.',
  unavailable: 'Google did not answer in time. Nothing is known to have changed; try again in a minute.',
  goneAtGoogle:
    'Google no longer knows this device (it may have been removed from the Admin console). Run a sync to update the list.',
} as const;

/** Maps an error thrown by a Google call to an AppError (others are rethrown unchanged). */
export function toDeviceActionError(error: unknown): unknown {
  if (error instanceof AppError) {
    if (error.id === 'google_reconsent_required' || error.id === 'google_not_connected')
      return new AppError(DEVICE_ACTION_ERROR_IDS.reconsent, 409, DEVICE_ACTION_MESSAGES.reconsent);
    return error;
  }
  if (error instanceof ZodError) {
    const issue = error.issues[0];
    return new AppError(
      'invalid_request',
      400,
      `The request is invalid: ${issue ? `${issue.path.join('.') || 'value'} ${issue.message}` : 'check its fields'}. Fix it and send it again.`,
    );
  }
  if (!(error instanceof GoogleApiError)) return error;
  if (error instanceof GoogleAuthError)
    return new AppError(DEVICE_ACTION_ERROR_IDS.reconsent, 409, DEVICE_ACTION_MESSAGES.reconsent);
  if (error instanceof GoogleRateLimitError) {
    const retryAfterSeconds = error.retryAfterMs === undefined ? 30 : Math.ceil(error.retryAfterMs / 1000);
    return new AppError(DEVICE_ACTION_ERROR_IDS.rateLimited, 429, DEVICE_ACTION_MESSAGES.rateLimited, {
      retryAfterSeconds,
    });
  }
  if (error instanceof GooglePermissionError)
    return new AppError(DEVICE_ACTION_ERROR_IDS.permission, 403, DEVICE_ACTION_MESSAGES.permission);
  if (error instanceof GoogleNotFoundError)
    return new AppError(DEVICE_ACTION_ERROR_IDS.goneAtGoogle, 404, DEVICE_ACTION_MESSAGES.goneAtGoogle);
  if (error instanceof GoogleInvalidInputError || error.status === 400 || error.status === 412)
    return new AppError(DEVICE_ACTION_ERROR_IDS.rejected, 400, `Google refused the change: ${error.message}`);
  if (error instanceof GoogleUnavailableError || error instanceof GoogleNetworkError)
    return new AppError(DEVICE_ACTION_ERROR_IDS.unavailable, 503, DEVICE_ACTION_MESSAGES.unavailable);
  return new AppError(
    DEVICE_ACTION_ERROR_IDS.unavailable,
    502,
    `Google answered unexpectedly: ${error.message}`,
  );
}

/** Why: a failed row of a bulk run keeps a sentence a person can act on, with Google's own words. */
export function describeFailure(error: unknown): string {
  const mapped = toDeviceActionError(error);
  if (mapped instanceof AppError) return mapped.message;
  if (error instanceof Error) return `Unexpected error: ${error.message}`;
  return 'Unexpected error.';
}

/** Why: whether later devices of a bulk run can still succeed after this error (auth and privilege cannot). */
export function stopsTheRun(error: unknown): boolean {
  const mapped = toDeviceActionError(error);
  return (
    mapped instanceof AppError &&
    (mapped.id === DEVICE_ACTION_ERROR_IDS.reconsent || mapped.id === DEVICE_ACTION_ERROR_IDS.permission)
  );
}

/**
 * Why: Retry is offered only where sending again can succeed: a rate limit, a timeout or outage,
 * a lost grant or privilege once fixed, or an unexpected error. Google refusing the device (its
 * state does not allow the change, it is gone, the input is invalid) answers the same every time.
 */
export function canSucceedOnRetry(error: unknown): boolean {
  const mapped = toDeviceActionError(error);
  if (!(mapped instanceof AppError)) return true;
  return (
    mapped.id === DEVICE_ACTION_ERROR_IDS.rateLimited ||
    mapped.id === DEVICE_ACTION_ERROR_IDS.unavailable ||
    mapped.id === DEVICE_ACTION_ERROR_IDS.reconsent ||
    mapped.id === DEVICE_ACTION_ERROR_IDS.permission
  );
}

/** gRPC codes of a per-device batch result that may pass on a later try (reference §5.2). */
const TRANSIENT_RPC_CODES = new Set([4, 8, 10, 13, 14]); // DEADLINE_EXCEEDED, RESOURCE_EXHAUSTED, ABORTED, INTERNAL, UNAVAILABLE

/** Why: a device refused inside batchChangeStatus carries a gRPC code, not an HTTP status. */
export function rpcCodeCanSucceedOnRetry(code: number | undefined): boolean {
  return code !== undefined && TRANSIENT_RPC_CODES.has(code);
}
