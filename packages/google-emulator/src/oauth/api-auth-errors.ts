import type { FastifyReply } from 'fastify';

/*
 * Google's API-side auth errors, in the combined shape newer responses carry (Apiary `errors[]` plus
 * AIP-193 `status`/`details`), so Directory-style and Chrome-style clients both find what they read.
 */

const EXPECTED =
  'Expected OAuth 2 access token, login cookie or other valid authentication credential. ' +
  'See https://developers.google.com/identity/sign-in/web/devconsole-project.';

function realm(issuer: string): string {
  return `Bearer realm="${issuer.replace(/\/$/, '')}/"`;
}

/** 401 for a request without any credential. */
export function sendMissingCredentials(reply: FastifyReply, issuer: string, service: string): FastifyReply {
  return reply
    .code(401)
    .header('www-authenticate', realm(issuer))
    .send({
      error: {
        code: 401,
        message: `Request is missing required authentication credential. ${EXPECTED}`,
        errors: [
          {
            message: 'Login Required.',
            domain: 'global',
            reason: 'required',
            location: 'Authorization',
            locationType: 'header',
          },
        ],
        status: 'UNAUTHENTICATED',
        details: [
          // The reason string is what Google's newer responses carry; UNVERIFIED for every API.
          {
            '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
            reason: 'CREDENTIALS_MISSING',
            domain: 'googleapis.com',
            metadata: { service },
          },
        ],
      },
    });
}

/** 401 for an unknown, expired or revoked access token. */
export function sendInvalidCredentials(reply: FastifyReply, issuer: string): FastifyReply {
  return reply
    .code(401)
    .header('www-authenticate', `${realm(issuer)}, error="invalid_token"`)
    .send({
      error: {
        code: 401,
        message: `Request had invalid authentication credentials. ${EXPECTED}`,
        errors: [
          {
            message: 'Invalid Credentials',
            domain: 'global',
            reason: 'authError',
            location: 'Authorization',
            locationType: 'header',
          },
        ],
        status: 'UNAUTHENTICATED',
      },
    });
}

/** 403 when the token lacks every scope the call accepts (GAM parses the header's `scope`). */
export function sendInsufficientScopes(
  reply: FastifyReply,
  issuer: string,
  params: { scopes: readonly string[]; service: string; method?: string },
): FastifyReply {
  return reply
    .code(403)
    .header(
      'www-authenticate',
      `${realm(issuer)}, error="insufficient_scope", scope="${params.scopes.join(' ')}"`,
    )
    .send({
      error: {
        code: 403,
        message: 'Request had insufficient authentication scopes.',
        errors: [{ message: 'Insufficient Permission', domain: 'global', reason: 'insufficientPermissions' }],
        status: 'PERMISSION_DENIED',
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
            reason: 'ACCESS_TOKEN_SCOPE_INSUFFICIENT',
            domain: 'googleapis.com',
            metadata: {
              service: params.service,
              ...(params.method === undefined ? {} : { method: params.method }),
            },
          },
        ],
      },
    });
}

/** 403 for a caller who is not an admin with the needed privilege, or who belongs to another customer. */
export function sendNotAuthorized(reply: FastifyReply): FastifyReply {
  const message = 'Not Authorized to access this resource/api';
  return reply.code(403).send({
    error: {
      code: 403,
      message,
      errors: [{ message, domain: 'global', reason: 'forbidden' }],
      status: 'PERMISSION_DENIED',
    },
  });
}
