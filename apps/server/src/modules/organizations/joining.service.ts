import type { AccessRequest, JoinOption, MyAccessRequest } from '@fleetdeck/shared/organization-contract';
import { AppError } from '../../errors/app-error.ts';
import { organizationErrors } from '../../errors/organization-errors.ts';
import type { Principal } from '../identity/principal.ts';
import { myAccessRequest, requestAccess, type AccessRequestDeps } from './access-requests.service.ts';
import { customerOfCaller, type OnboardingDependencies } from './onboarding.service.ts';
import { findOrganizationByDomain, type OrganizationRow } from './organization.repository.ts';

type Found =
  | { readonly kind: 'ask'; readonly org: OrganizationRow }
  | { readonly kind: 'set_up'; readonly message: string }
  | { readonly kind: 'no_organization'; readonly message: string };

const SET_UP_MESSAGE =
  'Your Google Workspace is not set up in Fleetdeck yet. Connect it (as a Google Workspace admin) to set it up.';
const GOOGLE_UNAVAILABLE_MESSAGE =
  'Google did not answer while Fleetdeck looked up your Workspace. Try again in a minute.';
const NO_ORGANIZATION_MESSAGE =
  'Fleetdeck found no organization for your account. Sign in with your Google Workspace account, or ask an owner of your organization for an invitation.';

/**
 * The organization a signed-in person in none may ask to join: their Google customer's, else their
 * verified email domain's. Without one, a Google account sets up its own Workspace; an account
 * without Google needs an invitation. Google not answering counts as "set up" (the connect step
 * then says what Google answered).
 */
async function findJoinable(deps: OnboardingDependencies, principal: Principal): Promise<Found> {
  // `null`: Google did not answer; a Google account that may not read its customer counts as none.
  const viaGoogle = await customerOfCaller(deps, principal).catch((error: unknown) =>
    error instanceof AppError && error.id === 'google_unavailable' ? null : undefined,
  );
  if (viaGoogle?.org) return { kind: 'ask', org: viaGoogle.org };
  const user = await deps.db
    .selectFrom('user')
    .select(['email', 'emailVerified'])
    .where('id', '=', principal.userId)
    .executeTakeFirst();
  const domain = user?.emailVerified ? (user.email.split('@').pop() ?? '') : '';
  const byDomain = domain ? await findOrganizationByDomain(deps.db, domain) : undefined;
  if (byDomain) return { kind: 'ask', org: byDomain };
  if (viaGoogle === undefined) return { kind: 'no_organization', message: NO_ORGANIZATION_MESSAGE };
  return { kind: 'set_up', message: viaGoogle === null ? GOOGLE_UNAVAILABLE_MESSAGE : SET_UP_MESSAGE };
}

/** Why: the onboarding page shows a non-member what they can do before they try (and get a 403). */
export async function joinOption(deps: OnboardingDependencies, principal: Principal): Promise<JoinOption> {
  const found = await findJoinable(deps, principal);
  if (found.kind === 'ask') return { kind: 'ask', organizationName: found.org.name };
  return found.kind === 'set_up' ? { kind: 'set_up' } : found;
}

/** Why: asking goes to the one organization the person may join; none is a 404 saying what to do. */
export async function organizationToAsk(
  deps: OnboardingDependencies,
  principal: Principal,
): Promise<OrganizationRow> {
  const found = await findJoinable(deps, principal);
  if (found.kind === 'ask') return found.org;
  throw organizationErrors.noOrganizationToJoin(found.message);
}

/** Why: where a person's request stands and, for someone in no organization with none waiting, what they can do. */
export async function myJoinStatus(
  deps: OnboardingDependencies,
  principal: Principal,
): Promise<MyAccessRequest> {
  const mine = await myAccessRequest(deps.db, principal.userId);
  const join =
    principal.member || mine.request?.status === 'pending' ? null : await joinOption(deps, principal);
  return { ...mine, join };
}

/** Why: a person asks the one organization they may join; its owners and admins are mailed. */
export async function askToJoin(
  deps: OnboardingDependencies & AccessRequestDeps,
  principal: Principal,
  message: string,
): Promise<AccessRequest> {
  const org = await organizationToAsk(deps, principal);
  return requestAccess(deps, principal, org, message);
}
