import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  onboardingStatusResponseSchema,
  ouScopeRequestSchema,
} from '@fleetdeck/shared/organization-contract';
import {
  requireOrganization,
  requirePermission,
  requirePrincipal,
} from '../modules/identity/request-guards.ts';
import {
  chooseOuScope,
  connectGoogleWorkspace,
  finishOnboarding,
  type OnboardingDependencies,
} from '../modules/organizations/onboarding.service.ts';
import { onboardingStatus } from '../modules/organizations/onboarding-status.service.ts';

/**
 * Onboarding: connect the Google Workspace, choose the managed OU subtree, first sync, finish.
 * Every answer is the organization's status as the server records it, so the page resumes there.
 */
export async function onboardingRoutes(
  app: FastifyInstance,
  { identity, db, config }: OnboardingDependencies,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
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
      await chooseOuScope({ db, identity }, principal, request.body.ouPath);
      return reply.send(await onboardingStatus(db, principal));
    },
  );

  api.post(
    '/api/onboarding/complete',
    { schema: { response: statusResponse }, preHandler: requirePermission('settings.manage') },
    async (request, reply) => {
      const principal = requireOrganization(request);
      await finishOnboarding({ db, identity }, principal);
      return reply.send(await onboardingStatus(db, principal));
    },
  );
}
