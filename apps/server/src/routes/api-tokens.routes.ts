import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiTokenCreatedSchema,
  apiTokenCreateRequestSchema,
  apiTokenListResponseSchema,
} from '@fleetdeck/shared/api-token-contract';
import type { AuditAction } from '@fleetdeck/shared/audit-actions';
import type { Database } from '../db/client.ts';
import {
  checkApiTokenGrant,
  createApiToken,
  listApiTokens,
  revokeApiToken,
} from '../modules/identity/api-tokens.ts';
import type { Identity } from '../modules/identity/identity-plugin.ts';
import { requireOrganization, type OrganizationPrincipal } from '../modules/identity/request-guards.ts';
import { requireStepUp } from '../modules/identity/step-up.service.ts';

const idParam = z.object({ id: z.string().min(1).max(128) });

/**
 * Personal API tokens: a member lists, creates (after a step-up: a token outlives the session
 * that made it) and revokes their own; owners and admins list and revoke the organization's.
 * A token cannot call these routes itself (api-token-refusals.ts). Every change is audited.
 */
export async function apiTokenRoutes(
  app: FastifyInstance,
  { identity, database }: { identity: Identity; database: Database },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = database.db;

  const audit = (
    request: FastifyRequest,
    actor: OrganizationPrincipal,
    action: AuditAction,
    targetId: string,
    details: Record<string, unknown>,
  ) =>
    identity.audit({
      action,
      outcome: 'success',
      orgId: actor.orgId,
      actorUserId: actor.userId,
      actorLabel: actor.email,
      targetType: 'api_token',
      targetId,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      requestId: request.id,
      details,
    });

  api.get(
    '/api/api-tokens',
    { schema: { response: { 200: apiTokenListResponseSchema } } },
    async (request, reply) => {
      const actor = requireOrganization(request);
      const tokens = await listApiTokens(db, actor.orgId, actor.userId);
      return reply.header('cache-control', 'no-store').send({ tokens });
    },
  );

  api.get(
    '/api/organization/api-tokens',
    { schema: { response: { 200: apiTokenListResponseSchema } } },
    async (request, reply) => {
      const tokens = await listApiTokens(db, requireOrganization(request).orgId);
      return reply.header('cache-control', 'no-store').send({ tokens });
    },
  );

  api.post(
    '/api/api-tokens',
    { schema: { body: apiTokenCreateRequestSchema, response: { 201: apiTokenCreatedSchema } } },
    async (request, reply) => {
      const actor = requireOrganization(request);
      // Said before the step-up is asked for, so nobody confirms their identity for a refusal.
      await checkApiTokenGrant(db, actor, request.body);
      await requireStepUp(db, actor, 'api_token_create');
      const created = await createApiToken(db, actor, request.body);
      const { token } = created;
      await audit(request, actor, 'api_token.created', token.id, {
        name: token.name,
        role: token.role,
        units: token.units,
        expiresAt: token.expiresAt,
      });
      return reply.code(201).header('cache-control', 'no-store').send(created);
    },
  );

  api.delete('/api/api-tokens/:id', { schema: { params: idParam } }, async (request, reply) => {
    const actor = requireOrganization(request);
    const revoked = await revokeApiToken(db, actor, request.params.id);
    if (revoked)
      await audit(request, actor, 'api_token.revoked', revoked.id, {
        name: revoked.name,
        creator: revoked.creator.email,
      });
    return reply.code(204).send();
  });
}
