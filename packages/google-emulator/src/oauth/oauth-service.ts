import { createDemoAdmins, type EmulatorAdmin } from './demo-admins.ts';
import { createGrantStore, type Grant } from './grant-store.ts';
import { createSigningKeys, type PublicJwk } from './signing-keys.ts';
import { exchangeCode, refreshGrant, type TokenContext } from './token-exchange.ts';
import type { OAuthFailure, TokenResult } from './oauth-errors.ts';

export type { EmulatorAdmin } from './demo-admins.ts';

export interface StrictClient {
  clientId: string;
  clientSecret: string;
  redirectUris: readonly string[];
}

export interface OAuthServiceOptions {
  /** The emulator origin (known only once it listens), used as `iss` and for every endpoint. */
  issuer: () => string;
  domain: string;
  customerId: string;
  /** Default 3600 (Google's one hour). */
  accessTokenTtlSeconds?: number;
  /** The emulator clock in milliseconds since the epoch (`Date.now` by default). */
  now?: () => number;
  /** When set, only these clients and redirect URIs are accepted. */
  strictClients?: ReadonlyArray<StrictClient>;
  /** A JSON file that keeps consents and refresh tokens across restarts (in memory when unset). */
  grantsFile?: string;
}

/** What the user approved on the consent page, carried from `/o/oauth2/v2/auth` into the code. */
export interface ApprovedAuthorization {
  email: string;
  clientId: string;
  redirectUri: string;
  scopes: readonly string[];
  nonce?: string;
  codeChallenge?: string;
  codeChallengeMethod?: 'S256' | 'plain';
  offline: boolean;
  forceConsent: boolean;
  includeGrantedScopes: boolean;
}

export interface VerifiedAccessToken {
  token: string;
  email: string;
  clientId: string;
  scopes: readonly string[];
  expiresAt: number;
  admin: EmulatorAdmin;
}

export interface GrantSummary {
  email: string;
  clientId: string;
  scopes: string[];
  createdAt: string;
  refreshTokens: number;
}

export interface OAuthService {
  readonly domain: string;
  readonly customerId: string;
  issuer(): string;
  /** The emulator clock in milliseconds. */
  now(): number;
  admins(): readonly EmulatorAdmin[];
  findAdmin(email: string): EmulatorAdmin | undefined;
  jwks(): { keys: PublicJwk[] };
  rotateSigningKey(): void;
  /** Checks a client at the token endpoint; undefined means accepted. */
  authenticateClient(clientId: string, clientSecret: string | undefined): OAuthFailure | undefined;
  /** Checks client id and redirect URI on the authorization request; undefined means accepted. */
  checkAuthorizationClient(clientId: string, redirectUri: string): OAuthFailure | undefined;
  /** Scopes the user already granted this client (for `include_granted_scopes` and `prompt=none`). */
  grantedScopes(email: string, clientId: string): readonly string[];
  issueCode(approved: ApprovedAuthorization): string;
  exchangeCode(params: {
    code: string;
    clientId: string;
    redirectUri: string;
    codeVerifier?: string;
  }): TokenResult;
  refresh(params: { refreshToken: string; clientId: string; scope?: string }): TokenResult;
  /** Revokes the grant behind an access or refresh token; false if the token is unknown or dead. */
  revokeToken(token: string): boolean;
  mintAccessToken(params: { email: string; scopes: readonly string[]; clientId?: string }): string;
  verifyAccessToken(token: string): VerifiedAccessToken | undefined;
  /** Makes live access tokens expire now (optionally one user's); returns how many were live. */
  expireAccessTokens(email?: string): number;
  /** Revokes a user's grants (optionally for one client); returns how many were revoked. */
  revokeGrant(email: string, clientId?: string): number;
  grants(): GrantSummary[];
}

/** Clients minted by tests and benchmarks share this id unless they pass their own. */
export const TEST_CLIENT_ID = 'fleetdeck-emulator-test-client';

function strictFailure(status: number, error: string, description: string): OAuthFailure {
  return { status, body: { error, error_description: description } };
}

/** One OAuth/OIDC authority per emulator: accounts, consent grants, tokens and signing keys. */
export function createOAuthService(options: OAuthServiceOptions): OAuthService {
  const now = options.now ?? Date.now;
  const ttlSeconds = options.accessTokenTtlSeconds ?? 3600;
  const admins = createDemoAdmins(options.domain, options.customerId);
  const store = createGrantStore(now, options.grantsFile);
  const keys = createSigningKeys();
  const findAdmin = (email: string) =>
    admins.find((admin) => admin.email.toLowerCase() === email.toLowerCase());
  const issuer = () => options.issuer().replace(/\/+$/, '');
  const context: TokenContext = { store, keys, now, ttlSeconds, issuer, findAdmin };

  return {
    domain: options.domain,
    customerId: options.customerId,
    issuer,
    now,
    admins: () => admins,
    findAdmin,
    jwks: () => keys.jwks(),
    rotateSigningKey: () => keys.rotate(),
    ...clientChecks(options.strictClients),
    ...grantMethods(context),
    ...tokenMethods(context),
  };
}

