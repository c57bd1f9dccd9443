/** The Google scopes Fleetdeck asks for at sign-in (full URLs, google-apis.md §4.2). */
const PREFIX = 'https://www.googleapis.com/auth/';

export const GOOGLE_API_SCOPES = [
  `${PREFIX}admin.directory.device.chromeos`,
  `${PREFIX}admin.directory.orgunit.readonly`,
  `${PREFIX}admin.directory.customer.readonly`,
  `${PREFIX}chrome.management.telemetry.readonly`,
  `${PREFIX}chrome.management.reports.readonly`,
  `${PREFIX}chrome.management.policy`,
] as const;

/**
 * Asked for at sign-in but never required: a grant without them still connects, and only the
 * feature that needs one explains it is missing (the policy debugger's user lookup).
 */
export const GOOGLE_OPTIONAL_API_SCOPES = [`${PREFIX}admin.directory.user.readonly`] as const;

export const GOOGLE_SIGN_IN_SCOPES = [
  'openid',
  'email',
  'profile',
  ...GOOGLE_API_SCOPES,
  ...GOOGLE_OPTIONAL_API_SCOPES,
] as const;

/** better-auth stores granted scopes comma-separated; Google answers space-separated. */
export function parseScopes(stored: string | null | undefined): string[] {
  return (stored ?? '').split(/[\s,]+/).filter((scope) => scope !== '');
}

/** Why: onboarding and the connection status name exactly which grants the admin unticked. */
export function missingApiScopes(granted: readonly string[]): string[] {
  return GOOGLE_API_SCOPES.filter((scope) => !granted.includes(scope));
}
