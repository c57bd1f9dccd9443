import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/client.ts';
import type { DB } from '../db/schema.ts';
import type { SyncRuntime } from '../jobs/sync-runtime.ts';
import {
  checkSameOrigin,
  requireOrganization,
  requirePermission,
  type OrganizationPrincipal,
} from '../modules/identity/request-guards.ts';
import { isPastAbsoluteLifetime } from '../modules/identity/session-policy.ts';
import { memberScope } from '../modules/organizations/ou-scope.ts';
import type { RealtimeHub } from '../modules/realtime/realtime-hub.ts';
import type { RealtimeAccess } from '../modules/realtime/realtime-session.ts';
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
export function identityRealtimeAuthorizer(database: Database, publicUrl: string): RealtimeAuthorizer {
  return async (request) => {
    const principal = requireOrganization(request);
    if (principal.via === 'cookie') checkSameOrigin(request, publicUrl);
    const recheck = () => realtimeAccess(database.db, principal);
    const access = await recheck();
    return access ? { ...access, recheck } : null;
  };
}

async function realtimeAccess(
  db: Kysely<DB>,
  principal: OrganizationPrincipal,
): Promise<RealtimeAccess | null> {
  const [session, scope] = await Promise.all([
    db
      .selectFrom('session')
      .select(['createdAt', 'expiresAt'])
      .where('id', '=', principal.sessionId)
      .where('userId', '=', principal.userId)
      .executeTakeFirst(),
    memberScope(db, principal),
  ]);
  if (!session || !scope) return null;
  if (
    new Date(session.expiresAt).getTime() <= Date.now() ||
    isPastAbsoluteLifetime(new Date(session.createdAt))
  )
    return null;
  return { orgId: principal.orgId, userId: principal.userId, wholeFleet: scope.wholeTree };
}

/** Why: registered inside the authenticated product scope, so every route and socket is signed in. */
export async function registerSyncApi(
  api: FastifyInstance,
  deps: { database: Database; runtime: SyncRuntime | undefined; hub: RealtimeHub; publicUrl: string },
): Promise<void> {
  await registerRealtime(api, {
    hub: deps.hub,
    authorize: identityRealtimeAuthorizer(deps.database, deps.publicUrl),
  });
  await api.register(syncRoutes, {
    db: deps.database.db,
    access: identitySyncAccess(),
    boss: deps.runtime?.boss,
  });
}
