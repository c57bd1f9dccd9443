import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import type { DB } from '../db/schema.ts';
import { googleClientFactory, startSyncRuntime, type SyncRuntime } from '../jobs/sync-runtime.ts';
import type { Identity } from '../modules/identity/identity-plugin.ts';
import {
  checkSameOrigin,
  requireOrganization,
  requirePermission,
  type OrganizationPrincipal,
} from '../modules/identity/request-guards.ts';
import { isPastAbsoluteLifetime } from '../modules/identity/session-policy.ts';
import { memberScope } from '../modules/organizations/ou-scope.ts';
import { createRealtimeHub, type RealtimeHub } from '../modules/realtime/realtime-hub.ts';
import type { RealtimeAccess } from '../modules/realtime/realtime-session.ts';
import { registerRealtime, type RealtimeAuthorizer } from '../plugins/realtime.ts';
import { syncRoutes, type SyncRouteAccess } from './sync-runs.ts';

/**
 * How the sync plugs into the app: the runtime (queue, workers, scheduler, realtime hub) when this
 * process runs jobs, and the sync API plus the realtime socket inside identity's authenticated scope.
 */

export interface SyncJobsOption {
  /** The connection string for the queue and LISTEN/NOTIFY (the database's own). */
  readonly connectionString: string | undefined;
  /** Parallel OU shards per sync. */
  readonly concurrency?: number | undefined;
}

/** Why: server.ts runs jobs; tests and HTTP-only processes build the app without them. */
export async function startSyncForApp(
  app: FastifyInstance,
  deps: { config: Config; database: Database; identity: Identity; jobs: SyncJobsOption | undefined },
): Promise<{ runtime: SyncRuntime | undefined; hub: RealtimeHub }> {
  if (!deps.jobs) {
    const hub = await createRealtimeHub();
    app.addHook('preClose', () => hub.close());
    return { runtime: undefined, hub };
  }
  const runtime = await startSyncRuntime({
    database: deps.database,
    connectionString: deps.jobs.connectionString,
    concurrency: deps.jobs.concurrency,
    createGoogleClient: googleClientFactory({
      accessToken: (orgId, options) => deps.identity.google.forOrganization(orgId, options),
      apiRootUrl: deps.config.google.apiRootUrl,
    }),
    onError: (error) => app.log.error({ err: error }, 'job queue error'),
  });
  // preClose: jobs stop before any onClose hook (server.ts closes the database in one).
  app.addHook('preClose', () => runtime.stop());
  return { runtime, hub: runtime.hub };
}

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
