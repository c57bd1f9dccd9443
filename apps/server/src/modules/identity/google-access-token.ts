import { decryptOAuthToken, setTokenUtil } from 'better-auth/oauth2';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Config } from '../../config/env.ts';
import type { DB } from '../../db/schema.ts';
import { GoogleReconsentRequiredError, googleErrors } from '../../errors/google-errors.ts';
import type { IdentityAuth } from './identity-auth.ts';
import { LOCAL_GOOGLE_CLIENT } from './google-client-credentials.ts';

export { GoogleReconsentRequiredError };

type TokenContext = Parameters<typeof decryptOAuthToken>[1];

const REFRESH_MARGIN_MS = 60_000;
const discoverySchema = z.object({ token_endpoint: z.url() });
const tokenSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive().optional(),
  refresh_token: z.string().min(1).optional(),
  scope: z.string().optional(),
});

interface AccountRow {
  id: string;
  accessToken?: string | null;
  refreshToken?: string | null;
  accessTokenExpiresAt?: Date | string | null;
}

export interface GoogleTokenSource {
  /**
   * A fresh token for the organization's connected grant; marks it `needs_reconsent` on `invalid_grant`.
   * `forceRefresh` (Google answered 401 to the cached token) skips the cache and asks Google again.
   */
  forOrganization(orgId: string, options?: { forceRefresh?: boolean }): Promise<string>;
  /**
   * A fresh token for one better-auth account row (onboarding, before an organization exists).
   * `verifyGrant` refreshes even a valid token, so the stored scopes are what Google grants now.
   */
  forAccount(accountId: string, options?: { verifyGrant?: boolean }): Promise<string>;
}

type Tokens = z.infer<typeof tokenSchema>;

/** Google's answer to a refresh: the new tokens, or null when it answers `invalid_grant`. */
async function askGoogleToRefresh(
  doFetch: typeof globalThis.fetch,
  endpoint: string,
  config: Config,
  refreshToken: string,
): Promise<Tokens | null> {
  const res = await doFetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: config.google.clientId ?? LOCAL_GOOGLE_CLIENT.id,
      client_secret: config.google.clientSecret ?? LOCAL_GOOGLE_CLIENT.secret,
    }),
  }).catch(() => undefined);
  if (!res) throw googleUnavailable();
  const body: unknown = await res.json().catch(() => ({}));
  if (!res.ok) {
    const error = (body as { error?: unknown }).error;
    if (res.status === 400 && error === 'invalid_grant') return null;
    throw googleUnavailable();
  }
  return tokenSchema.parse(body);
}

/** Stores refreshed tokens on the account row, encrypted as better-auth stores its own. */
async function storeRefreshed(ctx: TokenContext, accountId: string, tokens: Tokens): Promise<void> {
  await ctx.internalAdapter.updateAccount(accountId, {
    accessToken: await setTokenUtil(tokens.access_token, ctx),
    accessTokenExpiresAt: new Date(Date.now() + (tokens.expires_in ?? 3600) * 1000),
    ...(tokens.refresh_token ? { refreshToken: await setTokenUtil(tokens.refresh_token, ctx) } : {}),
    // better-auth updates scopes only when linking; Google's answer is the truth of what is granted.
    ...(tokens.scope ? { scope: tokens.scope.split(/\s+/).filter(Boolean).join(',') } : {}),
  });
}

function connectionOf(db: Kysely<DB>, orgId: string) {
  return db
    .selectFrom('org_google_connection')
    .select(['account_id', 'status'])
    .where('org_id', '=', orgId)
    .executeTakeFirst();
}

/** Why: a refused grant stops every sync and action until an admin reconnects Google. */
async function markNeedsReconsent(db: Kysely<DB>, orgId: string): Promise<void> {
  await db
    .updateTable('org_google_connection')
    .set({ status: 'needs_reconsent', updated_at: new Date(), last_error: 'invalid_grant' })
    .where('org_id', '=', orgId)
    .execute();
}

/**
 * Why: every Google call runs on an admin's offline grant. better-auth's own `getAccessToken`
 * hides why a refresh failed, and Fleetdeck must tell a revoked grant (`invalid_grant`: ask the
 * admin to reconnect) from an outage (retry later), so the refresh is done here, with the same
 * encryption better-auth uses for the stored tokens. Concurrent callers share one refresh.
 */
export function createGoogleTokenSource(deps: {
  auth: IdentityAuth;
  db: Kysely<DB>;
  config: Config;
  fetch?: typeof globalThis.fetch;
  onReconsentRequired?: (orgId: string) => Promise<void>;
}): GoogleTokenSource {
  const doFetch = deps.fetch ?? globalThis.fetch;
  const inFlight = new Map<string, Promise<string>>();
  let tokenEndpoint: string | undefined;
  // better-auth's context typed for its generic options; the token helpers take the base type.
  const authContext = async () => (await deps.auth.$context) as unknown as TokenContext;

  const endpoint = async () => {
    if (tokenEndpoint) return tokenEndpoint;
    const res = await doFetch(`${deps.config.google.issuerUrl}/.well-known/openid-configuration`);
    if (!res.ok) throw googleUnavailable();
    tokenEndpoint = discoverySchema.parse(await res.json()).token_endpoint;
    return tokenEndpoint;
  };

  /** null: Google answered `invalid_grant` (or no refresh token is stored). */
  const refresh = async (account: AccountRow): Promise<string | null> => {
    const ctx = await authContext();
    const refreshToken = account.refreshToken ? await decryptOAuthToken(account.refreshToken, ctx) : '';
    if (!refreshToken) return null;
    const tokens = await askGoogleToRefresh(doFetch, await endpoint(), deps.config, refreshToken);
    if (tokens === null) return null;
    await storeRefreshed(ctx, account.id, tokens);
    return tokens.access_token;
  };

  const tokenFor = async (accountId: string, verifyGrant = false): Promise<string | null> => {
    const ctx = await authContext();
    const account = await ctx.adapter.findOne<AccountRow>({
      model: 'account',
      where: [{ field: 'id', value: accountId }],
    });
    if (!account) return null;
    const expiresAt = account.accessTokenExpiresAt ? new Date(account.accessTokenExpiresAt).getTime() : 0;
    if (!verifyGrant && account.accessToken && expiresAt - Date.now() > REFRESH_MARGIN_MS)
      return decryptOAuthToken(account.accessToken, ctx);
    return refresh(account);
  };

  const shared = (key: string, run: () => Promise<string>) => {
    const running = inFlight.get(key);
    if (running) return running;
    const promise = run().finally(() => inFlight.delete(key));
    inFlight.set(key, promise);
    return promise;
  };

  return {
    forAccount: (accountId, options) =>
      shared(`account:${accountId}:${options?.verifyGrant === true}`, async () => {
        const token = await tokenFor(accountId, options?.verifyGrant);
        if (token === null) throw new GoogleReconsentRequiredError();
        return token;
      }),
    forOrganization: (orgId, options) =>
      shared(`org:${orgId}:${options?.forceRefresh === true}`, async () => {
        const connection = await connectionOf(deps.db, orgId);
        if (!connection) throw googleErrors.notConnected();
        if (connection.status === 'needs_reconsent') throw new GoogleReconsentRequiredError();
        const token = await tokenFor(connection.account_id, options?.forceRefresh);
        if (token !== null) return token;
        await markNeedsReconsent(deps.db, orgId);
        await deps.onReconsentRequired?.(orgId);
        throw new GoogleReconsentRequiredError();
      }),
  };
}

const googleUnavailable = googleErrors.tokenRefreshUnanswered;
