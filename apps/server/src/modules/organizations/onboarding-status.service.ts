import type { Kysely } from 'kysely';
import type { OnboardingStatusResponse } from '@fleetdeck/shared/organization-contract';
import type { DB } from '../../db/schema.ts';
import { missingApiScopes } from '../identity/google-scopes.ts';
import type { Principal } from '../identity/principal.ts';
import {
  findFirstSync,
  findGoogleConnection,
  findOrganization,
  type FirstSyncRow,
  type OrganizationRow,
} from './organization.repository.ts';

/** Where the caller's organization stands in onboarding, read alike by every page that asks. */

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

/** The step an organization is at; `complete` needs a working connection, as every sync does. */
function stepOf(org: OrganizationRow, connected: boolean, firstSync: FirstSyncRow | undefined) {
  if (!connected) return 'signed_in' as const;
  const scopeChosen = org.onboardingScopeChosenAt !== null;
  if (org.onboardingCompletedAt !== null || (scopeChosen && firstSync?.status === 'succeeded'))
    return 'complete' as const;
  return scopeChosen ? ('scope_chosen' as const) : ('connected' as const);
}

/** Why: the onboarding page, the route guard and session-status read the same facts. */
export async function onboardingStatus(
  db: Kysely<DB>,
  principal: Principal,
): Promise<OnboardingStatusResponse> {
  const membership = await db
    .selectFrom('org_member')
    .select(['org_id', 'role'])
    .where('user_id', '=', principal.userId)
    .executeTakeFirst();
  const org = membership ? await findOrganization(db, membership.org_id) : undefined;
  if (!membership || !org)
    return { step: 'signed_in', onboarded: false, organization: null, google: null, progress: null };
  const [connection, firstSync] = await Promise.all([
    findGoogleConnection(db, org.id),
    findFirstSync(db, org.id),
  ]);
  const step = stepOf(org, connection?.status === 'connected', firstSync);
  return {
    step,
    onboarded: step === 'complete',
    organization: {
      id: org.id,
      name: org.name,
      customerId: org.googleCustomerId,
      primaryDomain: org.primaryDomain,
      managedOuPath: org.managedOuPath,
      role: membership.role,
    },
    google: connection
      ? { status: connection.status, missingScopes: missingApiScopes(connection.scopes) }
      : null,
    progress: {
      scopeChosenAt: iso(org.onboardingScopeChosenAt),
      firstSync: firstSync ? { ...firstSync, finishedAt: iso(firstSync.finishedAt) } : null,
      completedAt: iso(org.onboardingCompletedAt),
    },
  };
}
