import type { AuditAction } from '@fleetdeck/shared/audit-actions';
import type { Kysely } from 'kysely';
import { createGoogleClient } from '@fleetdeck/google/google-client';
import { GOOGLE_BASE_URLS } from '@fleetdeck/google/google-hosts';
import { GoogleApiError } from '@fleetdeck/google/errors';
import type { Config } from '../../config/env.ts';
import type { DB } from '../../db/schema.ts';
import { appErrors } from '../../errors/app-error.ts';
import { organizationErrors } from '../../errors/organization-errors.ts';
import { missingApiScopes, parseScopes } from '../identity/google-scopes.ts';
import type { Identity } from '../identity/identity-plugin.ts';
import type { Principal } from '../identity/principal.ts';
import { requireStepUp } from '../identity/step-up.service.ts';
import type { OrganizationPrincipal } from '../identity/request-guards.ts';
import {
  addMember,
  createOrganization,
  findGoogleConnection,
  findMember,
  findOrganization,
  findOrganizationByCustomer,
  markOnboardingComplete,
  saveGoogleConnection,
  saveOuScope,
  type OrganizationRow,
} from './organization.repository.ts';

export interface OnboardingDependencies {
  readonly db: Kysely<DB>;
  readonly identity: Identity;
  readonly config: Config;
}

interface Customer {
  id: string;
  domain: string | null;
}

async function fetchCustomer(config: Config, accessToken: string): Promise<Customer> {
  const client = createGoogleClient({
    getAccessToken: async () => accessToken,
    baseUrls: { directory: config.google.apiRootUrl ?? GOOGLE_BASE_URLS.directory },
    retry: { maxAttempts: 2, baseDelayMs: 200 },
  });
  try {
    const customer = await client.directory.getCustomer();
    return { id: customer.id, domain: customer.customerDomain ?? null };
  } catch (error) {
    if (error instanceof GoogleApiError && (error.status === 403 || error.status === 401)) {
      throw organizationErrors.googleAdminRequired();
    }
    throw organizationErrors.workspaceCheckUnanswered();
  }
}

function findGoogleAccount(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('account')
    .select(['id', 'scope'])
    .where('userId', '=', userId)
    .where('providerId', '=', 'google')
    .executeTakeFirst();
}

/** Why: a member of an existing organization is told who to ask instead of joining by themselves. */
export const accessRequestRequired = (org: Pick<OrganizationRow, 'name'>) =>
  organizationErrors.accessRequestRequired(org.name);

/**
 * Why: the owner's domain rule lets people with a verified address at the listed domains in as
 * viewers of the listed units; anyone else must ask. Answers whether the caller joined.
 */
async function joinByDomainRule(
  deps: OnboardingDependencies,
  principal: Principal,
  orgId: string,
): Promise<boolean> {
  const [org, user] = await Promise.all([
    deps.db
      .selectFrom('org')
      .select(['auto_join_enabled', 'auto_join_domains', 'auto_join_ou_scope'])
      .where('id', '=', orgId)
      .executeTakeFirst(),
    deps.db
      .selectFrom('user')
      .select(['email', 'emailVerified'])
      .where('id', '=', principal.userId)
      .executeTakeFirst(),
  ]);
  if (!org?.auto_join_enabled || user?.emailVerified !== true) return false;
  const domain = user.email.split('@').pop()?.toLowerCase() ?? '';
  if (!org.auto_join_domains.includes(domain)) return false;
  const joined = await deps.db
    .insertInto('org_member')
    .values({
      org_id: orgId,
      user_id: principal.userId,
      role: 'viewer',
      ou_scope: JSON.stringify(org.auto_join_ou_scope),
    })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .returning('user_id')
    .executeTakeFirst();
  if (!joined) return false;
  await auditStep(deps, principal, orgId, 'access.auto_joined', {
    domain,
    role: 'viewer',
    ouScope: org.auto_join_ou_scope,
  });
  return true;
}

/** Why: the Google customer behind the caller's own grant, and the organization set up for it, if any. */
export async function customerOfCaller(
  deps: OnboardingDependencies,
  principal: Principal,
): Promise<{ customer: Customer; org: OrganizationRow | undefined } | undefined> {
  const found = await findGoogleAccount(deps.db, principal.userId);
  if (!found) return undefined;
  const token = await deps.identity.google.forAccount(found.id);
  const customer = await fetchCustomer(deps.config, token);
  return { customer, org: await findOrganizationByCustomer(deps.db, customer.id) };
}

/**
 * Why: onboarding proves the admin's grant works (customers.get succeeds, every scope granted)
 * before creating the organization of that Google customer; the first admin owns it. Nobody joins
 * an existing organization this way (they ask for access, or the owner's domain rule lets them
 * in), and only an owner, freshly confirmed, may replace the grant it runs on.
 */
