import type { FastifyInstance } from 'fastify';
import type { OAuthService } from './oauth-service.ts';

/** Google's discovery document, with every endpoint on the emulator origin and only what it implements. */
export function discoveryDocument(issuer: string): Record<string, unknown> {
  return {
    issuer,
    authorization_endpoint: `${issuer}/o/oauth2/v2/auth`,
    token_endpoint: `${issuer}/token`,
    userinfo_endpoint: `${issuer}/v1/userinfo`,
    revocation_endpoint: `${issuer}/revoke`,
    jwks_uri: `${issuer}/oauth2/v3/certs`,
    response_types_supported: ['code'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    scopes_supported: ['openid', 'email', 'profile'],
    token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
    claims_supported: [
      'aud',
      'azp',
      'at_hash',
      'email',
      'email_verified',
      'exp',
      'family_name',
      'given_name',
      'hd',
      'iat',
      'iss',
      'name',
      'nonce',
      'sub',
    ],
    code_challenge_methods_supported: ['plain', 'S256'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
  };
}

/** `/.well-known/openid-configuration` and the JWKS at Google's `/oauth2/v3/certs`. */
export function registerDiscoveryRoutes(app: FastifyInstance, oauth: OAuthService): void {
  app.get('/.well-known/openid-configuration', async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').send(discoveryDocument(oauth.issuer())),
  );
  app.get('/oauth2/v3/certs', async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(oauth.jwks()),
  );
}
