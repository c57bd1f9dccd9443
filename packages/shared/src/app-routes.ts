/**
 * The SPA's routes, shared so the server can answer unknown paths with a 404 status
 * while still serving the app shell, and so both sides agree on param validation.
 */
export const APP_ROUTES = {
  index: '/',
  login: '/login',
  onboarding: '/onboarding',
  dashboard: '/dashboard',
  debugPolicy: '/debugPolicy',
  fleetStatus: '/devices/fleetStatus',
  device: '/devices/chromebook/:deviceID',
  settings: '/settings',
  settingsTeam: '/settings/team',
  settingsSecurity: '/settings/security',
  settingsGoogle: '/settings/google',
  settingsSync: '/settings/sync',
  settingsAudit: '/settings/audit',
  settingsApiTokens: '/settings/api-tokens',
  resetPassword: '/reset-password',
  acceptInvitation: '/invitations/accept',
  help: '/help',
  plans: '/plans',
  planNewCsv: '/plans/new/csv',
  planNewRollover: '/plans/new/rollover',
  plan: '/plans/:planId',
} as const;

/** Directory API device IDs: letters, digits, `-` and `_`, 1 to 128 characters. */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

/** Change plans are named by a UUID. */
export const PLAN_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `planId` has the shape of a plan's id. */
export function isValidPlanId(planId: string | undefined): boolean {
  return typeof planId === 'string' && PLAN_ID_PATTERN.test(planId);
}

/** True when `deviceID` has the shape of a Directory API device id. */
export function isValidDeviceId(deviceID: string | undefined): boolean {
  return typeof deviceID === 'string' && DEVICE_ID_PATTERN.test(deviceID);
}

const STATIC_PATHS = new Set<string>([
  APP_ROUTES.index,
  APP_ROUTES.login,
  APP_ROUTES.onboarding,
  APP_ROUTES.dashboard,
  APP_ROUTES.debugPolicy,
  APP_ROUTES.fleetStatus,
  APP_ROUTES.settings,
  APP_ROUTES.settingsTeam,
  APP_ROUTES.settingsSecurity,
  APP_ROUTES.settingsGoogle,
  APP_ROUTES.settingsSync,
  APP_ROUTES.settingsAudit,
  APP_ROUTES.settingsApiTokens,
  APP_ROUTES.resetPassword,
  APP_ROUTES.acceptInvitation,
  APP_ROUTES.help,
  APP_ROUTES.plans,
  APP_ROUTES.planNewCsv,
  APP_ROUTES.planNewRollover,
]);

/** Why: lets the server give crawlers and scripts a real 404 status for paths the SPA does not know. */
export function isKnownAppPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (STATIC_PATHS.has(path)) return true;
  const device = /^\/devices\/chromebook\/([^/]+)$/.exec(path);
  if (device) return isValidDeviceId(decodeSegment(device[1] ?? ''));
  const plan = /^\/plans\/([^/]+)$/.exec(path);
  if (plan) return isValidPlanId(decodeSegment(plan[1] ?? ''));
  return false;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
