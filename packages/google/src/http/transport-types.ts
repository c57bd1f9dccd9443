/** The shapes the transport takes and gives: options, requests, batch calls and their outcomes. */
import type { z } from 'zod';
import type { GoogleApiError } from '../errors.ts';
import type { RetryOptions, RetrySafety } from './retry-policy.ts';
import type { RetryEvent } from './retry-loop.ts';

/** Supplies access tokens; `forceRefresh` is set after Google answered 401 to a cached token. */
export type AccessTokenProvider = (options: {
  forceRefresh: boolean;
  signal: AbortSignal | undefined;
}) => Promise<string>;

/** What `onRequest` hooks receive after every HTTP exchange (including ones that will be retried). */
export interface RequestEvent {
  operation: string;
  method: string;
  url: string;
  attempt: number;
  /** HTTP status, or undefined when no response arrived. */
  status: number | undefined;
  durationMs: number;
  error: GoogleApiError | undefined;
}

export interface TransportOptions {
  getAccessToken: AccessTokenProvider;
  fetch?: typeof globalThis.fetch | undefined;
  retry?: Partial<RetryOptions> | undefined;
  /** Per attempt, covering the response body too. Default 30 s. */
  timeoutMs?: number | undefined;
  onRequest?: ((event: RequestEvent) => void) | undefined;
  onRetry?: ((event: RetryEvent) => void) | undefined;
  /** Waits between attempts; injectable so tests need not wait. */
  sleep?: ((ms: number, signal: AbortSignal | undefined) => Promise<void>) | undefined;
  /** Source of jitter in [0, 1). */
  random?: (() => number) | undefined;
  userAgent?: string | undefined;
}

export type QueryValue = string | number | boolean | undefined | readonly string[];

export interface GoogleRequest<T> {
  /** A stable name for logs and metrics, e.g. `directory.chromeosdevices.list`. */
  operation: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  query?: Record<string, QueryValue> | undefined;
  body?: unknown;
  schema: z.ZodType<T>;
  safety: RetrySafety;
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
}

/** Call options every client method accepts. */
export interface CallOptions {
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
}

/** One read inside a batch: a full URL on the batch endpoint's host and its query. */
export interface BatchCall {
  url: string;
  query?: Record<string, QueryValue> | undefined;
}

export interface GoogleBatchRequest<T> {
  /** The name of the calls inside, e.g. `directory.chromeosdevices.get`. */
  operation: string;
  /** The API's batch URL, e.g. `https://admin.googleapis.com/batch`. */
  endpoint: string;
  calls: readonly BatchCall[];
  /** Every call's answer has this shape. */
  schema: z.ZodType<T>;
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
}

export type BatchOutcome<T> = { ok: true; value: T } | { ok: false; error: GoogleApiError };
