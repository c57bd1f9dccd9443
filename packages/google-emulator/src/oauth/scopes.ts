/** Google's OAuth scope URLs for the calls Fleetdeck makes (reference §4.2). */
const PREFIX = 'https://www.googleapis.com/auth/';

export const SCOPES = {
  deviceChromeos: `${PREFIX}admin.directory.device.chromeos`,
  deviceChromeosReadonly: `${PREFIX}admin.directory.device.chromeos.readonly`,
  orgUnit: `${PREFIX}admin.directory.orgunit`,
  orgUnitReadonly: `${PREFIX}admin.directory.orgunit.readonly`,
  customerReadonly: `${PREFIX}admin.directory.customer.readonly`,
  userReadonly: `${PREFIX}admin.directory.user.readonly`,
  telemetryReadonly: `${PREFIX}chrome.management.telemetry.readonly`,
  reportsReadonly: `${PREFIX}chrome.management.reports.readonly`,
  appDetailsReadonly: `${PREFIX}chrome.management.appdetails.readonly`,
  policy: `${PREFIX}chrome.management.policy`,
  policyReadonly: `${PREFIX}chrome.management.policy.readonly`,
} as const;

/** Identity scopes are short words; every API scope is a URL. */
export const IDENTITY_SCOPES: readonly string[] = ['openid', 'email', 'profile'];

/** Accepts a short name (`chrome.management.policy`) or the full URL and returns the URL form. */
export function fullScope(scope: string): string {
  if (scope.includes('://') || IDENTITY_SCOPES.includes(scope)) return scope;
  return `${PREFIX}${scope}`;
}

/** The API host a scope belongs to, as Google names it in `ErrorInfo.metadata.service`. */
export function serviceForScope(scope: string): string {
  const url = fullScope(scope);
  if (url.includes('/auth/chrome.management.policy')) return 'chromepolicy.googleapis.com';
  if (url.includes('/auth/chrome.management.')) return 'chromemanagement.googleapis.com';
  return 'admin.googleapis.com';
}
