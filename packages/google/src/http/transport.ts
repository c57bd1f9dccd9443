import type { z } from 'zod';
import { classifyGoogleError } from '../error-classification.ts';
import { GoogleApiError, GoogleAuthError, GoogleUnexpectedResponseError } from '../errors.ts';
import { attemptSignal, toTransportError } from './network-error.ts';
import { validateResponse } from './response-validation.ts';
import { abortableSleep, type RetryEvent, runWithRetry } from './retry-loop.ts';
import {
  DEFAULT_RETRY_OPTIONS,
  parseRetryAfterMs,
  type RetryOptions,
  type RetrySafety,
} from './retry-policy.ts';

/**
 * The one HTTP path every Google call takes: bearer token, per-attempt timeout composed with the
 * caller's signal, retries, error classification and response validation with zod.
 */

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

const DEFAULT_TIMEOUT_MS = 30_000;

export class GoogleTransport {
  readonly #options: TransportOptions;
  readonly #retry: RetryOptions;
  readonly #fetch: typeof globalThis.fetch;
  /** Failures of the token provider: it retries on its own, so the request loop must not multiply that. */
  readonly #tokenFailures = new WeakSet<object>();

  constructor(options: TransportOptions) {
    this.#options = options;
    this.#retry = { ...DEFAULT_RETRY_OPTIONS, ...options.retry };
    this.#fetch = options.fetch ?? globalThis.fetch;
  }

  /** Sends one logical request (with retries) and returns the zod-validated body. */
  async request<T>(request: GoogleRequest<T>): Promise<T> {
    // Google pretty-prints by default; compact JSON is smaller on the wire and cheaper to parse.
    // Reads carry the large answers (listings of hundreds of devices); writes keep their URLs.
    const query = request.method === 'GET' ? { ...request.query, prettyPrint: false } : request.query;
    const url = buildUrl(request.url, query);
    return runWithRetry((attempt) => this.#attemptWithTokenRefresh(request, url, attempt), {
      operation: request.operation,
      safety: request.safety,
      retry: this.#retry,
      signal: request.signal,
      random: this.#options.random ?? Math.random,
      sleep: this.#options.sleep ?? abortableSleep,
      onRetry: this.#options.onRetry,
      isFinal: (error) => this.#tokenFailures.has(error),
    });
  }

  /** A 401 on a cached token gets one immediate retry with a fresh token before it counts. */
  async #attemptWithTokenRefresh<T>(request: GoogleRequest<T>, url: string, attempt: number): Promise<T> {
    try {
      return await this.#exchange(request, url, attempt, false);
    } catch (error) {
      if (!(error instanceof GoogleAuthError) || error.status !== 401) throw error;
      return this.#exchange(request, url, attempt, true);
    }
  }

  async #exchange<T>(
    request: GoogleRequest<T>,
    url: string,
    attempt: number,
    forceRefresh: boolean,
  ): Promise<T> {
    const token = await this.#accessToken(forceRefresh, request.signal);
    const { signal, timeoutSignal } = attemptSignal(
      request.signal,
      request.timeoutMs ?? this.#options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    );
    const started = performance.now();
    const report = (status: number | undefined, error: GoogleApiError | undefined) =>
      this.#options.onRequest?.({
        operation: request.operation,
        method: request.method,
        url,
        attempt,
        status,
        durationMs: performance.now() - started,
        error,
      });
    let status: number | undefined;
    let result: T;
    try {
      const response = await this.#fetch(url, {
        method: request.method,
        headers: this.#headers(token, request),
        body: bodyOf(request),
        signal,
      });
      status = response.status;
      const text = await response.text();
      if (!response.ok) throw errorFromResponse(response, text, request.method, url);
      result = parseBody(text, request.schema, response.status, request.method, url);
    } catch (error) {
      const mapped = toTransportError(error, {
        callerSignal: request.signal,
        timeoutSignal,
        status,
        method: request.method,
        url,
      });
      report(status, mapped instanceof GoogleApiError ? mapped : undefined);
      throw mapped;
    }
    report(status, undefined);
    return result;
  }

  async #accessToken(forceRefresh: boolean, signal: AbortSignal | undefined): Promise<string> {
    try {
      return await this.#options.getAccessToken({ forceRefresh, signal });
    } catch (error) {
      if (typeof error === 'object' && error !== null) this.#tokenFailures.add(error);
      throw error;
    }
  }

  #headers(token: string, request: GoogleRequest<unknown>): Record<string, string> {
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'application/json' };
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    if (this.#options.userAgent) headers['user-agent'] = this.#options.userAgent;
    return headers;
  }
}

/** Joins a base URL and query parameters; arrays repeat the key, `undefined` is left out. */
export function buildUrl(base: string, query: Record<string, QueryValue> | undefined): string {
  if (!query) return base;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (typeof value === 'object') for (const item of value) params.append(key, item);
    else params.append(key, String(value));
  }
  const search = params.toString();
  return search === '' ? base : `${base}${base.includes('?') ? '&' : '?'}${search}`;
}

function bodyOf(request: GoogleRequest<unknown>): string | undefined {
  return request.body === undefined ? undefined : JSON.stringify(request.body);
}

function errorFromResponse(response: Response, text: string, method: string, url: string): GoogleApiError {
  return classifyGoogleError({
    status: response.status,
    bodyText: text,
    wwwAuthenticate: response.headers.get('www-authenticate'),
    retryAfterMs: parseRetryAfterMs(response.headers.get('retry-after'), Date.now()),
    method,
    url,
  });
}

/** Parses a 2xx body; an empty body (e.g. moveDevicesToOu) is treated as `{}`. */
export function parseBody<T>(
  text: string,
  schema: z.ZodType<T>,
  status: number,
  method: string,
  url: string,
): T {
  let json: unknown;
  try {
    json = /^\s*$/.test(text) ? {} : JSON.parse(text);
  } catch (cause) {
    throw new GoogleUnexpectedResponseError({
      status,
      message: 'Google answered with a body that is not JSON',
      method,
      url,
      cause,
    });
  }
  const parsed = validateResponse(schema, json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'unknown issue';
  throw new GoogleUnexpectedResponseError({
    status,
    message: `Google's response did not match the expected shape at ${where}`,
    method,
    url,
    cause: parsed.error,
  });
}
