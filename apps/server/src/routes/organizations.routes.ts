import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  invitationAcceptRequestSchema,
  invitationCreateRequestSchema,
  invitationListResponseSchema,
  invitationPreviewQuerySchema,
  invitationPreviewSchema,
  invitationSchema,
  memberListResponseSchema,
  memberUpdateRequestSchema,
  transferOwnershipSchema,
} from '@fleetdeck/shared/organization-contract';
import { ignoreAccessChanges, type AccessChangedListener } from '../modules/identity/access-changes.ts';
import { requireOrganization, requirePrincipal } from '../modules/identity/request-guards.ts';
import {
  invitationPreview,
  inviteMember,
  joinByInvitation,
  pendingInvitations,
  withdrawInvitation,
  type InvitationDeps,
} from '../modules/organizations/invitations.service.ts';
import type { OnboardingDependencies } from '../modules/organizations/onboarding.service.ts';
import {
  changeMember,
  handOverOwnership,
  leaveTeam,
  removeMember,
  teamMembers,
  type TeamDeps,
} from '../modules/organizations/team.service.ts';

interface Options extends OnboardingDependencies {
  readonly onAccessChanged?: AccessChangedListener | undefined;
}

const idParam = z.object({ id: z.string().min(1).max(128) });
const userParam = z.object({ userId: z.string().min(1).max(128) });

/** The team: its members, their roles and OU scopes, leaving it and handing over ownership. */
function memberRoutes(app: FastifyInstance, team: TeamDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/organization/members',
    { schema: { response: { 200: memberListResponseSchema } } },
    async (request) => ({ members: await teamMembers(team, requireOrganization(request).orgId) }),
  );

  api.patch(
    '/api/organization/members/:userId',
    { schema: { params: userParam, body: memberUpdateRequestSchema } },
    async (request, reply) => {
      await changeMember(team, requireOrganization(request), request.params.userId, request.body);
      return reply.code(204).send();
    },
  );

  api.delete(
    '/api/organization/members/:userId',
    { schema: { params: userParam } },
    async (request, reply) => {
      await removeMember(team, requireOrganization(request), request.params.userId);
      return reply.code(204).send();
    },
  );

  api.post('/api/organization/leave', async (request, reply) => {
    await leaveTeam(team, requireOrganization(request));
    return reply.code(204).send();
  });

  api.post(
    '/api/organization/transfer-ownership',
    { schema: { body: transferOwnershipSchema } },
    async (request, reply) => {
      await handOverOwnership(team, requireOrganization(request), request.body.userId);
      return reply.code(204).send();
    },
  );
}

/** Invitations: the organization's pending ones, and the invitee's preview and acceptance. */
function invitationRoutes(app: FastifyInstance, invitations: InvitationDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/organization/invitations',
    { schema: { response: { 200: invitationListResponseSchema } } },
    async (request) => ({
      invitations: await pendingInvitations(invitations, requireOrganization(request).orgId),
    }),
  );

  api.post(
    '/api/organization/invitations',
    { schema: { body: invitationCreateRequestSchema, response: { 201: invitationSchema } } },
    async (request, reply) =>
      reply.code(201).send(await inviteMember(invitations, requireOrganization(request), request.body)),
  );

  api.delete('/api/organization/invitations/:id', { schema: { params: idParam } }, async (request, reply) => {
    await withdrawInvitation(invitations, requireOrganization(request), request.params.id);
    return reply.code(204).send();
  });

  api.get(
    '/api/invitations/preview',
    { schema: { querystring: invitationPreviewQuerySchema, response: { 200: invitationPreviewSchema } } },
    async (request, reply) => {
      const preview = await invitationPreview(invitations, requirePrincipal(request), request.query.token);
      return reply.header('cache-control', 'no-store').send(preview);
    },
  );

  api.post(
    '/api/invitations/accept',
    { schema: { body: invitationAcceptRequestSchema } },
    async (request, reply) =>
      reply.send(await joinByInvitation(invitations, requirePrincipal(request), request.body.token)),
  );
}

/** Members, roles, OU scopes and invitations of the caller's own organization. */
export async function organizationRoutes(
  app: FastifyInstance,
  { identity, db, config, onAccessChanged = ignoreAccessChanges }: Options,
): Promise<void> {
  const audit = (event: Parameters<TeamDeps['audit']>[0]) => identity.audit(event);
  memberRoutes(app, { db, audit, onAccessChanged });
  invitationRoutes(app, { db, audit, mailer: identity.mailer, publicUrl: config.publicUrl });
}
