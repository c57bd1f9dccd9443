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
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { appErrors } from '../errors/app-error.ts';
import { missingApiScopes } from '../modules/identity/google-scopes.ts';
import type { Identity } from '../modules/identity/identity-plugin.ts';
import { requireOrganization, requirePrincipal } from '../modules/identity/request-guards.ts';
import { requireStepUp } from '../modules/identity/step-up.service.ts';
import {
  approveAccessRequest,
  declineAccessRequest,
  listAccessRequests,
  myAccessRequest,
  requestAccess,
  withdrawAccessRequest,
  type AccessRequestDeps,
} from '../modules/organizations/access-requests.service.ts';
import { checkMemberScope } from '../modules/organizations/member-scope-check.ts';
import { joinOption, organizationToAsk } from '../modules/organizations/join-options.ts';
import { findOrganization } from '../modules/organizations/organization.repository.ts';

interface Options {
  readonly identity: Identity;
  readonly database: Database;
  readonly config: Config;
}

const idParam = z.object({ id: z.string().min(1).max(128) });

/**
 * Joining an organization (access requests, the owner's domain rule) and whose Google grant it
 * runs on. Asking is open to anyone signed in; deciding is for owners and admins (the access table).
 */
export async function accessRequestRoutes(app: FastifyInstance, { identity, database, config }: Options) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = database.db;
  const deps: AccessRequestDeps = {
    db,
    mailer: identity.mailer,
    publicUrl: config.publicUrl,
    audit: (event) => identity.audit(event),
  };

  api.get(
    '/api/access-requests/mine',
    { schema: { response: { 200: myAccessRequestSchema } } },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const mine = await myAccessRequest(db, principal.userId);
      // Only someone in no organization, with no request waiting, needs to know what they can do.
      const join =
        principal.member || mine.request?.status === 'pending'
          ? null
          : await joinOption({ db, identity, config }, principal);
      return reply.header('cache-control', 'no-store').send({ ...mine, join });
    },
  );

  api.post(
    '/api/access-requests',
    { schema: { body: accessRequestCreateSchema, response: { 201: accessRequestSchema } } },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const org = await organizationToAsk({ db, identity, config }, principal);
      return reply.code(201).send(await requestAccess(deps, principal, org, request.body.message));
    },
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
        .send({ requests: await listAccessRequests(db, requireOrganization(request).orgId) }),
  );

  api.post(
    '/api/organization/access-requests/:id/approve',
    { schema: { params: idParam, body: accessRequestApproveSchema, response: { 200: accessRequestSchema } } },
    async (request) => {
      const actor = requireOrganization(request);
      await requireStepUp(db, actor, 'access_approve');
      return approveAccessRequest(deps, actor, request.params.id, {
        role: request.body.role,
        ouScope: request.body.ouScope,
      });
    },
  );

  api.post(
    '/api/organization/access-requests/:id/decline',
    { schema: { params: idParam, response: { 200: accessRequestSchema } } },
    async (request) => declineAccessRequest(deps, requireOrganization(request), request.params.id),
  );

  api.get(
    '/api/organization/auto-join',
    { schema: { response: { 200: autoJoinSchema } } },
    async (request) => {
      const { orgId } = requireOrganization(request);
      const row = await db
        .selectFrom('org')
        .select(['auto_join_enabled', 'auto_join_domains', 'auto_join_ou_scope'])
        .where('id', '=', orgId)
        .executeTakeFirstOrThrow();
      return {
        enabled: row.auto_join_enabled,
        domains: row.auto_join_domains,
        ouScope: row.auto_join_ou_scope,
      };
    },
  );

  api.put(
    '/api/organization/auto-join',
    { schema: { body: autoJoinSchema, response: { 200: autoJoinSchema } } },
    async (request) => {
      const actor = requireOrganization(request);
      if (actor.role !== 'owner')
        throw appErrors.ownerRequired('Only an owner can change who joins automatically.');
      const rule = { ...request.body, domains: [...new Set(request.body.domains)] };
      if (rule.enabled && rule.domains.length === 0)
        throw appErrors.invalidRequest(
          'Name at least one domain whose people may join, or switch the rule off.',
        );
      await checkMemberScope(db, actor.orgId, 'viewer', rule.ouScope);
      await requireStepUp(db, actor, 'auto_join');
      await db
        .updateTable('org')
        .set({
          auto_join_enabled: rule.enabled,
          auto_join_domains: JSON.stringify(rule.domains),
          auto_join_ou_scope: JSON.stringify(rule.ouScope),
        })
        .where('id', '=', actor.orgId)
        .execute();
      await identity.audit({
        action: 'access.auto_join_changed',
        outcome: 'success',
        orgId: actor.orgId,
        actorUserId: actor.userId,
        actorLabel: actor.email,
        targetType: 'organization',
        targetId: actor.orgId,
        details: rule,
      });
      return rule;
    },
  );

  api.get(
    '/api/organization/google-connection',
    { schema: { response: { 200: googleConnectionSchema } } },
    async (request, reply) => {
      const { orgId } = requireOrganization(request);
      const row = await db
        .selectFrom('org_google_connection')
        .leftJoin('user', 'user.id', 'org_google_connection.user_id')
        .select([
          'org_google_connection.user_id as userId',
          'org_google_connection.status as status',
          'org_google_connection.scopes as scopes',
          'org_google_connection.connected_at as since',
          'org_google_connection.last_error as lastError',
          'user.name as name',
          'user.email as email',
        ])
        .where('org_google_connection.org_id', '=', orgId)
        .executeTakeFirst();
      const org = await findOrganization(db, orgId);
      if (!org) throw appErrors.notFound('Your organization no longer exists.');
      return reply.header('cache-control', 'no-store').send({
        connected: row?.status === 'connected',
        status: row?.status ?? null,
        grantedBy: row ? { userId: row.userId, name: row.name ?? '', email: row.email ?? '' } : null,
        since: row ? new Date(row.since).toISOString() : null,
        scopes: row?.scopes ?? [],
        missingScopes: row ? missingApiScopes(row.scopes) : [],
        lastError: row?.lastError ?? null,
      });
    },
  );
}
