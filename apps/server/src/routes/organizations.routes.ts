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
import { canAssignRole } from '@fleetdeck/shared/permissions';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { appErrors } from '../errors/app-error.ts';
import { ignoreAccessChanges, type AccessChangedListener } from '../modules/identity/access-changes.ts';
import type { Identity } from '../modules/identity/identity-plugin.ts';
import { requireOrganization, requirePrincipal } from '../modules/identity/request-guards.ts';
import { requireStepUp } from '../modules/identity/step-up.service.ts';
import { mailTemplates } from '../modules/mail/mail-templates.ts';
import {
  acceptInvitation,
  createInvitation,
  listInvitations,
  previewInvitation,
  revokeInvitation,
} from '../modules/organizations/invitations.ts';
import { checkMemberScope } from '../modules/organizations/member-scope-check.ts';
import {
  findMember,
  findOrganization,
  listMembers,
} from '../modules/organizations/organization.repository.ts';
import {
  changeMember,
  leaveOrganization,
  removeFromOrganization,
  transferOwnership,
} from '../modules/organizations/team.service.ts';

interface Options {
  readonly identity: Identity;
  readonly database: Database;
  readonly config: Config;
  readonly onAccessChanged?: AccessChangedListener | undefined;
}

const idParam = z.object({ id: z.string().min(1).max(128) });
const userParam = z.object({ userId: z.string().min(1).max(128) });

