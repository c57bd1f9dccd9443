import { classifyOAuthError } from '../error-classification.ts';
import type { GoogleApiError } from '../errors.ts';
import { attemptSignal, toTransportError } from '../http/network-error.ts';
import { abortableSleep, type RetryEvent, runWithRetry } from '../http/retry-loop.ts';
import { DEFAULT_RETRY_OPTIONS, parseRetryAfterMs, type RetryOptions } from '../http/retry-policy.ts';
import { parseBody } from '../http/response-body.ts';
import { tokenResponseSchema } from './oauth-token.schema.ts';

/** The server side of Google OAuth: trading a stored refresh token for a short-lived access token. */

export interface RefreshAccessTokenOptions {
  /** The token endpoint, `https://oauth2.googleapis.com/token` for Google (see google-hosts.ts). */
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  fetch?: typeof globalThis.fetch | undefined;
  signal?: AbortSignal | undefined;
  /** Per attempt. Default 15 s. */
  timeoutMs?: number | undefined;
  retry?: Partial<RetryOptions> | undefined;
  sleep?: ((ms: number, signal: AbortSignal | undefined) => Promise<void>) | undefined;
  random?: (() => number) | undefined;
  onRetry?: ((event: RetryEvent) => void) | undefined;
  /** Clock for `expiresAt`; injectable for tests. */
  now?: (() => number) | undefined;
}

export interface AccessToken {
  accessToken: string;
  /** Epoch milliseconds after which Google rejects the token. */
  expiresAt: number;
  /** Scopes actually granted. */
  scopes: string[];
  tokenType: string;
  /** Present only when Google rotated the refresh token; store it if so. */
  refreshToken: string | undefined;
  idToken: string | undefined;
}

/**
 * Exchanges a refresh token for an access token. `invalid_grant` (revoked, expired, or unused for six
 * months) raises `GoogleAuthError` with `needsReconsent: true`; 5xx and network failures are retried
 * because a refresh grant has no side effect beyond issuing a token.
 */
export async function refreshAccessToken(options: RefreshAccessTokenOptions): Promise<AccessToken> {
  const body = new URLSearchParams({
    grant_type: 'refresh_token',
    refresh_token: options.refreshToken,
    client_id: options.clientId,
    client_secret: options.clientSecret,
  }).toString();
  const response = await runWithRetry(() => postTokenRequest(options, body), {
    operation: 'oauth.token.refresh',
    safety: 'idempotent',
    retry: { ...DEFAULT_RETRY_OPTIONS, ...options.retry },
    signal: options.signal,
    random: options.random ?? Math.random,
    sleep: options.sleep ?? abortableSleep,
    onRetry: options.onRetry,
  });
  return {
    accessToken: response.access_token,
    expiresAt: (options.now ?? Date.now)() + response.expires_in * 1000,
    scopes: response.scope?.split(' ').filter((s) => s !== '') ?? [],
    tokenType: response.token_type ?? 'Bearer',
    refreshToken: response.refresh_token,
    idToken: response.id_token,
  };
}

async function postTokenRequest(options: RefreshAccessTokenOptions, body: string) {
  const { signal, timeoutSignal } = attemptSignal(options.signal, options.timeoutMs ?? 15_000);
  const fetchFn = options.fetch ?? globalThis.fetch;
  let status: number | undefined;
  try {
    const response = await fetchFn(options.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body,
      signal,
    });
    status = response.status;
    const text = await response.text();
    if (!response.ok) throw oauthError(response, text, options.tokenUrl);
    return parseBody(text, tokenResponseSchema, response.status, 'POST', options.tokenUrl);
  } catch (error) {
    throw toTransportError(error, {
      callerSignal: options.signal,
      timeoutSignal,
      status,
      method: 'POST',
      url: options.tokenUrl,
    });
  }
}

function oauthError(response: Response, text: string, url: string): GoogleApiError {
  return classifyOAuthError({
    status: response.status,
    bodyText: text,
    retryAfterMs: parseRetryAfterMs(response.headers.get('retry-after'), Date.now()),
    method: 'POST',
    url,
  });
}
