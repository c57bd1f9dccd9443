import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type {
  ApiToken,
  ApiTokenCreated,
  apiTokenCreateRequestSchema,
} from '@fleetdeck/shared/api-token-contract';
import type { AuditAction } from '@fleetdeck/shared/audit-actions';
import type { DB } from '../../db/schema.ts';
import type { AuditEvent } from '../audit/audit-log.ts';
import { sourcedEvent, type AuditSource } from '../audit/audit-source.ts';
import { checkApiTokenGrant, createApiToken, listApiTokens, revokeApiToken } from './api-tokens.ts';
import type { OrganizationPrincipal } from './request-guards.ts';
import { requireStepUp } from './step-up.service.ts';

/**
 * Personal API tokens (decision 036): a member lists, creates (after a step-up: a token outlives
 * the session that made it) and revokes their own; owners and admins list and revoke the
 * organization's. Every change is audited.
 */

export interface ApiTokenDeps {
  readonly db: Kysely<DB>;
  /** Identity's audit log writer (a failed write is logged, the change stands). */
  audit(event: AuditEvent): Promise<void>;
}

function auditToken(
  deps: ApiTokenDeps,
  source: AuditSource,
  action: AuditAction,
  targetId: string,
  details: Record<string, unknown>,
): Promise<void> {
  return deps.audit(sourcedEvent(source, { action, targetType: 'api_token', targetId, details }));
}

/** Why: a member's own tokens; without `userId`, the organization's (owners and admins). */
export function apiTokensOf(
  deps: Pick<ApiTokenDeps, 'db'>,
  orgId: string,
  userId?: string,
): Promise<ApiToken[]> {
  return listApiTokens(deps.db, orgId, userId);
}

export async function issueApiToken(
  deps: ApiTokenDeps,
  source: AuditSource,
  actor: OrganizationPrincipal,
  request: z.output<typeof apiTokenCreateRequestSchema>,
): Promise<ApiTokenCreated> {
  // Said before the step-up is asked for, so nobody confirms their identity for a refusal.
  await checkApiTokenGrant(deps.db, actor, request);
  await requireStepUp(deps.db, actor, 'api_token_create');
  const created = await createApiToken(deps.db, actor, request);
  const { token } = created;
  await auditToken(deps, source, 'api_token.created', token.id, {
    name: token.name,
    role: token.role,
    units: token.units,
    expiresAt: token.expiresAt,
  });
  return created;
}

export async function withdrawApiToken(
  deps: ApiTokenDeps,
  source: AuditSource,
  actor: OrganizationPrincipal,
  tokenId: string,
): Promise<void> {
  const revoked = await revokeApiToken(deps.db, actor, tokenId);
  if (revoked)
    await auditToken(deps, source, 'api_token.revoked', revoked.id, {
      name: revoked.name,
      creator: revoked.creator.email,
    });
}
