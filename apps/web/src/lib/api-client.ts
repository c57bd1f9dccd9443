import { newRequestId } from './request-id.ts';
import type { ErrorId } from '@fleetdeck/shared/error-ids';

/**
 * `apiFetch`: the browser's one door to Fleetdeck's `/api/*` (product and identity alike). It sends
 * the session cookie and one request id (`x-request-id`) for every attempt of a call, turns the
 * server's `{ error, message, status, requestId? }` answers into ApiRequestError, holds a request
 * that needs a step-up until the member confirmed it is them, and retries what is safe to retry
 * (decision 038): up to 3 attempts in all, on a network failure or one of the statuses the spec
 * lists (408, 409, 425, 429, 500, 502, 503, 504) for reads; a write only when the server answered
 * that it did not act on it (408, 425, 429), never another 4xx.
 */

/** Whether `error` is a failed API call answering one of these ids of the catalogue. */
export function hasErrorId(error: unknown, ...ids: readonly ErrorId[]): error is ApiRequestError {
  return error instanceof ApiRequestError && (ids as readonly string[]).includes(error.code);
}

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
  /** The id every attempt carried: the server's log has it if an attempt reached it. */
  readonly requestId: string | undefined;

  constructor(message: string, init: { attempts: number; requestId: string | undefined; cause: unknown }) {
    super(message, { cause: init.cause });
    this.name = 'ApiNetworkError';
    this.attempts = init.attempts;
    this.requestId = init.requestId;
  }
}

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** Seed §9: network fetch attempts. */
export const API_MAX_ATTEMPTS = 3;
/** Seed §9: the retryable HTTP statuses. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
/** Of those, the answers that say the server did not act: the only ones a write is sent again on. */
const NOT_ACTED_STATUSES: ReadonlySet<number> = new Set([408, 425, 429]);
const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);
const BASE_BACKOFF_MS = 200;
/** A Retry-After longer than this is not waited for: the member reads the message instead. */
const MAX_RETRY_AFTER_MS = 5_000;

export interface ApiRequest {
  /** GET, or POST when there is a body. */
  readonly method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Serialised as JSON; a Blob (a File) is sent as is, streamed by the browser, typed by its `type`. */
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
  readonly signal?: AbortSignal;
  /** A POST that only reads (a preview, a resolution, an export): retried like a GET. */
  readonly idempotent?: boolean;
  /** `false`: one attempt, for callers with a retry policy of their own (the session refresh). */
  readonly retry?: boolean;
  /** `false`: a `step_up_required` answer is thrown as is (the step-up dialog's own calls). */
  readonly stepUp?: boolean;
  /** Seams for tests and the auth client. */
  readonly fetch?: FetchLike;
  readonly sleep?: (ms: number) => Promise<void>;
}

/** Called when a request needs a step-up: resolves once the member proved a second factor. */
let stepUpWrapper: (<T>(call: () => Promise<T>) => Promise<T>) | undefined;

/** Why: the step-up module plugs in here without this file importing it (and its dialog) eagerly. */
export function installStepUpWrapper(wrapper: <T>(call: () => Promise<T>) => Promise<T>): void {
  stepUpWrapper = wrapper;
}

/** Why: every feature gets retries, typed errors, request ids and cookies right without repeating them. */
export function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  return apiResponse(path, request).then((response) => readJson(response) as Promise<T>);
}

/** Why: a download (CSV) needs the answer itself; it gets the same retries and errors as JSON calls. */
export function apiResponse(path: string, request: ApiRequest = {}): Promise<Response> {
  if (!path.startsWith('/api/'))
    return Promise.reject(new Error(`apiFetch only calls Fleetdeck's API (/api/...), not ${path}`));
  const call = () => send(path, request);
  return stepUpWrapper && request.stepUp !== false ? stepUpWrapper(call) : call();
}

