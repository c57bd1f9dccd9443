import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiTokenCreatedSchema,
  apiTokenCreateRequestSchema,
  apiTokenListResponseSchema,
} from '@fleetdeck/shared/api-token-contract';
import { auditSourceOf, callerActor } from '../modules/audit/audit-source.ts';
import {
  apiTokensOf,
  issueApiToken,
  withdrawApiToken,
  type ApiTokenDeps,
} from '../modules/identity/api-tokens.service.ts';
import type { Identity } from '../modules/identity/identity-plugin.ts';
import { requireOrganization } from '../modules/identity/request-guards.ts';

const idParam = z.object({ id: z.string().min(1).max(128) });

/**
 * Personal API tokens: a member lists, creates (after a step-up: a token outlives the session
 * that made it) and revokes their own; owners and admins list and revoke the organization's.
 * A token cannot call these routes itself (api-token-refusals.ts). Every change is audited.
 */
export async function apiTokenRoutes(
  app: FastifyInstance,
  { identity, db }: Pick<ApiTokenDeps, 'db'> & { identity: Identity },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const deps: ApiTokenDeps = { db, audit: (event) => identity.audit(event) };

  api.get(
    '/api/api-tokens',
    { schema: { response: { 200: apiTokenListResponseSchema } } },
    async (request, reply) => {
      const actor = requireOrganization(request);
      const tokens = await apiTokensOf(deps, actor.orgId, actor.userId);
      return reply.header('cache-control', 'no-store').send({ tokens });
    },
  );

  api.get(
    '/api/organization/api-tokens',
    { schema: { response: { 200: apiTokenListResponseSchema } } },
    async (request, reply) => {
      const tokens = await apiTokensOf(deps, requireOrganization(request).orgId);
      return reply.header('cache-control', 'no-store').send({ tokens });
    },
  );

  api.post(
    '/api/api-tokens',
    { schema: { body: apiTokenCreateRequestSchema, response: { 201: apiTokenCreatedSchema } } },
    async (request, reply) => {
      const actor = requireOrganization(request);
      const created = await issueApiToken(
        deps,
        auditSourceOf(request, callerActor(actor)),
        actor,
        request.body,
      );
      return reply.code(201).header('cache-control', 'no-store').send(created);
    },
  );

  api.delete('/api/api-tokens/:id', { schema: { params: idParam } }, async (request, reply) => {
    const actor = requireOrganization(request);
    await withdrawApiToken(deps, auditSourceOf(request, callerActor(actor)), actor, request.params.id);
    return reply.code(204).send();
  });
}
