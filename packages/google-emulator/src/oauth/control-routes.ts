import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { OAuthService } from './oauth-service.ts';
import { fullScope } from './scopes.ts';

const email = z.string().min(3).max(320);
const clientId = z.string().min(1).max(512);
const expireBody = z.object({ email: email.optional() }).strict();
const revokeBody = z.object({ email, clientId: clientId.optional() }).strict();
const mintBody = z
  .object({
    email,
    scopes: z.array(z.string().min(1).max(256)).min(1).max(50),
    clientId: clientId.optional(),
  })
  .strict();

function badRequest(reply: FastifyReply, error: z.ZodError): FastifyReply {
  return reply
    .code(400)
    .send({ error: { code: 400, message: z.prettifyError(error), status: 'INVALID_ARGUMENT' } });
}

/** JSON control routes for tests and demos: expire tokens, revoke grants, inspect, mint, rotate keys. */
export function registerControlRoutes(app: FastifyInstance, oauth: OAuthService): void {
  app.get('/__emulator/oauth/admins', async () => ({ admins: oauth.admins() }));
  app.get('/__emulator/oauth/grants', async () => ({ grants: oauth.grants() }));

  app.post('/__emulator/oauth/expire-access-tokens', async (request, reply) => {
    const body = expireBody.safeParse(request.body ?? {});
    if (!body.success) return badRequest(reply, body.error);
    return { expired: oauth.expireAccessTokens(body.data.email) };
  });

  app.post('/__emulator/oauth/revoke-grant', async (request, reply) => {
    const body = revokeBody.safeParse(request.body ?? {});
    if (!body.success) return badRequest(reply, body.error);
    return { revoked: oauth.revokeGrant(body.data.email, body.data.clientId) };
  });

  app.post('/__emulator/oauth/access-tokens', async (request, reply) => {
    const body = mintBody.safeParse(request.body ?? {});
    if (!body.success) return badRequest(reply, body.error);
    if (oauth.findAdmin(body.data.email) === undefined) {
      return reply
        .code(404)
        .send({ error: { code: 404, message: `No demo account ${body.data.email}`, status: 'NOT_FOUND' } });
    }
    const scopes = body.data.scopes.map(fullScope);
    const token = oauth.mintAccessToken({
      email: body.data.email,
      scopes,
      ...(body.data.clientId === undefined ? {} : { clientId: body.data.clientId }),
    });
    const verified = oauth.verifyAccessToken(token);
    const expiresIn = verified === undefined ? 0 : Math.round((verified.expiresAt - oauth.now()) / 1000);
    return { access_token: token, token_type: 'Bearer', expires_in: expiresIn, scope: scopes.join(' ') };
  });

  app.post('/__emulator/oauth/rotate-signing-key', async () => {
    oauth.rotateSigningKey();
    return { keys: oauth.jwks().keys.map((key) => key.kid) };
  });
}
