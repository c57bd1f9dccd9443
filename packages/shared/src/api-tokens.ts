import type { MemberRole } from './permissions.ts';

/**
 * Personal API tokens: scripts call the same `/api/*` as the console with
 * `Authorization: Bearer fdk_…`. A token is shown once, kept only as a hash, expires, and never
 * holds more than its creator: its role and units are capped by the creator's at every use.
 * Plain data, no schema library: the web app's settings page imports it too.
 */

/** Every token starts with this, so it is recognisable in a script or a secret scanner. */
export const API_TOKEN_PREFIX = 'fdk_';
/** `fdk_` followed by 32 random bytes in base64url. */
export const API_TOKEN_PATTERN = /^fdk_[A-Za-z0-9_-]{43}$/;
export const API_TOKEN_MIN_DAYS = 1;
export const API_TOKEN_MAX_DAYS = 365;
export const API_TOKEN_DEFAULT_DAYS = 90;
/** Tokens one person may hold at once (not revoked, not expired). */
export const API_TOKEN_MAX_ACTIVE = 25;

/** Roles a token may carry: never owner (ownership decisions stay with people). */
export const API_TOKEN_ROLES = ['admin', 'technician', 'viewer'] as const;
export type ApiTokenRole = (typeof API_TOKEN_ROLES)[number];

const RANK: Record<MemberRole, number> = { owner: 3, admin: 2, technician: 1, viewer: 0 };

/** Why: a token's role is never above its creator's: the lower of the two. */
export function lowerRole(a: MemberRole, b: MemberRole): MemberRole {
  return RANK[a] <= RANK[b] ? a : b;
}

/** The token roles a member of `role` may choose (theirs or below, never owner). */
export function tokenRolesFor(role: MemberRole): ApiTokenRole[] {
  return API_TOKEN_ROLES.filter((candidate) => RANK[candidate] <= RANK[role]);
}
