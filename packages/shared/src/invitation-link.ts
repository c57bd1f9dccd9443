/**
 * The token of an invitation link (`/invitations/accept?token=`) and what to say when a link does
 * not hold a whole one: a mail client that wraps a long line, or a copy that misses its end, cuts
 * the token short. The page checks before asking the server and the server checks again, so both
 * say the same plain words. Plain constants, no zod.
 */

/** 32 random bytes in base64url, as the server mints them (invitations.ts). */
export const INVITATION_TOKEN_BYTES = 32;
export const INVITATION_TOKEN_CHARS = Math.ceil((INVITATION_TOKEN_BYTES * 4) / 3);

const TOKEN_CHARACTERS = /^[A-Za-z0-9_-]*$/;

export const INVITATION_LINK_MESSAGES = {
  missing: 'This link has no invitation in it. Open the link from the email again.',
  incomplete:
    'This invitation link is incomplete — open the full link from the email, or ask an admin to send a new invitation.',
  altered:
    'This invitation link has been changed since it was sent — open the full link from the email, or ask an admin to send a new invitation.',
} as const;

export type InvitationLinkProblem = keyof typeof INVITATION_LINK_MESSAGES;

/** Why: a cut-short or altered link is told apart from one the server does not know (expired, used). */
export function invitationLinkProblem(token: string): InvitationLinkProblem | null {
  if (token === '') return 'missing';
  if (!TOKEN_CHARACTERS.test(token) || token.length > INVITATION_TOKEN_CHARS) return 'altered';
  if (token.length < INVITATION_TOKEN_CHARS) return 'incomplete';
  return null;
}
