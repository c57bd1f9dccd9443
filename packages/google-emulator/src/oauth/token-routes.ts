import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { oauthFailure, type OAuthFailure, type TokenResult } from './oauth-errors.ts';
import type { OAuthService } from './oauth-service.ts';

type Fields = Record<string, string>;

/** Flattens a form or JSON body (first value wins for repeated keys) and the query string. */
function fieldsOf(request: FastifyRequest): Fields {
  const fields: Fields = {};
  for (const source of [request.query, request.body]) {
    if (typeof source !== 'object' || source === null) continue;
    for (const [key, value] of Object.entries(source as Record<string, unknown>)) {
      const first: unknown = Array.isArray(value) ? (value as unknown[])[0] : value;
      if (typeof first === 'string' && first.length <= 8192) fields[key] = first;
    }
  }
  return fields;
}

function sendFailure(reply: FastifyReply, failure: OAuthFailure): FastifyReply {
  return reply.code(failure.status).header('cache-control', 'no-store').send(failure.body);
}

/** client_secret_basic (RFC 6749 §2.3.1: each part form-encoded) or client_secret_post. */
function clientCredentials(
  request: FastifyRequest,
  fields: Fields,
): { clientId?: string; clientSecret?: string } {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Basic\s+(\S+)$/i.exec(header) : null;
  if (match?.[1] !== undefined) {
    const decoded = Buffer.from(match[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0) {
      const decode = (part: string) => decodeURIComponent(part.replace(/\+/g, ' '));
      return { clientId: decode(decoded.slice(0, colon)), clientSecret: decode(decoded.slice(colon + 1)) };
    }
  }
  return { clientId: fields['client_id'], clientSecret: fields['client_secret'] };
}

function missing(name: string): TokenResult {
  return { ok: false, failure: oauthFailure(400, 'invalid_request', `Missing required parameter: ${name}`) };
}

function runGrant(oauth: OAuthService, fields: Fields, clientId: string): TokenResult {
  const grantType = fields['grant_type'];
  if (grantType === undefined) return missing('grant_type');
  if (grantType === 'authorization_code') {
    const code = fields['code'];
    const redirectUri = fields['redirect_uri'];
    if (code === undefined) return missing('code');
    if (redirectUri === undefined) return missing('redirect_uri');
    const verifier = fields['code_verifier'];
    return oauth.exchangeCode({
      code,
      clientId,
      redirectUri,
      ...(verifier === undefined ? {} : { codeVerifier: verifier }),
    });
  }
  if (grantType === 'refresh_token') {
    const refreshToken = fields['refresh_token'];
    if (refreshToken === undefined) return missing('refresh_token');
    const scope = fields['scope'];
    return oauth.refresh({ refreshToken, clientId, ...(scope === undefined ? {} : { scope }) });
  }
  return {
    ok: false,
    failure: oauthFailure(400, 'unsupported_grant_type', `Invalid grant_type: ${grantType}`),
  };
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? fieldsOf(request)['access_token'];
}

/** Token, revocation, userinfo and tokeninfo endpoints on Google's own paths. */
export function registerTokenRoutes(app: FastifyInstance, oauth: OAuthService): void {
  app.post('/token', async (request, reply) => {
    const fields = fieldsOf(request);
    const { clientId, clientSecret } = clientCredentials(request, fields);
    if (clientId === undefined || clientId === '') {
      return sendFailure(
        reply,
        oauthFailure(400, 'invalid_request', 'Could not determine client ID from request.'),
      );
    }
    const clientProblem = oauth.authenticateClient(clientId, clientSecret);
    if (clientProblem !== undefined) return sendFailure(reply, clientProblem);
    const result = runGrant(oauth, fields, clientId);
    if (!result.ok) return sendFailure(reply, result.failure);
    return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').send(result.body);
  });

  const revoke = async (request: FastifyRequest, reply: FastifyReply) => {
    const token = fieldsOf(request)['token'];
    if (token === undefined)
      return sendFailure(reply, oauthFailure(400, 'invalid_request', 'Missing required parameter: token'));
    // Revoking either token of a grant revokes the whole grant, as Google documents. Success body UNVERIFIED.
    if (!oauth.revokeToken(token))
      return sendFailure(reply, oauthFailure(400, 'invalid_token', 'Token expired or revoked'));
    return reply.header('cache-control', 'no-store').send({});
  };
  app.post('/revoke', revoke);
  app.get('/revoke', revoke);

  const userinfo = async (request: FastifyRequest, reply: FastifyReply) => {
    const token = bearer(request);
    const caller = token === undefined ? undefined : oauth.verifyAccessToken(token);
    if (caller === undefined) {
      reply.header('www-authenticate', `Bearer realm="${oauth.issuer()}/", error="invalid_token"`);
      // Google's userinfo answers a bad token in the flat OAuth shape (UNVERIFIED wording).
      return sendFailure(reply, oauthFailure(401, 'invalid_request', 'Invalid Credentials'));
    }
    const { admin, scopes } = caller;
    return reply.header('cache-control', 'no-store').send({
      sub: admin.subject,
      ...(scopes.includes('profile')
        ? { name: admin.name, given_name: admin.givenName, family_name: admin.familyName }
        : {}),
      ...(scopes.includes('email') ? { email: admin.email, email_verified: true } : {}),
      hd: admin.hostedDomain,
    });
  };
  for (const path of ['/v1/userinfo', '/oauth2/v3/userinfo']) {
    app.get(path, userinfo);
    app.post(path, userinfo);
  }

  app.get('/tokeninfo', async (request, reply) => {
    const token = fieldsOf(request)['access_token'];
    const caller = token === undefined ? undefined : oauth.verifyAccessToken(token);
    if (caller === undefined) return sendFailure(reply, oauthFailure(400, 'invalid_token', 'Invalid Value'));
    const seconds = Math.max(0, Math.floor((caller.expiresAt - oauth.now()) / 1000));
    return reply.send({
      azp: caller.clientId,
      aud: caller.clientId,
      sub: caller.admin.subject,
      scope: caller.scopes.join(' '),
      exp: String(Math.floor(caller.expiresAt / 1000)),
      expires_in: String(seconds),
      ...(caller.scopes.includes('email') ? { email: caller.email, email_verified: 'true' } : {}),
    });
  });
}