/** Members, roles, OU scopes and invitations of the caller's own organization. */
export async function organizationRoutes(
  app: FastifyInstance,
  { identity, database, config, onAccessChanged = ignoreAccessChanges }: Options,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = database.db;

  api.get(
    '/api/organization/members',
    {
      schema: { response: { 200: memberListResponseSchema } },
    },
    async (request) => ({ members: await listMembers(db, requireOrganization(request).orgId) }),
  );

  api.patch(
    '/api/organization/members/:userId',
    { schema: { params: userParam, body: memberUpdateRequestSchema } },
    async (request, reply) => {
      const actor = requireOrganization(request);
      const { userId } = request.params;
      // Another organization's member is unknown here: 404 before anything else is asked.
      if (!(await findMember(db, actor.orgId, userId)))
        throw appErrors.notFound('No member with this id in your organization.');
      await requireStepUp(db, actor, 'member_change');
      const { before, role, ouScope } = await changeMember(db, actor, userId, request.body);
      onAccessChanged(actor.orgId, userId);
      await identity.audit({
        action: 'members.role_changed',
        outcome: 'success',
        orgId: actor.orgId,
        actorUserId: actor.userId,
        actorLabel: actor.email,
        targetType: 'user',
        targetId: userId,
        details: { email: before.email, from: before.role, to: role, fromOuScope: before.ouScope, ouScope },
      });
      return reply.code(204).send();
    },
  );

  api.delete(
    '/api/organization/members/:userId',
    { schema: { params: userParam } },
    async (request, reply) => {
      const actor = requireOrganization(request);
      if (request.params.userId === actor.userId)
        throw appErrors.invalidRequest('To leave the organization yourself, use Leave organization.');
      const { userId } = request.params;
      if (!(await findMember(db, actor.orgId, userId)))
        throw appErrors.notFound('No member with this id in your organization.');
      await requireStepUp(db, actor, 'member_remove');
      const target = await removeFromOrganization(db, actor, userId);
      onAccessChanged(actor.orgId, userId);
      await identity.audit({
        action: 'members.removed',
        outcome: 'success',
        orgId: actor.orgId,
        actorUserId: actor.userId,
        actorLabel: actor.email,
        targetType: 'user',
        targetId: userId,
        details: { email: target.email, role: target.role },
      });
      return reply.code(204).send();
    },
  );

  api.post('/api/organization/leave', async (request, reply) => {
    const actor = requireOrganization(request);
    await leaveOrganization(db, actor);
    onAccessChanged(actor.orgId, actor.userId);
    await identity.audit({
      action: 'members.left',
      outcome: 'success',
      orgId: actor.orgId,
      actorUserId: actor.userId,
      actorLabel: actor.email,
      targetType: 'user',
      targetId: actor.userId,
      details: { email: actor.email, role: actor.role },
    });
    return reply.code(204).send();
  });

  api.post(
    '/api/organization/transfer-ownership',
    { schema: { body: transferOwnershipSchema } },
    async (request, reply) => {
      const actor = requireOrganization(request);
      if (actor.role !== 'owner') throw appErrors.ownerRequired('Only an owner can transfer ownership.');
      await requireStepUp(db, actor, 'ownership_transfer');
      const target = await transferOwnership(db, actor, request.body.userId);
      onAccessChanged(actor.orgId, target.userId);
      onAccessChanged(actor.orgId, actor.userId);
      await identity.audit({
        action: 'members.ownership_transferred',
        outcome: 'success',
        orgId: actor.orgId,
        actorUserId: actor.userId,
        actorLabel: actor.email,
        targetType: 'user',
        targetId: target.userId,
        details: { email: target.email, from: target.role, previousOwner: actor.email },
      });
      return reply.code(204).send();
    },
  );

  api.get(
    '/api/organization/invitations',
    {
      schema: { response: { 200: invitationListResponseSchema } },
    },
    async (request) => ({ invitations: await listInvitations(db, requireOrganization(request).orgId) }),
  );

  api.post(
    '/api/organization/invitations',
    {
      schema: { body: invitationCreateRequestSchema, response: { 201: invitationSchema } },
    },
    async (request, reply) => {
      const actor = requireOrganization(request);
      if (!canAssignRole(actor.role, request.body.role))
        throw appErrors.forbidden('Only an owner can invite another owner.');
      await checkMemberScope(db, actor.orgId, request.body.role, request.body.ouScope, actor.member);
      // Owners and admins can change everything: inviting one is as sensitive as making one.
      if (request.body.role === 'owner' || request.body.role === 'admin')
        await requireStepUp(db, actor, 'member_change');
      const { invitation, token } = await createInvitation(db, actor.orgId, {
        ...request.body,
        invitedBy: actor.userId,
      });
      const org = await findOrganization(db, actor.orgId);
      const link = `${config.publicUrl}/invitations/accept?token=${token}`;
      await identity.mailer.send(
        mailTemplates.invitation(invitation.email, org?.name ?? 'Fleetdeck', invitation.role, link),
      );
      await identity.audit({
        action: 'members.invited',
        outcome: 'success',
        orgId: actor.orgId,
        actorUserId: actor.userId,
        actorLabel: actor.email,
        targetType: 'invitation',
        targetId: invitation.id,
        details: { email: invitation.email, role: invitation.role },
      });
      return reply.code(201).send(invitation);
    },
  );

  api.delete('/api/organization/invitations/:id', { schema: { params: idParam } }, async (request, reply) => {
    const actor = requireOrganization(request);
    await revokeInvitation(db, actor.orgId, request.params.id);
    await identity.audit({
      action: 'members.invitation_revoked',
      outcome: 'success',
      orgId: actor.orgId,
      actorUserId: actor.userId,
      actorLabel: actor.email,
      targetType: 'invitation',
      targetId: request.params.id,
    });
    return reply.code(204).send();
  });

  api.get(
    '/api/invitations/preview',
    { schema: { querystring: invitationPreviewQuerySchema, response: { 200: invitationPreviewSchema } } },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const preview = await previewInvitation(db, request.query.token, principal);
      return reply.header('cache-control', 'no-store').send(preview);
    },
  );

  api.post(
    '/api/invitations/accept',
    { schema: { body: invitationAcceptRequestSchema } },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const joined = await acceptInvitation(db, request.body.token, {
        id: principal.userId,
        email: principal.email,
      });
      await identity.audit({
        action: 'members.invitation_accepted',
        outcome: 'success',
        orgId: joined.orgId,
        actorUserId: principal.userId,
        actorLabel: principal.email,
        details: { role: joined.role },
      });
      return reply.send(joined);
    },
  );
}
