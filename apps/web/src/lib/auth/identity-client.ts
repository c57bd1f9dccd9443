/**
 * A small fetch client for the identity endpoints Fleetdeck's pages call (`/api/identity/*` and
 * the product server's `/api/auth/*`). It keeps better-auth's browser client and zod off the first
 * load, and turns both error shapes (`{code, message}` and `{error, message, status}`) into one.
 */

/** An identity call the server refused; `code` is stable, `message` is for people. */
export class IdentityError extends Error {
  readonly status: number;
  readonly code: string;
  /** The server's `details`, e.g. `{ missingScopes }` for `google_scopes_missing`. */
  readonly details: unknown;

  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message);
    this.name = 'IdentityError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

/** The request never got an answer (offline, connection reset). */
export class IdentityNetworkError extends Error {
  constructor(cause: unknown) {
    super("Could not reach Fleetdeck's server. Check your connection and try again.", { cause });
    this.name = 'IdentityNetworkError';
  }
}

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface IdentityRequest {
  readonly method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
}

const RETRYABLE = new Set([502, 503, 504]);

/** Why: the refresh policy retries exactly these failures and nothing else (seed §4, §8). */
export function isRetryableIdentityFailure(error: unknown): boolean {
  if (error instanceof IdentityNetworkError) return true;
  return error instanceof IdentityError && RETRYABLE.has(error.status);
}

/** Why: one place turns an identity answer into data or a typed error, for every page and the auth client. */
export async function identityRequest<T>(
  fetchImpl: FetchLike,
  path: string,
  request: IdentityRequest = {},
): Promise<T> {
  const method = request.method ?? (request.body === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = { Accept: 'application/json', ...request.headers };
  let body: string | undefined;
  if (request.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(request.body);
  }
  let response: Response;
  try {
    response = await fetchImpl(path, { method, headers, body, credentials: 'same-origin' });
  } catch (error) {
    throw new IdentityNetworkError(error);
  }
  const text = await response.text();
  const parsed = parseJson(text);
  if (response.ok) return parsed as T;
  throw toIdentityError(response.status, parsed);
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function toIdentityError(status: number, body: unknown): IdentityError {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const code =
    typeof record.code === 'string'
      ? record.code
      : typeof record.error === 'string'
        ? record.error
        : `http_${status}`;
  const message =
    typeof record.message === 'string' && record.message !== '' ? record.message : fallbackMessage(status);
  return new IdentityError(status, code, message, record.details);
}

function fallbackMessage(status: number): string {
  if (status === 401) return 'Auth session missing!';
  if (status === 403) return 'You do not have permission to do that.';
  if (status === 429) return 'Too many attempts. Wait a minute and try again.';
  if (status >= 500) return "Fleetdeck's server had a problem. Try again in a moment.";
  return `The request failed (HTTP ${status}).`;
}

/** The page's own fetch, late-bound so tests and tools can replace `globalThis.fetch`. */
export const browserFetch: FetchLike = (input, init) => fetch(input, init);

/** Called when a request needs a step-up: resolves true once the member proved a second factor. */
let stepUp: (<T>(call: () => Promise<T>) => Promise<T>) | undefined;

/** Why: the step-up module plugs in here without this file importing it (and its dialog) eagerly. */
export function installStepUpWrapper(wrapper: <T>(call: () => Promise<T>) => Promise<T>): void {
  stepUp = wrapper;
}

/**
 * Why: feature api files call the identity endpoints in one line with the page's fetch; a request
 * the server holds for a step-up is sent again once the member confirmed it is them.
 */
export function callIdentity<T>(path: string, request: IdentityRequest = {}): Promise<T> {
  const call = () => identityRequest<T>(browserFetch, path, request);
  return stepUp ? stepUp(call) : call();
}
