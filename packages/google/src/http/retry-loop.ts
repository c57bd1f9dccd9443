import { setTimeout as sleepFor } from 'node:timers/promises';
import { GoogleApiError } from '../errors.ts';
import { isRetryableFailure, retryDelayMs, type RetryOptions, type RetrySafety } from './retry-policy.ts';

/** What `onRetry` hooks receive before each wait. */
export interface RetryEvent {
  operation: string;
  /** The 1-based attempt that just failed. */
  attempt: number;
  delayMs: number;
  error: GoogleApiError;
}

export interface RetryLoopOptions {
  operation: string;
  safety: RetrySafety;
  retry: RetryOptions;
  signal?: AbortSignal | undefined;
  random: () => number;
  sleep: (ms: number, signal: AbortSignal | undefined) => Promise<void>;
  onRetry?: ((event: RetryEvent) => void) | undefined;
  /** Errors that must not be retried here whatever their class (e.g. already retried elsewhere). */
  isFinal?: ((error: GoogleApiError) => boolean) | undefined;
}

/** The real wait between attempts; a caller's abort ends it at once with the caller's own reason. */
export async function abortableSleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  try {
    await sleepFor(ms, undefined, signal === undefined ? undefined : { signal });
  } catch (error) {
    throw signal?.aborted ? (signal.reason ?? error) : error;
  }
}

/**
 * Runs `attempt` until it succeeds, fails for good, or the attempts run out. Only `GoogleApiError`s
 * are considered for retry; anything else (a caller's abort, a bug) propagates at once.
 */
export async function runWithRetry<T>(
  attempt: (attemptNumber: number) => Promise<T>,
  options: RetryLoopOptions,
): Promise<T> {
  for (let retryIndex = 0; ; retryIndex++) {
    try {
      return await attempt(retryIndex + 1);
    } catch (error) {
      if (!(error instanceof GoogleApiError) || !isRetryableFailure(error, options.safety)) throw error;
      if (options.isFinal?.(error)) throw error;
      const delayMs = retryDelayMs(error, retryIndex, options.retry, options.random);
      if (delayMs === undefined || options.signal?.aborted) throw error;
      options.onRetry?.({ operation: options.operation, attempt: retryIndex + 1, delayMs, error });
      await options.sleep(delayMs, options.signal);
    }
  }
}
