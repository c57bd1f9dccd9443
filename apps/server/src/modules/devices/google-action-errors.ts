import { ZodError } from 'zod';
import { AppError, appErrors } from '../../errors/app-error.ts';
import { deviceErrors } from '../../errors/device-errors.ts';
import { fromGoogleError, googleErrors, type GoogleErrorWords } from '../../errors/google-errors.ts';

/**
 * Why: a refused device action must say what Google answered and what to do next. Google's typed
 * errors (and identity's "grant revoked") become the app's one error shape through the one
 * mapping (errors/google-errors.ts); the same words are kept on the failed rows of a bulk run.
 */

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

const DEVICE_GOOGLE_WORDS: GoogleErrorWords = {
  ...DEVICE_ACTION_MESSAGES,
  retryAfterDefaultSeconds: 30,
  rateLimitedId: 'rate_limited',
  notFound: () => deviceErrors.goneAtGoogle(DEVICE_ACTION_MESSAGES.goneAtGoogle),
  invalidInput: (error) => deviceErrors.googleRejected(`Google refused the change: ${error.message}`),
  unexpected: (error) =>
    error.status === 400 || error.status === 412
      ? deviceErrors.googleRejected(`Google refused the change: ${error.message}`)
      : googleErrors.answeredUnexpectedly(`Google answered unexpectedly: ${error.message}`),
};

/** Maps an error thrown by a Google call to an AppError (others are rethrown unchanged). */
export function toDeviceActionError(error: unknown): unknown {
  if (error instanceof ZodError) {
    const issue = error.issues[0];
    return appErrors.invalidRequest(
      `The request is invalid: ${issue ? `${issue.path.join('.') || 'value'} ${issue.message}` : 'check its fields'}. Fix it and send it again.`,
    );
  }
  return fromGoogleError(error, DEVICE_GOOGLE_WORDS);
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
    (mapped.id === 'google_reconsent_required' || mapped.id === 'google_permission_denied')
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
    mapped.id === 'rate_limited' ||
    mapped.id === 'google_unavailable' ||
    mapped.id === 'google_reconsent_required' ||
    mapped.id === 'google_permission_denied'
  );
}

/** gRPC codes of a per-device batch result that may pass on a later try (reference §5.2). */
const TRANSIENT_RPC_CODES = new Set([4, 8, 10, 13, 14]); // DEADLINE_EXCEEDED, RESOURCE_EXHAUSTED, ABORTED, INTERNAL, UNAVAILABLE

/** Why: a device refused inside batchChangeStatus carries a gRPC code, not an HTTP status. */
export function rpcCodeCanSucceedOnRetry(code: number | undefined): boolean {
  return code !== undefined && TRANSIENT_RPC_CODES.has(code);
}
