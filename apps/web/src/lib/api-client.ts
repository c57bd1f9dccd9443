import type { ApiError } from '@fleetdeck/shared/api-error';

/**
 * `apiFetch`: the browser's one door to Fleetdeck's `/api/*`. It sends the session cookie,
 * turns the server's `{ error, message, status, requestId? }` answers into ApiRequestError,
 * and retries what is safe to retry: network failures (any method, up to 3 attempts in all)
 * and 502/503/504 on idempotent methods.
 */

/** A failed API call, carrying the server's stable error id and request id for support. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly requestId: string | undefined;
  readonly details: unknown;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    requestId?: string | undefined;
    details?: unknown;
  }) {
    super(init.message);
    this.name = 'ApiRequestError';
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId;
    this.details = init.details;
  }
}

/** The request never got an answer (offline, DNS, connection reset) after every attempt. */
export class ApiNetworkError extends Error {
  readonly attempts: number;

  constructor(message: string, attempts: number, cause: unknown) {
    super(message, { cause });
    this.name = 'ApiNetworkError';
    this.attempts = attempts;
  }
}

export const API_MAX_ATTEMPTS = 3;
const RETRYABLE_STATUSES = new Set([502, 503, 504]);
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
const BASE_BACKOFF_MS = 200;

export interface ApiFetchOptions {
  readonly method?: string;
  /** Serialised as JSON. */
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
  readonly signal?: AbortSignal;
  /** Seams for tests and non-browser callers. */
  readonly fetch?: typeof fetch;
  readonly sleep?: (ms: number) => Promise<void>;
}

/** Why: every feature gets retries, typed errors and cookies right without repeating them. */
export async function apiFetch<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  if (!path.startsWith('/api/'))
    throw new Error(`apiFetch only calls Fleetdeck's API (/api/...), not ${path}`);
  const method = (options.method ?? 'GET').toUpperCase();
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const sleep = options.sleep ?? defaultSleep;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  for (let attempt = 1; ; attempt += 1) {
    let response: Response;
    try {
      response = await doFetch(path, {
        method,
        headers,
        body,
        credentials: 'same-origin',
        signal: options.signal,
      });
    } catch (error) {
      if (isAbort(error, options.signal)) throw error;
      if (attempt >= API_MAX_ATTEMPTS) {
        throw new ApiNetworkError(
          `Could not reach Fleetdeck's server (${method} ${path}) after ${attempt} attempts. Check your connection and try again.`,
          attempt,
          error,
        );
      }
      await sleep(backoffMs(attempt));
      continue;
    }
    if (response.ok) return (await readJson(response)) as T;
    if (
      RETRYABLE_STATUSES.has(response.status) &&
      IDEMPOTENT_METHODS.has(method) &&
      attempt < API_MAX_ATTEMPTS
    ) {
      await sleep(backoffMs(attempt));
      continue;
    }
    throw await toApiRequestError(response);
  }
}

/** 200 ms, 400 ms, ... with a little jitter so many tabs do not retry in lockstep. */
function backoffMs(attempt: number): number {
  const base = BASE_BACKOFF_MS * 2 ** (attempt - 1);
  return base + Math.floor(Math.random() * base * 0.25);
}

function defaultSleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true || (error instanceof DOMException && error.name === 'AbortError');
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiRequestError({
      status: response.status,
      code: 'invalid_response',
      message: "Fleetdeck's server sent an answer the app could not read. Reload the page and try again.",
      requestId: response.headers.get('x-request-id') ?? undefined,
    });
  }
}

async function toApiRequestError(response: Response): Promise<ApiRequestError> {
  const headerRequestId = response.headers.get('x-request-id') ?? undefined;
  const parsed = await readErrorBody(response);
  if (isApiErrorBody(parsed)) {
    return new ApiRequestError({
      status: response.status,
      code: parsed.error,
      message: parsed.message,
      requestId: parsed.requestId ?? headerRequestId,
      details: parsed.details,
    });
  }
  return new ApiRequestError({
    status: response.status,
    code: `http_${response.status}`,
    message: fallbackMessage(response.status),
    requestId: headerRequestId,
  });
}

async function readErrorBody(response: Response): Promise<unknown> {
  try {
    return JSON.parse(await response.text()) as unknown;
  } catch {
    return null;
  }
}

/** Checks the shape of `@fleetdeck/shared/api-error` by hand so the classic zod API stays out of the first load. */
function isApiErrorBody(value: unknown): value is ApiError {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.error === 'string' &&
    typeof record.message === 'string' &&
    typeof record.status === 'number' &&
    (record.requestId === undefined || typeof record.requestId === 'string')
  );
}

function fallbackMessage(status: number): string {
  if (status === 401) return 'Your session has ended. Sign in again to continue.';
  if (status === 403) return 'You do not have permission to do that.';
  if (status === 404) return 'That was not found. It may have been removed.';
  if (status === 429) return 'Too many requests right now. Wait a moment and try again.';
  if (status >= 500) return "Fleetdeck's server had a problem. Try again in a moment.";
  return `The request failed (HTTP ${status}).`;
}
