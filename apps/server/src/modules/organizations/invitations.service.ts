import type { Kysely } from 'kysely';
import type { Invitation, InvitationPreview } from '@fleetdeck/shared/organization-contract';
import { canAssignRole, type MemberRole } from '@fleetdeck/shared/permissions';
import type { DB } from '../../db/schema.ts';
import { appErrors } from '../../errors/app-error.ts';
import type { AuditEvent } from '../audit/audit-log.ts';
import type { OrganizationPrincipal } from '../identity/request-guards.ts';
import type { Principal } from '../identity/principal.ts';
import { requireStepUp } from '../identity/step-up.service.ts';
import type { Mailer } from '../mail/mailer.ts';
import { mailTemplates } from '../mail/mail-templates.ts';
import {
  acceptInvitation,
  createInvitation,
  listInvitations,
  previewInvitation,
  revokeInvitation,
} from './invitations.ts';
import { checkMemberScope } from './member-scope-check.ts';
import { findOrganization } from './organization.repository.ts';

/**
 * Invitations: an owner or admin invites within what they hold (role and units; inviting an owner
 * or admin asks for a fresh second factor), the invited person is mailed a link, previews it and
 * accepts it signed in with the invited address. Every change is audited.
 */

export interface InvitationDeps {
  readonly db: Kysely<DB>;
  readonly mailer: Mailer;
  readonly publicUrl: string;
  /** Identity's audit log writer (a failed write is logged, the change stands). */
  audit(event: AuditEvent): Promise<void>;
}

export interface InvitationRequest {
  readonly email: string;
  readonly role: MemberRole;
  readonly ouScope: readonly string[];
}

export function pendingInvitations(deps: Pick<InvitationDeps, 'db'>, orgId: string): Promise<Invitation[]> {
  return listInvitations(deps.db, orgId);
}

/** Why: the link is mailed, never answered: only the invited address can open it. */
export async function inviteMember(
  deps: InvitationDeps,
  actor: OrganizationPrincipal,
  request: InvitationRequest,
): Promise<Invitation> {
  if (!canAssignRole(actor.role, request.role))
    throw appErrors.forbidden('Only an owner can invite another owner.');
  await checkMemberScope(deps.db, actor.orgId, request.role, request.ouScope, actor.member);
  // Owners and admins can change everything: inviting one is as sensitive as making one.
  if (request.role === 'owner' || request.role === 'admin')
    await requireStepUp(deps.db, actor, 'member_change');
  const { invitation, token } = await createInvitation(deps.db, actor.orgId, {
    ...request,
    invitedBy: actor.userId,
  });
  const org = await findOrganization(deps.db, actor.orgId);
  const link = `${deps.publicUrl}/invitations/accept?token=${token}`;
  await deps.mailer.send(
    mailTemplates.invitation(invitation.email, org?.name ?? 'Fleetdeck', invitation.role, link),
  );
  await deps.audit({
    action: 'members.invited',
    outcome: 'success',
    orgId: actor.orgId,
    actorUserId: actor.userId,
    actorLabel: actor.email,
    targetType: 'invitation',
    targetId: invitation.id,
    details: { email: invitation.email, role: invitation.role },
  });
  return invitation;
}

export async function withdrawInvitation(
  deps: InvitationDeps,
  actor: OrganizationPrincipal,
  invitationId: string,
): Promise<void> {
  await revokeInvitation(deps.db, actor.orgId, invitationId);
  await deps.audit({
    action: 'members.invitation_revoked',
    outcome: 'success',
    orgId: actor.orgId,
    actorUserId: actor.userId,
    actorLabel: actor.email,
    targetType: 'invitation',
    targetId: invitationId,
  });
}

export function invitationPreview(
  deps: Pick<InvitationDeps, 'db'>,
  principal: Principal,
  token: string,
): Promise<InvitationPreview> {
  return previewInvitation(deps.db, token, principal);
}

/** Why: joining is audited in the organization joined, by the person who joined. */
export async function joinByInvitation(
  deps: InvitationDeps,
  principal: Principal,
  token: string,
): Promise<{ orgId: string; role: MemberRole }> {
  const joined = await acceptInvitation(deps.db, token, { id: principal.userId, email: principal.email });
  await deps.audit({
    action: 'members.invitation_accepted',
    outcome: 'success',
    orgId: joined.orgId,
    actorUserId: principal.userId,
    actorLabel: principal.email,
    details: { role: joined.role },
  });
  return joined;
}
