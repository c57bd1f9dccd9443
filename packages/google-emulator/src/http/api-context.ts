import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DeviceLister } from '../directory/device-listing.ts';
import type { OAuthService } from '../oauth/oauth-service.ts';
import { ensureCustomer, requireScopes } from '../oauth/require-scopes.ts';
import type { EmulatorState } from '../state/emulator-state.ts';

/** What every API route module is handed. */
export interface ApiContext {
  state: EmulatorState;
  oauth: OAuthService;
  lister: DeviceLister;
}

/** Scope sets per call (reference §4.2): reads accept the readonly scope or the full one. */
const AUTH = 'https://www.googleapis.com/auth/';
export const ROUTE_SCOPES = {
  deviceRead: [`${AUTH}admin.directory.device.chromeos.readonly`, `${AUTH}admin.directory.device.chromeos`],
  deviceWrite: [`${AUTH}admin.directory.device.chromeos`],
  orgUnitRead: [`${AUTH}admin.directory.orgunit.readonly`, `${AUTH}admin.directory.orgunit`],
  orgUnitWrite: [`${AUTH}admin.directory.orgunit`],
  customerRead: [`${AUTH}admin.directory.customer.readonly`, `${AUTH}admin.directory.customer`],
  telemetry: [`${AUTH}chrome.management.telemetry.readonly`],
  reports: [`${AUTH}chrome.management.reports.readonly`],
  userRead: [`${AUTH}admin.directory.user.readonly`, `${AUTH}admin.directory.user`],
} as const;

/** The preHandler for a route: Google's 401/403 unless the token carries one of `scopes`. */
export function guard(context: ApiContext, scopes: readonly string[], method?: string) {
  return requireScopes(context.oauth, scopes, method ? { method } : {});
}

/** Tenant check for a `{customerId}` / `customers/{id}` path value; false once a 403 is sent. */
export function ownCustomer(
  context: ApiContext,
  request: FastifyRequest,
  reply: FastifyReply,
  pathValue: string,
): boolean {
  return ensureCustomer(request, reply, pathValue, context.state.customer.id);
}
