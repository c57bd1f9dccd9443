import { GoogleApiError, GoogleAuthError } from '../errors.ts';
import { encodeBatchRequest, MAX_BATCH_CALLS, newBoundary } from './multipart-batch.ts';
import { attemptSignal, toTransportError } from './network-error.ts';
import { decodeBatch, errorFromResponse, parseBody } from './response-body.ts';
import { abortableSleep, runWithRetry } from './retry-loop.ts';
import { DEFAULT_RETRY_OPTIONS, type RetryOptions, type RetrySafety } from './retry-policy.ts';
import type {
  BatchOutcome,
  GoogleBatchRequest,
  GoogleRequest,
  QueryValue,
  TransportOptions,
} from './transport-types.ts';

export type {
  AccessTokenProvider,
  BatchCall,
  BatchOutcome,
  CallOptions,
  GoogleBatchRequest,
  GoogleRequest,
  QueryValue,
  RequestEvent,
  TransportOptions,
} from './transport-types.ts';

/**
 * The one HTTP path every Google call takes: bearer token, per-attempt timeout composed with the
 * caller's signal, retries, error classification and response validation with zod.
 */

/** One HTTP exchange as the retry loop sends it: a single call or a whole batch. */
interface Exchange<T> {
  operation: string;
  method: string;
  url: string;
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
  headers: (token: string) => Record<string, string>;
  body: string | undefined;
  decode: (response: Response, text: string) => T;
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
    const url = buildUrl(request.url, readQuery(request));
    const exchange: Exchange<T> = {
      ...request,
      url,
      headers: (token) => this.#headers(token, request.body !== undefined ? 'application/json' : undefined),
      body: bodyOf(request),
      decode: (response, text) => parseBody(text, request.schema, response.status, request.method, url),
    };
    return this.#withRetry(request, exchange);
  }

  /**
   * Sends reads as one HTTP batch (multipart-batch.ts) and returns each call's outcome in order:
   * its zod-validated body, or the Google error it alone met (a part can be rate limited or gone
   * while the others succeed). The batch as a whole is retried like any read.
   */
  async batch<T>(request: GoogleBatchRequest<T>): Promise<BatchOutcome<T>[]> {
    if (request.calls.length === 0) return [];
    if (request.calls.length > MAX_BATCH_CALLS)
      throw new RangeError(`a batch holds at most ${MAX_BATCH_CALLS} calls, not ${request.calls.length}`);
    const boundary = newBoundary(this.#options.random);
    const urls = request.calls.map((call) =>
      buildUrl(call.url, readQuery({ method: 'GET', query: call.query })),
    );
    const parts = urls.map((url, index) => {
      const parsed = new URL(url);
      return { id: `item${index + 1}`, method: 'GET' as const, path: `${parsed.pathname}${parsed.search}` };
    });
    const exchange: Exchange<BatchOutcome<T>[]> = {
      operation: request.operation,
      method: 'POST',
      url: request.endpoint,
      signal: request.signal,
      timeoutMs: request.timeoutMs,
      headers: (token) => this.#headers(token, `multipart/mixed; boundary=${boundary}`),
      body: encodeBatchRequest(parts, boundary),
      decode: (response, text) => decodeBatch(response, text, request.schema, urls),
    };
    return this.#withRetry(
      { operation: request.operation, safety: 'idempotent', signal: request.signal },
      exchange,
    );
  }

  #withRetry<T>(
    request: { operation: string; safety: RetrySafety; signal?: AbortSignal | undefined },
    exchange: Exchange<T>,
  ): Promise<T> {
    return runWithRetry((attempt) => this.#attemptWithTokenRefresh(exchange, attempt), {
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
  async #attemptWithTokenRefresh<T>(exchange: Exchange<T>, attempt: number): Promise<T> {
    try {
      return await this.#exchange(exchange, attempt, false);
    } catch (error) {
      if (!(error instanceof GoogleAuthError) || error.status !== 401) throw error;
      return this.#exchange(exchange, attempt, true);
    }
  }

  async #exchange<T>(exchange: Exchange<T>, attempt: number, forceRefresh: boolean): Promise<T> {
    const { method, url } = exchange;
    const token = await this.#accessToken(forceRefresh, exchange.signal);
    const { signal, timeoutSignal } = attemptSignal(
      exchange.signal,
      exchange.timeoutMs ?? this.#options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    );
    const started = performance.now();
    const report = (status: number | undefined, error: GoogleApiError | undefined) =>
      this.#options.onRequest?.({
        operation: exchange.operation,
        method,
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
        method,
        headers: exchange.headers(token),
        body: exchange.body,
        signal,
      });
      status = response.status;
      const text = await response.text();
      if (!response.ok) throw errorFromResponse(response, text, method, url);
      result = exchange.decode(response, text);
    } catch (error) {
      const mapped = toTransportError(error, {
        callerSignal: exchange.signal,
        timeoutSignal,
        status,
        method,
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

  #headers(token: string, contentType: string | undefined): Record<string, string> {
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'application/json' };
    if (contentType !== undefined) headers['content-type'] = contentType;
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

/** Reads go out as compact JSON (`prettyPrint=false`); writes keep their URLs. */
function readQuery(request: {
  method: string;
  query?: Record<string, QueryValue> | undefined;
}): Record<string, QueryValue> | undefined {
  return request.method === 'GET' ? { ...request.query, prettyPrint: false } : request.query;
}

function bodyOf(request: GoogleRequest<unknown>): string | undefined {
  return request.body === undefined ? undefined : JSON.stringify(request.body);
}
