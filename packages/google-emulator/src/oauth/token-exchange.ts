import { createHash, timingSafeEqual } from 'node:crypto';
import type { EmulatorAdmin } from './demo-admins.ts';
import type { AccessTokenRecord, GrantStore } from './grant-store.ts';
import {
  EXPIRED_OR_REVOKED,
  invalidGrant,
  oauthFailure,
  type TokenResponse,
  type TokenResult,
} from './oauth-errors.ts';
import { accessTokenHash, type SigningKeys } from './signing-keys.ts';

export interface TokenContext {
  store: GrantStore;
  keys: SigningKeys;
  now: () => number;
  ttlSeconds: number;
  issuer: () => string;
  findAdmin: (email: string) => EmulatorAdmin | undefined;
}

const VERIFIER_PATTERN = /^[A-Za-z0-9\-._~]{43,128}$/;

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** RFC 7636 check; Google accepts both `S256` and `plain` (its discovery lists both). */
function pkceFailure(
  challenge: string | undefined,
  method: 'S256' | 'plain' | undefined,
  verifier: string | undefined,
): string | undefined {
  if (challenge === undefined) return verifier === undefined ? undefined : 'Invalid code verifier.';
  if (verifier === undefined || verifier === '') return 'Missing code verifier.';
  if (!VERIFIER_PATTERN.test(verifier)) return 'Invalid code verifier.';
  const derived = method === 'S256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  return sameText(derived, challenge) ? undefined : 'Invalid code verifier.';
}

function idToken(
  context: TokenContext,
  access: AccessTokenRecord,
  admin: EmulatorAdmin,
  nonce: string | undefined,
): string {
  const issuedAt = Math.floor(context.now() / 1000);
  const profile = access.scopes.includes('profile')
    ? { name: admin.name, given_name: admin.givenName, family_name: admin.familyName }
    : {};
  const email = access.scopes.includes('email') ? { email: admin.email, email_verified: true } : {};
  return context.keys.signJwt({
    iss: context.issuer(),
    azp: access.clientId,
    aud: access.clientId,
    sub: admin.subject,
    hd: admin.hostedDomain,
    ...email,
    at_hash: accessTokenHash(access.token),
    ...(nonce === undefined ? {} : { nonce }),
    ...profile,
    iat: issuedAt,
    exp: issuedAt + 3600,
  });
}

function tokenBody(
  context: TokenContext,
  access: AccessTokenRecord,
  admin: EmulatorAdmin,
  nonce?: string,
): TokenResponse {
  const remaining = Math.round((access.expiresAt - context.now()) / 1000);
  return {
    access_token: access.token,
    // Google reports one second less than the lifetime (3599 for its one-hour tokens).
    expires_in: Math.max(1, remaining - 1),
    token_type: 'Bearer',
    scope: access.scopes.join(' '),
    ...(access.scopes.includes('openid') ? { id_token: idToken(context, access, admin, nonce) } : {}),
  };
}

/** `grant_type=authorization_code`: single-use codes bound to client, redirect URI and PKCE challenge. */
export function exchangeCode(
  context: TokenContext,
  params: { code: string; clientId: string; redirectUri: string; codeVerifier?: string },
): TokenResult {
  const record = context.store.code(params.code);
  if (record === undefined) return invalidGrant('Malformed auth code.');
  if (record.used) {
    // A replayed code revokes what it issued, as RFC 6749 §4.1.2 recommends.
    for (const token of record.issued) {
      const grantId = context.store.access(token)?.grantId ?? context.store.refresh(token)?.grantId;
      const grant = grantId === undefined ? undefined : context.store.grantById(grantId);
      if (grant !== undefined) context.store.revoke(grant);
    }
    return invalidGrant('Bad Request');
  }
  if (record.expiresAt <= context.now()) return invalidGrant('Bad Request');
  if (record.clientId !== params.clientId) return invalidGrant('Bad Request');
  if (record.redirectUri !== params.redirectUri) return invalidGrant('Bad Request');
  const pkce = pkceFailure(record.codeChallenge, record.codeChallengeMethod, params.codeVerifier);
  if (pkce !== undefined) return invalidGrant(pkce);
  const admin = context.findAdmin(record.email);
  if (admin === undefined) return invalidGrant('Bad Request');

  record.used = true;
  const hadRefreshToken =
    (context.store.activeGrant(record.email, record.clientId)?.refreshTokens.length ?? 0) > 0;
  const grant = context.store.openGrant(record.email, record.clientId, record.scopes);
  const access = context.store.issueAccess(grant, record.scopes, context.ttlSeconds * 1000);
  record.issued.push(access.token);
  const body = tokenBody(context, access, admin, record.nonce);
  // Google returns a refresh token on the first offline exchange, or again after prompt=consent.
  if (record.offline && (record.forceConsent || !hadRefreshToken)) {
    const refresh = context.store.issueRefresh(grant, record.scopes);
    record.issued.push(refresh.token);
    body.refresh_token = refresh.token;
  }
  return { ok: true, body };
}

/** `grant_type=refresh_token`: dead once the grant is revoked; `scope` may narrow, never widen. */
export function refreshGrant(
  context: TokenContext,
  params: { refreshToken: string; clientId: string; scope?: string },
): TokenResult {
  const record = context.store.refresh(params.refreshToken);
  const grant = record === undefined ? undefined : context.store.grantById(record.grantId);
  if (record === undefined || grant === undefined) return invalidGrant(EXPIRED_OR_REVOKED);
  if (grant.clientId !== params.clientId)
    return { ok: false, failure: oauthFailure(401, 'unauthorized_client', 'Unauthorized') };
  const admin = context.findAdmin(grant.email);
  if (admin === undefined) return invalidGrant(EXPIRED_OR_REVOKED);
  let scopes = record.scopes;
  if (params.scope !== undefined && params.scope.trim() !== '') {
    const requested = params.scope.trim().split(/\s+/);
    const extra = requested.filter((scope) => !record.scopes.includes(scope));
    if (extra.length > 0) {
      return {
        ok: false,
        failure: oauthFailure(
          400,
          'invalid_scope',
          `Some requested scopes were not granted: ${extra.join(' ')}`,
        ),
      };
    }
    scopes = requested;
  }
  const access = context.store.issueAccess(grant, scopes, context.ttlSeconds * 1000);
  return { ok: true, body: tokenBody(context, access, admin) };
}
