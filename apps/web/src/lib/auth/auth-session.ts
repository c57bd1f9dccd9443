import type { AuthenticatorAssuranceLevel, CurrentPrincipalResponse } from '@fleetdeck/shared/auth-contract';

/** The seven events of the seed's identity client (§4), in its words. */
export type AuthChangeEvent =
  | 'INITIAL_SESSION'
  | 'SIGNED_IN'
  | 'SIGNED_OUT'
  | 'TOKEN_REFRESHED'
  | 'USER_UPDATED'
  | 'PASSWORD_RECOVERY'
  | 'MFA_CHALLENGE_VERIFIED';

export interface AuthUser {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly organization: CurrentPrincipalResponse['organization'];
}

/**
 * The browser's view of a session, shaped like the seed's (§3). The session itself is an HttpOnly
 * cookie; `access_token` is a short-lived JWT minted from it for bearer calls. Google tokens never
 * reach the browser: `provider_grant` only says that this session began with a Google sign-in,
 * whose grant (offline access) the server holds.
 */
export interface AuthSession {
  /** Null while the session still owes its second factor: the server mints no token until then. */
  readonly access_token: string | null;
  readonly token_type: 'bearer';
  /** Seconds since the epoch. */
  readonly expires_at: number;
  readonly expires_in: number;
  readonly user: AuthUser;
  readonly session_id: string;
  readonly aal: AuthenticatorAssuranceLevel;
  readonly next_level: AuthenticatorAssuranceLevel;
  readonly provider_grant: boolean;
}

/** Why: the guard and the challenge page agree on when a second factor is still owed. */
export function owesSecondFactor(session: AuthSession): boolean {
  return session.aal === 'aal1' && session.next_level === 'aal2';
}

/** Reads `exp` from a JWT payload; the browser does not verify it (the server does), it only schedules refreshes. */
export function jwtExpiry(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const normalized = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = normalized + '='.repeat((4 - (normalized.length % 4)) % 4);
    const claims = JSON.parse(atob(padded)) as { exp?: unknown };
    return typeof claims.exp === 'number' ? claims.exp : undefined;
  } catch {
    return undefined;
  }
}

/** Why: builds the seed-shaped session from the server's who-am-I and a minted JWT, in one place. */
export function toAuthSession(
  me: CurrentPrincipalResponse,
  token: string | null,
  nowMs: number,
  providerGrant: boolean,
): AuthSession {
  const sessionExpiry = Math.floor(Date.parse(me.session.expiresAt) / 1000);
  const expiresAt = (token === null ? undefined : jwtExpiry(token)) ?? sessionExpiry;
  return {
    access_token: token,
    token_type: 'bearer',
    expires_at: expiresAt,
    expires_in: Math.max(0, expiresAt - Math.floor(nowMs / 1000)),
    user: { ...me.user, organization: me.organization },
    session_id: me.session.id,
    aal: me.session.aal,
    next_level: me.session.nextLevel,
    provider_grant: providerGrant,
  };
}