async function send(path: string, request: ApiRequest): Promise<Response> {
  const method = request.method ?? (request.body === undefined ? 'GET' : 'POST');
  const doFetch = request.fetch ?? browserFetch;
  const sleep = request.sleep ?? defaultSleep;
  const requestId = newRequestId();
  const headers: Record<string, string> = { Accept: 'application/json', ...request.headers };
  if (requestId) headers['x-request-id'] = requestId;
  let body: string | Blob | undefined;
  if (request.body instanceof Blob) {
    headers['Content-Type'] ??= request.body.type || 'application/octet-stream';
    body = request.body;
  } else if (request.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(request.body);
  }
  const reads = SAFE_METHODS.has(method) || request.idempotent === true;
  const attempts = request.retry === false ? 1 : API_MAX_ATTEMPTS;

  for (let attempt = 1; ; attempt += 1) {
    let response: Response;
    try {
      response = await doFetch(path, {
        method,
        headers,
        body,
        credentials: 'same-origin',
        signal: request.signal,
      });
    } catch (error) {
      if (isAbort(error, request.signal)) throw error;
      // A write may have reached the server before the connection dropped: it is not sent again.
      if (!reads || attempt >= attempts)
        throw networkError(method, path, { attempt, reads, requestId, error });
      await sleep(backoffMs(attempt));
      continue;
    }
    if (response.ok) return response;
    const wait = attempt < attempts ? retryDelay(response, attempt, reads) : undefined;
    if (wait === undefined) throw await toApiRequestError(response, requestId);
    await sleep(wait);
  }
}

/** How long to wait before the next attempt, or undefined when this answer is not retried. */
function retryDelay(response: Response, attempt: number, reads: boolean): number | undefined {
  const retryable = reads ? RETRYABLE_STATUSES : NOT_ACTED_STATUSES;
  if (!retryable.has(response.status)) return undefined;
  const backoff = backoffMs(attempt);
  const after = retryAfterMs(response.headers.get('retry-after'));
  if (after === undefined) return backoff;
  return after > MAX_RETRY_AFTER_MS ? undefined : Math.max(backoff, after);
}

function retryAfterMs(header: string | null): number | undefined {
  if (header === null || !/^\d{1,6}$/.test(header.trim())) return undefined;
  return Number(header.trim()) * 1000;
}

/** 200 ms, 400 ms (the spec's backoff start) with a little jitter so many tabs do not retry in lockstep. */
function backoffMs(attempt: number): number {
  const base = BASE_BACKOFF_MS * 2 ** (attempt - 1);
  return base + Math.floor(Math.random() * base * 0.25);
}

function networkError(
  method: string,
  path: string,
  failure: { attempt: number; reads: boolean; requestId: string | undefined; error: unknown },
): ApiNetworkError {
  const message = failure.reads
    ? `Could not reach Fleetdeck's server (${method} ${path}) after ${failure.attempt} attempts. Check your connection and try again.`
    : `The connection dropped before Fleetdeck's server answered (${method} ${path}): the change may or may not have been made. Reload to check before trying again.`;
  return new ApiNetworkError(message, {
    attempts: failure.attempt,
    requestId: failure.requestId,
    cause: failure.error,
  });
}

/** The page's own fetch, late-bound so tests and tools can replace `globalThis.fetch`. */
export const browserFetch: FetchLike = (input, init) => fetch(input, init);

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

async function toApiRequestError(
  response: Response,
  sentRequestId: string | undefined,
): Promise<ApiRequestError> {
  const parsed = await readErrorBody(response);
  const record =
    typeof parsed === 'object' && parsed !== null ? (parsed as Partial<Record<string, unknown>>) : {};
  // Fleetdeck's `{ error, message, status, requestId? }`, or the identity service's `{ code, message }`.
  const code = typeof record.error === 'string' ? record.error : record.code;
  return new ApiRequestError({
    status: response.status,
    code: typeof code === 'string' ? code : `http_${response.status}`,
    message:
      typeof record.message === 'string' && record.message
        ? record.message
        : fallbackMessage(response.status),
    requestId:
      typeof record.requestId === 'string'
        ? record.requestId
        : (response.headers.get('x-request-id') ?? sentRequestId),
    details: record.details,
  });
}

async function readErrorBody(response: Response): Promise<unknown> {
  try {
    return JSON.parse(await response.text()) as unknown;
  } catch {
    return null;
  }
}

function fallbackMessage(status: number): string {
  // Seed §8: the identity service's words for a call without a session.
  if (status === 401) return 'Auth session missing!';
  if (status === 403) return 'You do not have permission to do that.';
  if (status === 404) return 'That was not found. It may have been removed.';
  if (status === 429) return 'Too many requests right now. Wait a moment and try again.';
  if (status >= 500) return "Fleetdeck's server had a problem. Try again in a moment.";
  return `The request failed (HTTP ${status}).`;
}
