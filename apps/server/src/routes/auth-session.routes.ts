import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { renderSVG } from 'uqr';
import {
  currentPrincipalResponseSchema,
  sessionStatusRequestSchema,
  sessionStatusResponseSchema,
  signOutRequestSchema,
  totpQrCodeRequestSchema,
  totpQrCodeResponseSchema,
} from '@fleetdeck/shared/auth-contract';
import { ignoreAccessChanges } from '../modules/identity/access-changes.ts';
import { requirePrincipal } from '../modules/identity/request-guards.ts';
import { currentPrincipal, signOut, type SessionDeps } from '../modules/identity/sessions.service.ts';
import { onboardingStatus } from '../modules/organizations/onboarding-status.service.ts';

/** Routes a session that still owes its second factor may call. */
export const SECOND_FACTOR_EXEMPT_ROUTES = [
  '/api/auth/logout',
  '/api/auth/sign-out',
  '/api/auth/me',
  '/api/auth/two-factor/qr-code',
] as const;

interface Options extends Omit<SessionDeps, 'onAccessChanged'> {
  readonly onAccessChanged?: SessionDeps['onAccessChanged'] | undefined;
}

/**
 * The product server's own auth calls (seed §7): session status for the onboarding check, logout,
 * sign-out scopes, who-am-I, and the QR code of a TOTP enrolment. Mounted inside the authenticated scope.
 */
export async function authSessionRoutes(
  app: FastifyInstance,
  { identity, db, onAccessChanged = ignoreAccessChanges }: Options,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const deps: SessionDeps = { db, identity, onAccessChanged };

  api.post(
    '/api/auth/session-status',
    {
      schema: {
        // The provider refresh token is accepted for the specification's client and ignored: the
        // server already holds the grant (encrypted); it is never stored, logged or echoed.
        body: sessionStatusRequestSchema.nullish(),
        response: { 200: sessionStatusResponseSchema },
      },
    },
    async (request, reply) => {
      const status = await onboardingStatus(db, requirePrincipal(request));
      return reply.header('cache-control', 'no-store').send({ onboarded: status.onboarded });
    },
  );

  api.post('/api/auth/logout', async (request, reply) => {
    const cookies = await signOut(deps, requirePrincipal(request), 'local', request);
    if (cookies.length > 0) void reply.header('set-cookie', cookies);
    return reply.code(204).send();
  });

  api.post('/api/auth/sign-out', { schema: { body: signOutRequestSchema } }, async (request, reply) => {
    const cookies = await signOut(deps, requirePrincipal(request), request.body.scope, request);
    if (cookies.length > 0) void reply.header('set-cookie', cookies);
    return reply.code(204).send();
  });

  api.get(
    '/api/auth/me',
    { schema: { response: { 200: currentPrincipalResponseSchema } } },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await currentPrincipal(deps, requirePrincipal(request))),
  );

  api.post(
    '/api/auth/two-factor/qr-code',
    { schema: { body: totpQrCodeRequestSchema, response: { 200: totpQrCodeResponseSchema } } },
    async (request, reply) => {
      const svg = renderSVG(request.body.totpURI, { ecc: 'M', border: 2 });
      return reply
        .header('cache-control', 'no-store')
        .send({ svg, dataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` });
    },
  );
}
