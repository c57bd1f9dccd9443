import { routeAccessKey } from '@fleetdeck/shared/route-access';
import { identityErrors } from '../../errors/identity-errors.ts';
import type { Principal } from './principal.ts';

/**
 * Routes a personal API token may not call, keyed as in ROUTE_ACCESS: they belong to a person's
 * sign-in (sessions, second factor, step-up, the realtime socket of a browser tab), change who
 * is a member (joining, leaving, the Google connection), or manage API tokens (a token cannot mint
 * or revoke tokens, so a leaked one cannot outlive its revocation). Everything else a token calls
 * exactly as the console does, within its role and units; step-up actions are refused by
 * `requireStepUp`, since a token cannot prove a fresh second factor.
 */
export const API_TOKEN_REFUSED_ROUTES: ReadonlySet<string> = new Set([
  'POST /api/auth/logout',
  'POST /api/auth/sign-out',
  'POST /api/auth/two-factor/qr-code',
  'GET /api/auth/step-up',
  'POST /api/auth/step-up',
  'POST /api/auth/step-up/email-code',
  'GET /api/realtime',
  'POST /api/onboarding/connect',
  'POST /api/access-requests',
  'DELETE /api/access-requests/mine',
  'POST /api/invitations/accept',
  'POST /api/organization/leave',
  'GET /api/api-tokens',
  'POST /api/api-tokens',
  'DELETE /api/api-tokens/:id',
  'GET /api/organization/api-tokens',
]);

/** Why: checked before any handler, with the route access table, for every token request. */
export function checkApiTokenRoute(principal: Principal, method: string, url: string): void {
  if (principal.via !== 'api_token') return;
  if (!API_TOKEN_REFUSED_ROUTES.has(routeAccessKey(method, url))) return;
  throw identityErrors.apiTokenNotAllowed();
}
