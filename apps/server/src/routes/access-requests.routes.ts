import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accessRequestApproveSchema,
  accessRequestCreateSchema,
  accessRequestListResponseSchema,
  accessRequestSchema,
  autoJoinSchema,
  googleConnectionSchema,
  myAccessRequestSchema,
} from '@fleetdeck/shared/organization-contract';
import { requireOrganization, requirePrincipal } from '../modules/identity/request-guards.ts';
import {
  approveAccessRequest,
  declineAccessRequest,
  listAccessRequests,
  withdrawAccessRequest,
  type AccessRequestDeps,
} from '../modules/organizations/access-requests.service.ts';
import { askToJoin, myJoinStatus } from '../modules/organizations/joining.service.ts';
import type { OnboardingDependencies } from '../modules/organizations/onboarding.service.ts';
import {
  autoJoinRule,
  changeAutoJoinRule,
  googleConnection,
} from '../modules/organizations/organization-settings.service.ts';

const idParam = z.object({ id: z.string().min(1).max(128) });

/**
 * Joining an organization (access requests, the owner's domain rule) and whose Google grant it
 * runs on. Asking is open to anyone signed in; deciding is for owners and admins (the access table).
 */
export async function accessRequestRoutes(
  app: FastifyInstance,
  { identity, db, config }: OnboardingDependencies,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const deps: OnboardingDependencies & AccessRequestDeps = {
    db,
    identity,
    config,
    mailer: identity.mailer,
    publicUrl: config.publicUrl,
    audit: (event) => identity.audit(event),
  };

  api.get(
    '/api/access-requests/mine',
    { schema: { response: { 200: myAccessRequestSchema } } },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await myJoinStatus(deps, requirePrincipal(request))),
  );

  api.post(
    '/api/access-requests',
    { schema: { body: accessRequestCreateSchema, response: { 201: accessRequestSchema } } },
    async (request, reply) =>
      reply.code(201).send(await askToJoin(deps, requirePrincipal(request), request.body.message)),
  );

  api.delete('/api/access-requests/mine', async (request, reply) => {
    await withdrawAccessRequest(deps, requirePrincipal(request));
    return reply.code(204).send();
  });

  api.get(
    '/api/organization/access-requests',
    { schema: { response: { 200: accessRequestListResponseSchema } } },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send({ requests: await listAccessRequests(deps.db, requireOrganization(request).orgId) }),
  );

  api.post(
    '/api/organization/access-requests/:id/approve',
    { schema: { params: idParam, body: accessRequestApproveSchema, response: { 200: accessRequestSchema } } },
    async (request) =>
      approveAccessRequest(deps, requireOrganization(request), request.params.id, {
        role: request.body.role,
        ouScope: request.body.ouScope,
      }),
  );

  api.post(
    '/api/organization/access-requests/:id/decline',
    { schema: { params: idParam, response: { 200: accessRequestSchema } } },
    async (request) => declineAccessRequest(deps, requireOrganization(request), request.params.id),
  );

  api.get('/api/organization/auto-join', { schema: { response: { 200: autoJoinSchema } } }, async (request) =>
    autoJoinRule(deps, requireOrganization(request).orgId),
  );

  api.put(
    '/api/organization/auto-join',
    { schema: { body: autoJoinSchema, response: { 200: autoJoinSchema } } },
    async (request) => changeAutoJoinRule(deps, requireOrganization(request), request.body),
  );

  api.get(
    '/api/organization/google-connection',
    { schema: { response: { 200: googleConnectionSchema } } },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await googleConnection(deps, requireOrganization(request).orgId)),
  );
}
