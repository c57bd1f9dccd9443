import { INVITATION_LINK_MESSAGES, type InvitationLinkProblem } from '@fleetdeck/shared/invitation-link';
import { AppError } from './app-error.ts';

const ANOTHER_ORGANIZATION =
  'You already belong to the organization of another Google Workspace. Leave it before connecting this one.';

/** Errors of joining an organization and of onboarding. */
export const organizationErrors = {
  alreadyMember: () =>
    new AppError(
      'already_member',
      'You are already a member of an organization in Fleetdeck. Reload the page to open it.',
    ),
  noOrganizationToJoin: (message: string) => new AppError('no_organization_to_join', message),
  accessRequestRequired: (organizationName: string) =>
    new AppError(
      'access_request_required',
      `Your Google Workspace is already set up in Fleetdeck as ${organizationName}. Being a Google admin does not give access by itself: ask for access, and an owner or admin of ${organizationName} will approve it.`,
      { details: { organizationName } },
    ),
  invitationLink: (problem: InvitationLinkProblem) =>
    new AppError(`invitation_link_${problem}`, INVITATION_LINK_MESSAGES[problem]),
  invitationEmailMismatch: (invited: string) =>
    new AppError(
      'invitation_email_mismatch',
      `This invitation was sent to ${invited}. Sign in with that address to accept it.`,
    ),
  memberOfAnotherOrganization: () => new AppError('member_of_another_organization', ANOTHER_ORGANIZATION),
  organizationGone: () => new AppError('not_found', 'Your organization no longer exists.'),
  onboardingScopeRequired: () =>
    new AppError(
      'onboarding_scope_required',
      'Choose what Fleetdeck manages (step 2 of setup) before finishing onboarding.',
    ),
  googleSignInRequired: () =>
    new AppError(
      'google_sign_in_required',
      'Sign in with Google (an admin of your Google Workspace) to connect it to Fleetdeck.',
    ),
  googleAdminRequired: () =>
    new AppError(
      'google_admin_required',
      'Google refused to read your Workspace account (customers.get). Sign in with a Google Workspace admin who may manage Chrome devices.',
    ),
  workspaceCheckUnanswered: () =>
    new AppError(
      'google_unavailable',
      'Google did not answer while Fleetdeck checked your Workspace. Try again in a minute.',
    ),
  googleScopesMissing: (missingScopes: readonly string[]) =>
    new AppError(
      'google_scopes_missing',
      'Google did not grant every access Fleetdeck needs. Sign in with Google again and leave every box ticked.',
      { details: { missingScopes } },
    ),
  googleNotConnectedForStep: () =>
    new AppError(
      'google_not_connected',
      'Connect your Google Workspace (and approve every requested access) before this step of onboarding.',
    ),
} as const;
