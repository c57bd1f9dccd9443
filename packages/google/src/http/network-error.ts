import { GoogleApiError, GoogleNetworkError } from '../errors.ts';

/** Connection errors that prove the request never reached Google, so even a write may be resent. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

export interface FailureContext {
  callerSignal: AbortSignal | undefined;
  timeoutSignal: AbortSignal;
  /** The HTTP status if response headers had arrived before the failure. */
  status: number | undefined;
  method: string;
  url: string;
}

/**
 * Keeps Google errors, passes a caller's abort through untouched (it is not Google's failure and
 * must not be retried), and wraps everything else from `fetch` as a retryable network error.
 */
export function toTransportError(error: unknown, context: FailureContext): unknown {
  if (error instanceof GoogleApiError) return error;
  if (context.callerSignal?.aborted) return context.callerSignal.reason ?? error;
  const timedOut = context.timeoutSignal.aborted;
  const code = errorCode(error);
  return new GoogleNetworkError({
    status: 0,
    message: timedOut
      ? 'Google did not answer before the request timeout'
      : `Network error talking to Google${code ? ` (${code})` : ''}`,
    method: context.method,
    url: context.url,
    cause: error,
    timedOut,
    notSent: !timedOut && context.status === undefined && code !== undefined && NOT_SENT_CODES.has(code),
  });
}

/** The first `code` string along an error's `cause` chain (undici nests the socket error). */
function errorCode(error: unknown): string | undefined {
  let current = error;
  for (let depth = 0; typeof current === 'object' && current !== null && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A per-attempt timeout composed with the caller's signal (either one aborts the attempt). */
export function attemptSignal(callerSignal: AbortSignal | undefined, timeoutMs: number) {
  const timeoutSignal = AbortSignal.timeout(timeoutMs);
  return {
    timeoutSignal,
    signal: callerSignal ? AbortSignal.any([callerSignal, timeoutSignal]) : timeoutSignal,
  };
}