export async function connectGoogleWorkspace(
  deps: OnboardingDependencies,
  principal: Principal,
): Promise<{ orgId: string; created: boolean }> {
  // Connecting replaces the grant the whole organization runs on (a reconnect after Google access
  // was lost): only an owner, and only with a fresh second factor, before Google is asked.
  if (principal.member) {
    if (principal.member.role !== 'owner')
      throw appErrors.ownerRequired(
        'Only an owner of your organization can connect or reconnect Google Workspace. Ask one of them to do it.',
      );
    await requireStepUp(deps.db, principal, 'google_connection');
  }
  const found = await findGoogleAccount(deps.db, principal.userId);
  if (!found) throw organizationErrors.googleSignInRequired();
  // A refresh now makes Google state the scopes it grants today (a re-consent may have added some).
  const token = await deps.identity.google.forAccount(found.id, { verifyGrant: true });
  const account = (await findGoogleAccount(deps.db, principal.userId)) ?? found;
  const scopes = parseScopes(account.scope);
  const customer = await fetchCustomer(deps.config, token);
  const existing = await findOrganizationByCustomer(deps.db, customer.id);
  if (existing && principal.member?.orgId !== existing.id) {
    if (principal.member) throw organizationErrors.memberOfAnotherOrganization();
    if (await joinByDomainRule(deps, principal, existing.id)) return { orgId: existing.id, created: false };
    await auditStep(deps, principal, existing.id, 'access.denied', { via: 'google_connect' }, 'failure');
    throw accessRequestRequired(existing);
  }
  const missing = missingApiScopes(scopes);
  if (missing.length > 0) throw organizationErrors.googleScopesMissing(missing);
  if (principal.member && !existing) throw organizationErrors.memberOfAnotherOrganization();

  const result = await deps.db.transaction().execute(async (trx) => {
    const orgId =
      existing?.id ??
      (await createOrganization(trx, {
        name: customer.domain ?? `Google Workspace ${customer.id}`,
        customerId: customer.id,
        primaryDomain: customer.domain,
      }));
    const membership = await findMember(trx, orgId, principal.userId);
    // Two first admins at once: the organization was created by the other; this one must ask.
    if (!membership && existing) throw accessRequestRequired(existing);
    if (!membership) await addMember(trx, orgId, { userId: principal.userId, role: 'owner' });
    const previous = await findGoogleConnection(trx, orgId);
    await saveGoogleConnection(trx, orgId, { userId: principal.userId, accountId: account.id, scopes });
    return { orgId, created: !existing, previousUserId: previous?.userId };
  });
  await auditStep(deps, principal, result.orgId, 'onboarding.connected', {
    customerId: customer.id,
    created: result.created,
    ...(result.previousUserId && result.previousUserId !== principal.userId
      ? { replacedGrantOf: result.previousUserId }
      : {}),
  });
  return { orgId: result.orgId, created: result.created };
}

async function requireConnectedGoogle(db: Kysely<DB>, orgId: string): Promise<void> {
  const connection = await findGoogleConnection(db, orgId);
  if (connection?.status !== 'connected') throw organizationErrors.googleNotConnectedForStep();
}

/**
 * Why: the scope step is recorded on the organization, so every later visit resumes at the first
 * sync. Saving never starts a sync: the first-sync step does, and the sync API hands back the run
 * already queued or running, and onboarding leaves that step once a full sync succeeded, so saving
 * the scope again cannot start a second first sync.
 */
export async function chooseOuScope(
  deps: Pick<OnboardingDependencies, 'db' | 'identity'>,
  principal: OrganizationPrincipal,
  ouPath: string,
): Promise<void> {
  await requireConnectedGoogle(deps.db, principal.orgId);
  const saved = await deps.db.transaction().execute((trx) => saveOuScope(trx, principal.orgId, ouPath));
  if (!saved) throw organizationErrors.organizationGone();
  await auditStep(deps, principal, principal.orgId, 'onboarding.ou_scope_set', {
    ouPath,
    previousOuPath: saved.previousOuPath,
    firstTime: saved.firstTime,
  });
}

/** Why: "Go to the dashboard" records that an admin finished; only the first time is audited. */
export async function finishOnboarding(
  deps: Pick<OnboardingDependencies, 'db' | 'identity'>,
  principal: OrganizationPrincipal,
): Promise<void> {
  await requireConnectedGoogle(deps.db, principal.orgId);
  const org = await findOrganization(deps.db, principal.orgId);
  if (!org) throw organizationErrors.organizationGone();
  if (org.onboardingScopeChosenAt === null) throw organizationErrors.onboardingScopeRequired();
  if (!(await markOnboardingComplete(deps.db, principal.orgId))) return;
  await auditStep(deps, principal, principal.orgId, 'onboarding.completed');
}

/** Why: every onboarding step is audited alike: who did it, on which organization. */
async function auditStep(
  deps: Pick<OnboardingDependencies, 'identity'>,
  actor: Pick<Principal, 'userId' | 'email'>,
  orgId: string,
  action: AuditAction,
  details?: Record<string, unknown>,
  outcome: 'success' | 'failure' = 'success',
): Promise<void> {
  await deps.identity.audit({
    action,
    outcome,
    orgId,
    actorUserId: actor.userId,
    actorLabel: actor.email,
    targetType: 'organization',
    targetId: orgId,
    ...(details ? { details } : {}),
  });
}
