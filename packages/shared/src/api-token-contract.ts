import { z } from 'zod';
import { orgUnitPathSchema } from './organization-contract.ts';
import type { MemberRole } from './permissions.ts';

/**
 * Personal API tokens: scripts call the same `/api/*` as the console with
 * `Authorization: Bearer fdk_…`. A token is shown once, kept only as a hash, expires, and never
 * holds more than its creator: its role and units are capped by the creator's at every use.
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

/** `POST /api/api-tokens`. */
export const apiTokenCreateRequestSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'Give the token a name, such as "Nightly inventory script".')
      .max(100, 'Keep the name under 100 characters.'),
    role: z.enum(API_TOKEN_ROLES, 'Choose admin, technician or viewer as the role (never above yours).'),
    /** Units the token is limited to; empty for every unit its creator may see. */
    units: z.array(orgUnitPathSchema).max(100).default([]),
    expiresInDays: z
      .number()
      .int()
      .min(API_TOKEN_MIN_DAYS, `A token lasts ${API_TOKEN_MIN_DAYS} to ${API_TOKEN_MAX_DAYS} days.`)
      .max(API_TOKEN_MAX_DAYS, `A token lasts ${API_TOKEN_MIN_DAYS} to ${API_TOKEN_MAX_DAYS} days.`)
      .default(API_TOKEN_DEFAULT_DAYS),
  })
  .strict();
export type ApiTokenCreateRequest = z.input<typeof apiTokenCreateRequestSchema>;

/** A token as lists show it: never its secret. */
export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the secret (`fdk_AbCd`), to tell tokens apart. */
  prefix: z.string(),
  role: z.enum(API_TOKEN_ROLES),
  units: z.array(z.string()),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
  revokedAt: z.string().nullable(),
  status: z.enum(['active', 'expired', 'revoked']),
  creator: z.object({ userId: z.string(), email: z.string(), name: z.string() }),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokenListResponseSchema = z.object({ tokens: z.array(apiTokenSchema) });
export type ApiTokenListResponse = z.infer<typeof apiTokenListResponseSchema>;

/** The answer to a create: the only time the secret is ever sent. */
export const apiTokenCreatedSchema = z.object({ token: apiTokenSchema, secret: z.string() });
export type ApiTokenCreated = z.infer<typeof apiTokenCreatedSchema>;
