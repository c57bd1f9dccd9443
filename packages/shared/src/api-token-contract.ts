import { z } from 'zod';
import {
  API_TOKEN_DEFAULT_DAYS,
  API_TOKEN_MAX_DAYS,
  API_TOKEN_MIN_DAYS,
  API_TOKEN_ROLES,
} from './api-tokens.ts';
import { orgUnitPathSchema } from './organization-contract.ts';

/** Request and response shapes of personal API tokens (rules and constants: api-tokens.ts). */

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
