import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { INVITATION_TOKEN_BYTES, invitationLinkProblem } from '@fleetdeck/shared/invitation-link';
import type { Invitation, InvitationPreview } from '@fleetdeck/shared/organization-contract';
import type { MemberRole } from '@fleetdeck/shared/permissions';
import type { DB } from '../../db/schema.ts';
import { type AppError, appErrors } from '../../errors/app-error.ts';
import { organizationErrors } from '../../errors/organization-errors.ts';
import { addMember } from './organization.repository.ts';

const INVITATION_DAYS = 7;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function statusOf(row: {
  accepted_at: Date | null;
  revoked_at: Date | null;
  expires_at: Date;
}): Invitation['status'] {
  if (row.accepted_at) return 'accepted';
  if (row.revoked_at) return 'revoked';
  return new Date(row.expires_at).getTime() <= Date.now() ? 'expired' : 'pending';
}

/**
 * Why: an owner or admin invites by email; only a hash of the token is stored, so the database
 * alone cannot accept an invitation. Returns the token for the accept link (mailed, never logged).
 */
export async function createInvitation(
  db: Kysely<DB>,
  orgId: string,
  input: { email: string; role: MemberRole; ouScope: readonly string[]; invitedBy: string },
): Promise<{ invitation: Invitation; token: string }> {
  const token = randomBytes(INVITATION_TOKEN_BYTES).toString('base64url');
  const email = input.email.toLowerCase();
  // Re-inviting the same address replaces the pending invitation: both or neither.
  const row = await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('org_invitation')
      .set({ revoked_at: new Date() })
      .where('org_id', '=', orgId)
      .where('email', '=', email)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .execute();
    return trx
      .insertInto('org_invitation')
      .values({
        org_id: orgId,
        email,
        role: input.role,
        ou_scope: JSON.stringify(input.ouScope),
        token_hash: hashToken(token),
        invited_by: input.invitedBy,
        expires_at: new Date(Date.now() + INVITATION_DAYS * 86_400_000),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return { invitation: present(row), token };
}

function present(row: {
  id: string;
  email: string;
  role: MemberRole;
  ou_scope: string[];
  created_at: Date;
  expires_at: Date;
  accepted_at: Date | null;
  revoked_at: Date | null;
}): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    ouScope: row.ou_scope,
    createdAt: new Date(row.created_at).toISOString(),
    expiresAt: new Date(row.expires_at).toISOString(),
    status: statusOf(row),
  };
}

export async function listInvitations(db: Kysely<DB>, orgId: string): Promise<Invitation[]> {
  const rows = await db
    .selectFrom('org_invitation')
    .selectAll()
    .where('org_id', '=', orgId)
    .orderBy('created_at', 'desc')
    .limit(500)
    .execute();
  return rows.map(present);
}

/** Why: another organization's invitation id answers 404, like one that never existed. */
export async function revokeInvitation(db: Kysely<DB>, orgId: string, invitationId: string): Promise<void> {
  const result = await db
    .updateTable('org_invitation')
    .set({ revoked_at: new Date() })
    .where('org_id', '=', orgId)
    .where('id', '=', invitationId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n)
    throw appErrors.notFound('No pending invitation with this id in your organization.');
}

const INVALID_LINK = 'This invitation link is invalid, expired or already used. Ask for a new invitation.';

/** Why: a link cut short (or altered) says so in plain words, before any lookup. */
function assertWholeToken(token: string): void {
  const problem = invitationLinkProblem(token);
  if (problem) throw organizationErrors.invitationLink(problem);
}

function emailMismatch(invited: string): AppError {
  return organizationErrors.invitationEmailMismatch(invited);
}

/**
 * Why: the invited person sees which organization, role and units they are joining, and who asked,
 * before accepting. Only they can read it: signed in with the invited address, holding the link.
 * Anyone else holding it (a forwarded mail, a shared mailbox) learns only which address to use.
 */
export async function previewInvitation(
  db: Kysely<DB>,
  token: string,
  user: { email: string },
): Promise<InvitationPreview> {
  assertWholeToken(token);
  const row = await db
    .selectFrom('org_invitation')
    .innerJoin('org', 'org.id', 'org_invitation.org_id')
    .leftJoin('user', 'user.id', 'org_invitation.invited_by')
    .select([
      'org.name as organizationName',
      'org_invitation.email',
      'org_invitation.role',
      'org_invitation.ou_scope',
      'org_invitation.expires_at',
      'org_invitation.accepted_at',
      'org_invitation.revoked_at',
      'user.name as inviterName',
      'user.email as inviterEmail',
    ])
    .where('org_invitation.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row || statusOf(row) !== 'pending') throw appErrors.notFound(INVALID_LINK);
  if (row.email !== user.email.toLowerCase()) throw emailMismatch(row.email);
  return {
    organizationName: row.organizationName,
    email: row.email,
    role: row.role,
    ouScope: row.role === 'viewer' ? row.ou_scope : [],
    invitedBy: row.inviterName && row.inviterEmail ? `${row.inviterName} (${row.inviterEmail})` : null,
    expiresAt: new Date(row.expires_at).toISOString(),
  };
}

/** Why: the invited person, signed in with the invited email, joins with the invited role and scope. */
export async function acceptInvitation(
  db: Kysely<DB>,
  token: string,
  user: { id: string; email: string },
): Promise<{ orgId: string; role: MemberRole }> {
  assertWholeToken(token);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('org_invitation')
      .selectAll()
      .where('token_hash', '=', hashToken(token))
      .forUpdate()
      .executeTakeFirst();
    if (!row || statusOf(row) !== 'pending') throw appErrors.notFound(INVALID_LINK);
    if (row.email !== user.email.toLowerCase()) throw emailMismatch(row.email);
    const existing = await trx
      .selectFrom('org_member')
      .select('org_id')
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (existing)
      throw appErrors.conflict(
        'You already belong to an organization. Leave it before accepting this invitation.',
      );
    // Only viewers are limited to units (an invitation from before that rule may carry a scope).
    const ouScope = row.role === 'viewer' ? row.ou_scope : [];
    await addMember(trx, row.org_id, { userId: user.id, role: row.role, ouScope });
    await trx
      .updateTable('org_invitation')
      .set({ accepted_at: new Date(), accepted_by: user.id })
      .where('id', '=', row.id)
      .execute();
    return { orgId: row.org_id, role: row.role };
  });
}
