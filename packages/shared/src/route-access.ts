/**
 * Who may call each route of the product API: the one table the server enforces before any
 * handler runs (a route missing from it stops the server from starting) and the route × role
 * test reads. Plain data, no schema library, so the web app may import it too.
 *
 * - a permission of `permissions.ts`: a member of an organization whose role holds it;
 * - `member`: any member of an organization, whatever the role;
 * - `signed-in`: anyone signed in, member or not (who-am-I, sign-out, onboarding, access requests).
 *
 * OU scopes are not in this table: every handler narrows what it reads and writes to the
 * member's units through the request context.
 */
import type { Permission } from './permissions.ts';

export type RouteAccess = Permission | 'member' | 'signed-in';

/** Keyed `METHOD /path` exactly as the server registers it (HEAD follows GET). */
export const ROUTE_ACCESS: Readonly<Record<string, RouteAccess>> = {
  // identity and session
  'POST /api/auth/session-status': 'signed-in',
  'POST /api/auth/logout': 'signed-in',
  'POST /api/auth/sign-out': 'signed-in',
  'GET /api/auth/me': 'signed-in',
  'POST /api/auth/two-factor/qr-code': 'signed-in',
  'GET /api/auth/step-up': 'signed-in',
  'POST /api/auth/step-up': 'signed-in',
  'POST /api/auth/step-up/email-code': 'signed-in',
  // personal API tokens (a token itself may call none of these: api-token-routes.ts)
  'GET /api/api-tokens': 'member',
  'POST /api/api-tokens': 'member',
  'DELETE /api/api-tokens/:id': 'member',
  'GET /api/organization/api-tokens': 'members.manage',
  // onboarding and joining
  'GET /api/onboarding/status': 'signed-in',
  'POST /api/onboarding/connect': 'signed-in',
  'POST /api/onboarding/ou-scope': 'settings.manage',
  'POST /api/onboarding/complete': 'settings.manage',
  'GET /api/access-requests/mine': 'signed-in',
  'POST /api/access-requests': 'signed-in',
  'DELETE /api/access-requests/mine': 'signed-in',
  'GET /api/invitations/preview': 'signed-in',
  'POST /api/invitations/accept': 'signed-in',
  // team
  'GET /api/organization/members': 'members.read',
  'PATCH /api/organization/members/:userId': 'members.manage',
  'DELETE /api/organization/members/:userId': 'members.manage',
  'POST /api/organization/leave': 'member',
  'POST /api/organization/transfer-ownership': 'members.manage',
  'GET /api/organization/invitations': 'members.manage',
  'POST /api/organization/invitations': 'members.manage',
  'DELETE /api/organization/invitations/:id': 'members.manage',
  'GET /api/organization/access-requests': 'members.manage',
  'POST /api/organization/access-requests/:id/approve': 'members.manage',
  'POST /api/organization/access-requests/:id/decline': 'members.manage',
  'GET /api/organization/auto-join': 'members.manage',
  'PUT /api/organization/auto-join': 'members.manage',
  'GET /api/organization/google-connection': 'members.read',
  // audit
  'GET /api/audit': 'audit.read',
  'GET /api/audit/export.csv': 'audit.read',
  'POST /api/audit/verify': 'audit.read',
  'GET /api/audit/retention': 'audit.read',
  'PUT /api/audit/retention': 'settings.manage',
  // sync and realtime
  'GET /api/realtime': 'fleet.read',
  'POST /api/sync/runs': 'sync.run',
  'GET /api/sync/runs': 'fleet.read',
  'GET /api/sync/runs/:id': 'fleet.read',
  'GET /api/sync/schedule': 'fleet.read',
  'PUT /api/sync/schedule': 'settings.manage',
  // dashboard
  'GET /api/dashboard': 'fleet.read',
  'GET /api/dashboard/replacement-costs': 'fleet.read',
  'PUT /api/dashboard/replacement-costs': 'settings.manage',
  // fleet table
  'GET /api/devices': 'fleet.read',
  'GET /api/devices/facets': 'fleet.read',
  'POST /api/devices/resolve': 'fleet.read',
  'GET /api/devices/export.csv': 'fleet.read',
  'POST /api/devices/export.csv': 'fleet.read',
  'GET /api/saved-views': 'fleet.read',
  'POST /api/saved-views': 'fleet.read',
  'PUT /api/saved-views/:id': 'fleet.read',
  'PATCH /api/saved-views/:id': 'fleet.read',
  'DELETE /api/saved-views/:id': 'fleet.read',
  'GET /api/org-units': 'fleet.read',
  // policy debugger
  'GET /api/policy/org-units': 'policy.read',
  'GET /api/policy/device-lookup': 'policy.read',
  'GET /api/policy/effective': 'policy.read',
  'GET /api/policy/compare': 'policy.read',
  'GET /api/policy/move-preview': 'policy.read',
  // one device
  'GET /api/devices/:deviceId': 'fleet.read',
  'GET /api/devices/:deviceId/telemetry': 'fleet.read',
  'GET /api/devices/:deviceId/timeline': 'fleet.read',
  'PATCH /api/devices/:deviceId': 'device.annotate',
  'POST /api/devices/:deviceId/move': 'device.move',
  'POST /api/devices/:deviceId/status': 'device.command',
  'GET /api/devices/:deviceId/return-message': 'policy.read',
  'POST /api/devices/:deviceId/commands': 'device.command',
  'GET /api/devices/:deviceId/commands': 'fleet.read',
  'GET /api/devices/:deviceId/commands/:commandId': 'fleet.read',
  // bulk actions (each action's own permission is checked by the preview and the run)
  'POST /api/bulk-actions/preview': 'device.annotate',
  'POST /api/bulk-actions': 'device.annotate',
  'POST /api/bulk-actions/:id/retry': 'device.annotate',
  'GET /api/bulk-actions/:id': 'device.annotate',
  'GET /api/bulk-actions': 'device.annotate',
  // change plans (each plan's own permissions are checked by building, approving and running it)
  'POST /api/plans/csv': 'device.annotate',
  'POST /api/plans/rollover': 'device.move',
  'GET /api/plans': 'device.annotate',
  'GET /api/plans/:id': 'device.annotate',
  'POST /api/plans/:id/submit': 'device.annotate',
  'POST /api/plans/:id/approve': 'device.annotate',
  'POST /api/plans/:id/cancel': 'device.annotate',
  'GET /api/plans/settings': 'device.annotate',
  'PUT /api/plans/settings': 'settings.manage',
};

/** Why: HEAD is answered by the GET route; one key for both. */
export function routeAccessKey(method: string, url: string): string {
  return `${method === 'HEAD' ? 'GET' : method} ${url}`;
}
