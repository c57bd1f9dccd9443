import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { appErrors } from '../errors/app-error.ts';
import { googleClientFactory, startSyncRuntime, type SyncRuntime } from '../jobs/sync-runtime.ts';
import type { Identity } from '../modules/identity/identity-plugin.ts';
import { requireOrganization, requirePermission } from '../modules/identity/request-guards.ts';
import { createRealtimeHub, type RealtimeHub } from '../modules/realtime/realtime-hub.ts';
import { registerRealtime, type RealtimeAuthorizer } from '../plugins/realtime.ts';
import { syncRoutes, type SyncRouteAccess } from './sync-runs.ts';

/**
 * How the sync plugs into the app: the runtime (queue, workers, scheduler, realtime hub) when this
 * process runs jobs, and the sync API plus the realtime socket inside identity's authenticated scope.
 */

export interface SyncJobsOption {
  /** PostgreSQL's connection string when the app runs on PostgreSQL. */
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
export function identitySyncAccess(database: Database): SyncRouteAccess {
  return {
    requirePermission,
    tenantOf: async (request: FastifyRequest) => {
      const principal = requireOrganization(request);
      const org = await database.db
        .selectFrom('org')
        .select('google_customer_id')
        .where('id', '=', principal.orgId)
        .executeTakeFirst();
      if (!org) throw appErrors.notFound('Your organization no longer exists.');
      return {
        orgId: principal.orgId,
        customerId: org.google_customer_id,
        userId: principal.userId,
        actorLabel: principal.email,
      };
    },
  };
}

/** The realtime socket joins the caller's own organization, as identity resolved it. */
export const identityRealtimeAuthorizer: RealtimeAuthorizer = (request) => ({
  orgId: requireOrganization(request).orgId,
});

/** Why: registered inside the authenticated product scope, so every route and socket is signed in. */
export async function registerSyncApi(
  api: FastifyInstance,
  deps: { database: Database; runtime: SyncRuntime | undefined; hub: RealtimeHub },
): Promise<void> {
  await registerRealtime(api, { hub: deps.hub, authorize: identityRealtimeAuthorizer });
  await api.register(syncRoutes, {
    db: deps.database.db,
    access: identitySyncAccess(deps.database),
    boss: deps.runtime?.boss,
  });
}