/** With strict clients, only registered client ids, secrets and redirect URIs pass; without, all do. */
function clientChecks(
  strict: ReadonlyArray<StrictClient> | undefined,
): Pick<OAuthService, 'authenticateClient' | 'checkAuthorizationClient'> {
  return {
    authenticateClient(clientId, clientSecret) {
      if (strict === undefined) return undefined;
      const client = strict.find((candidate) => candidate.clientId === clientId);
      if (client === undefined)
        return strictFailure(401, 'invalid_client', 'The OAuth client was not found.');
      if (client.clientSecret !== clientSecret) return strictFailure(401, 'invalid_client', 'Unauthorized');
      return undefined;
    },
    checkAuthorizationClient(clientId, redirectUri) {
      if (strict === undefined) return undefined;
      const client = strict.find((candidate) => candidate.clientId === clientId);
      if (client === undefined)
        return strictFailure(401, 'invalid_client', 'The OAuth client was not found.');
      if (!client.redirectUris.includes(redirectUri)) {
        return strictFailure(
          400,
          'redirect_uri_mismatch',
          `The redirect URI ${redirectUri} is not registered for this client.`,
        );
      }
      return undefined;
    },
  };
}

/** A grant as the control API lists it. */
function grantSummary(grant: Grant): GrantSummary {
  return {
    email: grant.email,
    clientId: grant.clientId,
    scopes: [...grant.scopes].sort(),
    createdAt: new Date(grant.createdAt).toISOString(),
    refreshTokens: grant.refreshTokens.length,
  };
}

/** Consent grants: the scopes granted so far, authorization codes, revoking and listing. */
function grantMethods(
  context: TokenContext,
): Pick<OAuthService, 'grantedScopes' | 'issueCode' | 'revokeToken' | 'revokeGrant' | 'grants'> {
  const { store, now } = context;
  return {
    grantedScopes: (email, clientId) => [...(store.activeGrant(email, clientId)?.scopes ?? [])],
    issueCode(approved) {
      const previous = approved.includeGrantedScopes
        ? store.activeGrant(approved.email, approved.clientId)
        : undefined;
      const scopes = [...new Set([...(previous?.scopes ?? []), ...approved.scopes])];
      return store.saveCode({ ...approved, scopes, expiresAt: now() + 10 * 60_000 }).code;
    },
    revokeToken(token) {
      const grantId = store.access(token)?.grantId ?? store.refresh(token)?.grantId;
      const grant = grantId === undefined ? undefined : store.grantById(grantId);
      if (grant === undefined) return false;
      store.revoke(grant);
      return true;
    },
    revokeGrant(email, clientId) {
      const matching = store
        .allGrants()
        .filter(
          (grant) =>
            grant.email.toLowerCase() === email.toLowerCase() &&
            (clientId === undefined || grant.clientId === clientId),
        );
      for (const grant of matching) store.revoke(grant);
      return matching.length;
    },
    grants: () => store.allGrants().map(grantSummary),
  };
}

/** Tokens: exchanging codes, refreshing, minting for tests, verifying and expiring. */
function tokenMethods(
  context: TokenContext,
): Pick<
  OAuthService,
  'exchangeCode' | 'refresh' | 'mintAccessToken' | 'verifyAccessToken' | 'expireAccessTokens'
> {
  const { store, ttlSeconds, findAdmin } = context;
  return {
    exchangeCode: (params) => exchangeCode(context, params),
    refresh: (params) => refreshGrant(context, params),
    mintAccessToken({ email, scopes, clientId = TEST_CLIENT_ID }) {
      if (findAdmin(email) === undefined) throw new Error(`No demo account ${email}`);
      return store.issueAccess(store.openGrant(email, clientId, scopes), scopes, ttlSeconds * 1000).token;
    },
    verifyAccessToken(token) {
      const record = store.access(token);
      const admin = record === undefined ? undefined : findAdmin(record.email);
      if (record === undefined || admin === undefined) return undefined;
      const { email, clientId, scopes, expiresAt } = record;
      return { token, email, clientId, scopes, expiresAt, admin };
    },
    expireAccessTokens: (email) => store.expireAccess(email),
  };
}
