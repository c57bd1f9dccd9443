import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

export interface PublicJwk {
  kty: string;
  n: string;
  e: string;
  alg: 'RS256';
  use: 'sig';
  kid: string;
}

interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  jwk: PublicJwk;
}

export interface SigningKeys {
  /** The public keys, newest first, as served at the JWKS endpoint. */
  jwks(): { keys: PublicJwk[] };
  /** Signs claims as a compact RS256 JWT with the newest key. */
  signJwt(claims: Record<string, unknown>): string;
  /** Adds a new key that signs from now on; the old one stays published so earlier tokens verify. */
  rotate(): void;
}

function base64url(input: Buffer | string): string {
  return Buffer.from(input).toString('base64url');
}

function generateKey(): SigningKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const exported = publicKey.export({ format: 'jwk' });
  const kid = randomBytes(20).toString('hex');
  return {
    kid,
    privateKey,
    jwk: { kty: 'RSA', n: String(exported.n), e: String(exported.e), alg: 'RS256', use: 'sig', kid },
  };
}

/** RSA keys are made lazily: most tests never sign an id_token, and key generation costs ~50 ms. */
export function createSigningKeys(): SigningKeys {
  const keys: SigningKey[] = [];
  const current = (): SigningKey => {
    if (keys.length === 0) keys.push(generateKey());
    return keys[0] as SigningKey;
  };
  return {
    jwks: () => ({ keys: (current(), keys.map((key) => key.jwk)) }),
    signJwt(claims) {
      const key = current();
      const header = base64url(JSON.stringify({ alg: 'RS256', kid: key.kid, typ: 'JWT' }));
      const payload = base64url(JSON.stringify(claims));
      const signature = sign('sha256', Buffer.from(`${header}.${payload}`), key.privateKey);
      return `${header}.${payload}.${base64url(signature)}`;
    },
    rotate() {
      keys.unshift(generateKey());
      // Google publishes two keys at a time; keep the previous one so tokens signed with it verify.
      keys.length = Math.min(keys.length, 2);
    },
  };
}

/** OIDC `at_hash`: the left half of the SHA-256 of the access token, base64url. */
export function accessTokenHash(accessToken: string): string {
  const digest = createHash('sha256').update(accessToken, 'ascii').digest();
  return base64url(digest.subarray(0, digest.length / 2));
}
