import type { AuditAction } from '@fleetdeck/shared/audit-actions';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fromNodeHeaders } from 'better-auth/node';
import { renderSVG } from 'uqr';
import {
  currentPrincipalResponseSchema,
  sessionStatusRequestSchema,
  sessionStatusResponseSchema,
  signOutRequestSchema,
  totpQrCodeRequestSchema,
  totpQrCodeResponseSchema,
} from '@fleetdeck/shared/auth-contract';
import { IDENTITY_ERROR_IDS } from '@fleetdeck/shared/identity-messages';
import type { Database } from '../db/client.ts';
import { AppError } from '../errors/app-error.ts';
import { ignoreAccessChanges, type AccessChangedListener } from '../modules/identity/access-changes.ts';
import type { Identity } from '../modules/identity/identity-plugin.ts';
import { requirePrincipal } from '../modules/identity/request-guards.ts';
import type { Principal } from '../modules/identity/principal.ts';
import { onboardingStatus } from '../modules/organizations/onboarding.service.ts';
import { findOrganization } from '../modules/organizations/organization.repository.ts';

/** Routes a session that still owes its second factor may call. */
export const SECOND_FACTOR_EXEMPT_ROUTES = [
  '/api/auth/logout',
  '/api/auth/sign-out',
  '/api/auth/me',
  '/api/auth/two-factor/qr-code',
] as const;

interface Options {
  readonly identity: Identity;
  readonly database: Database;
  readonly onAccessChanged?: AccessChangedListener | undefined;
}

type Scope = 'local' | 'others' | 'global';

/**
 * The product server's own auth calls (seed §7): session status for the onboarding check, logout,
 * sign-out scopes, who-am-I, and the QR code of a TOTP enrolment. Mounted inside the authenticated scope.
 */
export async function authSessionRoutes(
  app: FastifyInstance,
  { identity, database, onAccessChanged = ignoreAccessChanges }: Options,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = database.db;

  const endSessions = async (
    request: FastifyRequest,
    reply: FastifyReply,
    principal: Principal,
    scope: Scope,
  ) => {
    if (scope !== 'local') {
      let query = db.deleteFrom('session').where('userId', '=', principal.userId);
      if (scope === 'others') query = query.where('id', '!=', principal.sessionId);
      await query.execute();
    }
    // The member's open realtime sockets ask again whether their session still holds.
    const tell = () => {
      if (principal.orgId !== undefined) onAccessChanged(principal.orgId, principal.userId);
    };
    if (scope === 'others') return tell();
    if (principal.via === 'cookie') {
      const { headers } = await identity.auth.api.signOut({
        headers: fromNodeHeaders(request.headers),
        returnHeaders: true,
      });
      const cookies = headers.getSetCookie();
      if (cookies.length > 0) void reply.header('set-cookie', cookies);
    }
    await db.deleteFrom('session').where('id', '=', principal.sessionId).execute();
    tell();
  };

  const audited = async (request: FastifyRequest, principal: Principal, action: AuditAction) =>
    identity.audit({
      action,
      outcome: 'success',
      actorUserId: principal.userId,
      actorLabel: principal.email,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      requestId: request.id,
    });

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
    const principal = requirePrincipal(request);
    await endSessions(request, reply, principal, 'local');
    await audited(request, principal, 'auth.sign_out');
    return reply.code(204).send();
  });

  api.post('/api/auth/sign-out', { schema: { body: signOutRequestSchema } }, async (request, reply) => {
    const principal = requirePrincipal(request);
    // Signing this browser out is always allowed; ending the other sessions needs the second factor.
    if (principal.secondFactorPending && request.body.scope !== 'local')
      throw new AppError(
        IDENTITY_ERROR_IDS.mfaRequired,
        403,
        'Enter the code from your authenticator app to continue: signing out other devices needs your second factor.',
      );
    await endSessions(request, reply, principal, request.body.scope);
    const action = {
      local: 'auth.sign_out',
      others: 'auth.sign_out_others',
      global: 'auth.sign_out_everywhere',
    } as const;
    await audited(request, principal, action[request.body.scope]);
    return reply.code(204).send();
  });

  api.get(
    '/api/auth/me',
    { schema: { response: { 200: currentPrincipalResponseSchema } } },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const user = await db
        .selectFrom('user')
        .select(['id', 'email', 'name', 'twoFactorEnabled'])
        .where('id', '=', principal.userId)
        .executeTakeFirstOrThrow();
      const org = principal.orgId ? await findOrganization(db, principal.orgId) : undefined;
      return reply.header('cache-control', 'no-store').send({
        user: { id: user.id, email: user.email, name: user.name },
        session: {
          id: principal.sessionId,
          aal: principal.aal,
          // An API token has no second factor to pass: it stays at its level (its "session" is the token).
          nextLevel:
            principal.via === 'api_token' ? principal.aal : user.twoFactorEnabled === true ? 'aal2' : 'aal1',
          createdAt: principal.sessionCreatedAt.toISOString(),
          expiresAt: principal.sessionExpiresAt.toISOString(),
        },
        organization:
          org && principal.member
            ? {
                id: org.id,
                name: org.name,
                role: principal.member.role,
                units: [...principal.member.grantedUnits],
              }
            : null,
      });
    },
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
