import type { AccessTokenProvider } from '../http/transport.ts';
import type { AccessToken } from './oauth-token.ts';

export interface CachedTokenProviderOptions {
  /**
   * Fetches a fresh token, typically `refreshAccessToken` with the organization's stored grant. It
   * gets no caller signal: one refresh serves many callers, so one caller's abort must not cancel it
   * (the fetch's own per-attempt timeout bounds it).
   */
  fetchToken: () => Promise<AccessToken>;
  /** Refresh this long before Google's expiry so a token never dies mid-request. Default 60 s. */
  refreshMarginMs?: number | undefined;
  now?: (() => number) | undefined;
}

/**
 * Wraps a token fetcher into an `AccessTokenProvider` that caches the token until shortly before it
 * expires and shares one in-flight refresh among concurrent callers, so a sync running many requests
 * in parallel refreshes once, not once per request.
 */
export function createCachedTokenProvider(options: CachedTokenProviderOptions): AccessTokenProvider {
  const margin = options.refreshMarginMs ?? 60_000;
  const now = options.now ?? Date.now;
  let cached: AccessToken | undefined;
  let inFlight: Promise<AccessToken> | undefined;

  return async ({ forceRefresh }) => {
    if (forceRefresh && !inFlight) cached = undefined;
    if (cached && cached.expiresAt - margin > now()) return cached.accessToken;
    inFlight ??= options.fetchToken().finally(() => {
      inFlight = undefined;
    });
    cached = await inFlight;
    return cached.accessToken;
  };
}
