import { createLocalJWKSet, errors, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose';
import { IDENTITY_MESSAGES } from '@fleetdeck/shared/identity-messages';
import { identityErrors } from '../../errors/identity-errors.ts';

const KEYS_TTL_MS = 5 * 60_000;

export interface VerifiedJwt {
  readonly userId: string;
  readonly sessionId: string;
}

const invalidJwt = identityErrors.invalidJwt;

/**
 * Verifies the short-lived JWTs better-auth's jwt plugin signs, against the same JWKS it
 * publishes. Keys are cached for five minutes and re-read once when a token names an unknown
 * key, so a rotation is picked up at once.
 */
export function createJwtVerifier(loadKeys: () => Promise<JSONWebKeySet>, origin: string) {
  let cached: { at: number; keys: ReturnType<typeof createLocalJWKSet> } | undefined;
  const keySet = async (fresh: boolean) => {
    if (fresh || !cached || Date.now() - cached.at > KEYS_TTL_MS)
      cached = { at: Date.now(), keys: createLocalJWKSet(await loadKeys()) };
    return cached.keys;
  };
  const verifyWith = async (token: string, fresh: boolean): Promise<JWTPayload> =>
    (await jwtVerify(token, await keySet(fresh), { issuer: origin, audience: origin })).payload;

  return async function verifyJwt(token: string): Promise<VerifiedJwt> {
    let payload: JWTPayload;
    try {
      try {
        payload = await verifyWith(token, false);
      } catch (error) {
        if (!(error instanceof errors.JWKSNoMatchingKey)) throw error;
        payload = await verifyWith(token, true);
      }
    } catch (error) {
      if (error instanceof errors.JWTExpired)
        throw invalidJwt('invalid JWT: the token has expired. Get a new one from /api/identity/token.');
      if (
        error instanceof errors.JWSSignatureVerificationFailed ||
        error instanceof errors.JWKSNoMatchingKey ||
        error instanceof errors.JWKSInvalid
      )
        throw invalidJwt(IDENTITY_MESSAGES.invalidJwtSignature);
      if (error instanceof errors.JOSEError)
        throw invalidJwt(
          `invalid JWT: ${error instanceof errors.JWTClaimValidationFailed ? error.message : 'unable to parse the token'}`,
        );
      throw invalidJwt(IDENTITY_MESSAGES.tokenVerificationFailed);
    }
    const sessionId = payload['sid'];
    if (typeof payload.sub !== 'string' || typeof sessionId !== 'string')
      throw invalidJwt('invalid JWT: the token names no session.');
    return { userId: payload.sub, sessionId };
  };
}
