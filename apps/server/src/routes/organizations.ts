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
} from '@fleetdeck/shared/organization-contract';
import { canAssignRole } from '@fleetdeck/shared/permissions';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { appErrors } from '../errors/app-error.ts';
import { ignoreAccessChanges, type AccessChangedListener } from '../modules/identity/access-changes.ts';
import type { Identity } from '../modules/identity/identity-plugin.ts';
import {
  requireOrganization,
  requirePermission,
  requirePrincipal,
} from '../modules/identity/request-guards.ts';
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
  lockOwners,
  removeMember,
  updateMember,
} from '../modules/organizations/organization-repository.ts';

interface Options {
  readonly identity: Identity;
  readonly database: Database;
  readonly config: Config;
  readonly onAccessChanged?: AccessChangedListener | undefined;
}

/**
 * The last-owner rule, checked against the owners `lockOwners` holds: a change that needs an owner
 * must still come from one (an owner demoted a moment ago acts as one no more), and the demotion or
 * removal of `userId` (leaving included) must leave an owner.
 */
function keepAnOwner(
  owners: readonly string[],
  change: { actorId: string; needsOwner: boolean; userId: string; endsOwnership: boolean },
): void {
  if (change.needsOwner && !owners.includes(change.actorId))
    throw appErrors.forbidden('Only an owner can grant, change or remove the owner role.');
  if (change.endsOwnership && owners.includes(change.userId) && owners.length <= 1)
    throw appErrors.conflict('An organization needs at least one owner. Make someone else owner first.');
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
      preHandler: requirePermission('members.read'),
    },
    async (request) => ({ members: await listMembers(db, requireOrganization(request).orgId) }),
  );

  api.patch(
    '/api/organization/members/:userId',
    {
      schema: { params: userParam, body: memberUpdateRequestSchema },
      preHandler: requirePermission('members.manage'),
    },
    async (request, reply) => {
      const actor = requireOrganization(request);
      const { userId } = request.params;
      const target = await findMember(db, actor.orgId, userId);
      if (!target) throw appErrors.notFound('No member with this id in your organization.');
      const { role, ouScope } = request.body;
      if (!canAssignRole(actor.role, target.role) || (role && !canAssignRole(actor.role, role)))
        throw appErrors.forbidden('Only an owner can grant or change the owner role.');
      if (ouScope) await checkMemberScope(db, actor.orgId, role ?? target.role, ouScope);
      // Only viewers are limited to units: a member given another role keeps no scope that would
      // come back, unchecked, should they be made a viewer again.
      const scope = ouScope ?? (role && role !== 'viewer' ? [] : undefined);
      await db.transaction().execute(async (trx) => {
        keepAnOwner(await lockOwners(trx, actor.orgId), {
          actorId: actor.userId,
          needsOwner: target.role === 'owner' || role === 'owner',
          userId,
          endsOwnership: role !== undefined && role !== 'owner',
        });
        await updateMember(trx, actor.orgId, userId, { role, ouScope: scope });
      });
      onAccessChanged(actor.orgId, userId);
      await identity.audit({
        action: 'members.role_changed',
        outcome: 'success',
        orgId: actor.orgId,
        actorUserId: actor.userId,
        actorLabel: actor.email,
        targetType: 'user',
        targetId: userId,
        details: {
          email: target.email,
          from: target.role,
          to: role ?? target.role,
          ouScope: scope ?? target.ouScope,
        },
      });
      return reply.code(204).send();
    },
  );

  api.delete(
    '/api/organization/members/:userId',
    { schema: { params: userParam }, preHandler: requirePermission('members.manage') },
    async (request, reply) => {
      const actor = requireOrganization(request);
      const { userId } = request.params;
      const target = await findMember(db, actor.orgId, userId);
      if (!target) throw appErrors.notFound('No member with this id in your organization.');
      if (!canAssignRole(actor.role, target.role))
        throw appErrors.forbidden('Only an owner can remove an owner.');
      // Membership and sessions go together: never a removed member still signed in, or the reverse.
      await db.transaction().execute(async (trx) => {
        keepAnOwner(await lockOwners(trx, actor.orgId), {
          actorId: actor.userId,
          needsOwner: target.role === 'owner',
          userId,
          endsOwnership: true,
        });
        await removeMember(trx, actor.orgId, userId);
        await trx.deleteFrom('session').where('userId', '=', userId).execute();
      });
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

  api.get(
    '/api/organization/invitations',
    {
      schema: { response: { 200: invitationListResponseSchema } },
      preHandler: requirePermission('members.manage'),
    },
    async (request) => ({ invitations: await listInvitations(db, requireOrganization(request).orgId) }),
  );

  api.post(
    '/api/organization/invitations',
    {
      schema: { body: invitationCreateRequestSchema, response: { 201: invitationSchema } },
      preHandler: requirePermission('members.manage'),
    },
    async (request, reply) => {
      const actor = requireOrganization(request);
      if (!canAssignRole(actor.role, request.body.role))
        throw appErrors.forbidden('Only an owner can invite another owner.');
      await checkMemberScope(db, actor.orgId, request.body.role, request.body.ouScope);
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

  api.delete(
    '/api/organization/invitations/:id',
    { schema: { params: idParam }, preHandler: requirePermission('members.manage') },
    async (request, reply) => {
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
    },
  );

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
