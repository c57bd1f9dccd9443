import type { GoogleApiError } from '../errors.ts';
import { GoogleNetworkError, GoogleRateLimitError } from '../errors.ts';

/**
 * When and how long to wait before repeating a failed Google call (reference §5.3): exponential
 * backoff with full jitter, bounded attempts, `Retry-After` honoured, and care with writes that are
 * not idempotent.
 */

export interface RetryOptions {
  /** Total tries including the first one. 1 disables retries. */
  maxAttempts: number;
  /** The backoff ceiling for the first retry; it doubles for each later retry. */
  baseDelayMs: number;
  /** No single backoff wait exceeds this. */
  maxDelayMs: number;
  /** A `Retry-After` longer than this is not waited for: the error goes to the caller to reschedule. */
  maxRetryAfterMs: number;
}

/** Google's documented schedule (1, 2, 4, 8, 16 s ceilings), with full jitter instead of +0–1 s. */
export const DEFAULT_RETRY_OPTIONS: RetryOptions = {
  maxAttempts: 5,
  baseDelayMs: 1000,
  maxDelayMs: 32_000,
  maxRetryAfterMs: 60_000,
};

/**
 * Whether the request may be sent again safely.
 * - `idempotent`: reads, and writes whose repetition leaves the same state (device patch/update,
 *   moveDevicesToOu, batchChangeStatus, policy batchModify/batchInherit, policies:resolve, the OAuth
 *   refresh grant). Retried on every retryable failure.
 * - `once`: writes with a side effect per call (`issueCommand`: a second REBOOT or POWERWASH is a
 *   second action). Retried only when Google provably did not act: a rate limit, or a network error
 *   before the request left (connection refused, DNS failure).
 */
export type RetrySafety = 'idempotent' | 'once';

/** Full-jitter exponential backoff: a uniform draw in [0, min(max, base·2^n)). */
export function backoffDelayMs(retryIndex: number, options: RetryOptions, random: () => number): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** retryIndex);
  return Math.floor(random() * ceiling);
}

/** Reads `Retry-After` in either form Google's front ends may use: delay seconds or an HTTP-date. */
export function parseRetryAfterMs(header: string | null | undefined, nowMs: number): number | undefined {
  if (header === null || header === undefined) return undefined;
  const value = header.trim();
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - nowMs);
}

/** Whether this failure may be retried for a request of the given safety. */
export function isRetryableFailure(error: GoogleApiError, safety: RetrySafety): boolean {
  if (!error.retryable) return false;
  if (safety === 'idempotent') return true;
  if (error instanceof GoogleRateLimitError) return true;
  return error instanceof GoogleNetworkError && error.notSent;
}

/**
 * How long to wait before retry number `retryIndex` (0-based), or `undefined` to give up now.
 * A `Retry-After` wins over the backoff draw; one beyond `maxRetryAfterMs` ends the retries.
 */
export function retryDelayMs(
  error: GoogleApiError,
  retryIndex: number,
  options: RetryOptions,
  random: () => number,
): number | undefined {
  if (retryIndex + 1 >= options.maxAttempts) return undefined;
  if (error.retryAfterMs !== undefined) {
    return error.retryAfterMs > options.maxRetryAfterMs ? undefined : error.retryAfterMs;
  }
  return backoffDelayMs(retryIndex, options, random);
}
