import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  onboardingStatusResponseSchema,
  ouScopeRequestSchema,
} from '@fleetdeck/shared/organization-contract';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { AppError } from '../errors/app-error.ts';
import type { Identity } from '../modules/identity/identity-plugin.ts';
import {
  requireOrganization,
  requirePermission,
  requirePrincipal,
} from '../modules/identity/request-guards.ts';
import { connectGoogleWorkspace, onboardingStatus } from '../modules/organizations/onboarding-service.ts';
import {
  findGoogleConnection,
  markOnboardingComplete,
  setManagedOuPath,
} from '../modules/organizations/organization-repository.ts';

interface Options {
  readonly identity: Identity;
  readonly database: Database;
  readonly config: Config;
}

/** Onboarding: connect the Google Workspace, choose the managed OU subtree, finish. */
export async function onboardingRoutes(
  app: FastifyInstance,
  { identity, database, config }: Options,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = database.db;
  const statusResponse = { 200: onboardingStatusResponseSchema };

  api.get('/api/onboarding/status', { schema: { response: statusResponse } }, async (request, reply) =>
    reply.header('cache-control', 'no-store').send(await onboardingStatus(db, requirePrincipal(request))),
  );

  api.post('/api/onboarding/connect', { schema: { response: statusResponse } }, async (request, reply) => {
    const principal = requirePrincipal(request);
    await connectGoogleWorkspace({ db, identity, config }, principal);
    return reply.send(await onboardingStatus(db, principal));
  });

  api.post(
    '/api/onboarding/ou-scope',
    {
      schema: { body: ouScopeRequestSchema, response: statusResponse },
      preHandler: requirePermission('settings.manage'),
    },
    async (request, reply) => {
      const principal = requireOrganization(request);
      await setManagedOuPath(db, principal.orgId, request.body.ouPath);
      await identity.audit({
        action: 'onboarding.ou_scope_set',
        outcome: 'success',
        orgId: principal.orgId,
        actorUserId: principal.userId,
        actorLabel: principal.email,
        details: { ouPath: request.body.ouPath },
      });
      return reply.send(await onboardingStatus(db, principal));
    },
  );

  api.post(
    '/api/onboarding/complete',
    { schema: { response: statusResponse }, preHandler: requirePermission('settings.manage') },
    async (request, reply) => {
      const principal = requireOrganization(request);
      const connection = await findGoogleConnection(db, principal.orgId);
      if (connection?.status !== 'connected')
        throw new AppError(
          'google_not_connected',
          409,
          'Connect your Google Workspace (and approve every requested access) before finishing onboarding.',
        );
      await markOnboardingComplete(db, principal.orgId);
      await identity.audit({
        action: 'onboarding.completed',
        outcome: 'success',
        orgId: principal.orgId,
        actorUserId: principal.userId,
        actorLabel: principal.email,
      });
      return reply.send(await onboardingStatus(db, principal));
    },
  );
}
