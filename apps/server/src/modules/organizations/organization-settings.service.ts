import type { AutoJoin, GoogleConnection } from '@fleetdeck/shared/organization-contract';
import { appErrors } from '../../errors/app-error.ts';
import { missingApiScopes } from '../identity/google-scopes.ts';
import type { OrganizationPrincipal } from '../identity/request-guards.ts';
import { requireStepUp } from '../identity/step-up.service.ts';
import type { AccessRequestDeps } from './access-requests.service.ts';
import { checkMemberScope } from './member-scope-check.ts';
import {
  readAutoJoinRule,
  readGoogleGrant,
  writeAutoJoinRule,
  type AutoJoinRule,
} from './organization-settings.repository.ts';
import { findOrganization } from './organization.repository.ts';

/**
 * Two settings of the organization: the owner's domain rule (people with a verified address at
 * listed domains join as viewers of listed units; decision 034) and whose Google grant it runs on.
 */

export function autoJoinRule(deps: Pick<AccessRequestDeps, 'db'>, orgId: string): Promise<AutoJoin> {
  return readAutoJoinRule(deps.db, orgId);
}

/** Why: an owner's decision, after a step-up, within the managed tree; audited with the rule. */
export async function changeAutoJoinRule(
  deps: AccessRequestDeps,
  actor: OrganizationPrincipal,
  requested: AutoJoinRule,
): Promise<AutoJoinRule> {
  if (actor.role !== 'owner')
    throw appErrors.ownerRequired('Only an owner can change who joins automatically.');
  const rule = { ...requested, domains: [...new Set(requested.domains)] };
  if (rule.enabled && rule.domains.length === 0)
    throw appErrors.invalidRequest('Name at least one domain whose people may join, or switch the rule off.');
  await checkMemberScope(deps.db, actor.orgId, 'viewer', rule.ouScope);
  await requireStepUp(deps.db, actor, 'auto_join');
  await writeAutoJoinRule(deps.db, actor.orgId, rule);
  await deps.audit({
    action: 'access.auto_join_changed',
    outcome: 'success',
    orgId: actor.orgId,
    actorUserId: actor.userId,
    actorLabel: actor.email,
    targetType: 'organization',
    targetId: actor.orgId,
    details: rule,
  });
  return rule;
}

/** Why: Settings shows who granted Google access, since when, and which scopes are missing. */
export async function googleConnection(
  deps: Pick<AccessRequestDeps, 'db'>,
  orgId: string,
): Promise<GoogleConnection> {
  const row = await readGoogleGrant(deps.db, orgId);
  const org = await findOrganization(deps.db, orgId);
  if (!org) throw appErrors.notFound('Your organization no longer exists.');
  return {
    connected: row?.status === 'connected',
    status: row?.status ?? null,
    grantedBy: row ? { userId: row.userId, name: row.name ?? '', email: row.email ?? '' } : null,
    since: row ? new Date(row.since).toISOString() : null,
    scopes: row?.scopes ?? [],
    missingScopes: row ? missingApiScopes(row.scopes) : [],
    lastError: row?.lastError ?? null,
  };
}
