import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  checkSameOrigin,
  requireOrganization,
  requirePermission,
} from '../modules/identity/request-guards.ts';
import { realtimeAccess } from '../modules/identity/sessions.service.ts';
import type { SyncDeps } from '../modules/sync/sync.service.ts';
import type { RealtimeHub } from '../modules/realtime/realtime-hub.ts';
import { registerRealtime, type RealtimeAuthorizer } from '../plugins/realtime.ts';
import { syncRoutes, type SyncRouteAccess } from './sync-runs.routes.ts';

/**
 * How the sync plugs into the product API: the sync API and the realtime socket inside identity's
 * authenticated scope (the runtime itself is started by the app: jobs/sync-runtime.ts).
 */

/** Why: identity's guards answer "who, which organization, which permission" for the sync API. */
export function identitySyncAccess(): SyncRouteAccess {
  return {
    requirePermission,
    tenantOf: async (request: FastifyRequest) => {
      const principal = requireOrganization(request);
      return {
        orgId: principal.orgId,
        customerId: principal.member.customerId,
        userId: principal.userId,
        actorLabel: principal.email,
      };
    },
  };
}

/**
 * The realtime socket joins the caller's own organization, as identity resolved it. A browser's
 * socket (cookie) must come from Fleetdeck's own pages: a WebSocket upgrade is a GET, which the
 * API's check of cookie writes does not cover. While the socket is open, `recheck` asks again
 * whether its session and membership hold, and whether it may hear which devices changed.
 */
export function identityRealtimeAuthorizer(
  deps: Pick<SyncDeps, 'db'>,
  publicUrl: string,
): RealtimeAuthorizer {
  return async (request) => {
    const principal = requireOrganization(request);
    if (principal.via === 'cookie') checkSameOrigin(request, publicUrl);
    const recheck = () => realtimeAccess(deps, principal);
    const access = await recheck();
    return access ? { ...access, recheck } : null;
  };
}

/** Why: registered inside the authenticated product scope, so every route and socket is signed in. */
export async function registerSyncApi(
  api: FastifyInstance,
  deps: SyncDeps & { hub: RealtimeHub; publicUrl: string },
): Promise<void> {
  await registerRealtime(api, { hub: deps.hub, authorize: identityRealtimeAuthorizer(deps, deps.publicUrl) });
  await api.register(syncRoutes, { db: deps.db, boss: deps.boss, access: identitySyncAccess() });
}
