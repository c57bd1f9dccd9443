import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import type { PgBoss } from 'pg-boss';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { LIMITS } from '@fleetdeck/shared/limits';
import type { Config } from './config/env.ts';
import type { Database } from './db/client.ts';
import { COMPRESSION_OPTIONS } from './plugins/compression.ts';
import { registerErrorHandling, sendNotFound } from './plugins/error-handler.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { logDestination } from './plugins/log-format.ts';
import { REQUEST_LOG_SERIALIZERS } from './plugins/request-log.ts';
import { registerSecurity } from './plugins/security.ts';
import { readableUrl } from './plugins/url-rewrite.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { clientErrorRoutes } from './routes/client-errors.routes.ts';
import { healthRoutes } from './routes/health.routes.ts';
import { ACCESS_CHANGED, type AccessChanged } from './modules/realtime/realtime-hub.ts';
import { registerIdentity, type Identity } from './modules/identity/identity-plugin.ts';
import { resolveAuthSecret } from './modules/identity/auth-secret.ts';
import { previewTokenKey } from './modules/devices/bulk-token.ts';
import type { DeviceDeps } from './modules/devices/device-context.ts';
import type { RealtimeHub } from './modules/realtime/realtime-hub.ts';
import { startBulkRuns } from './jobs/bulk-run.job.ts';
import { startCommandFollower } from './jobs/command-follow.job.ts';
import { googleClientFactory, startSyncForApp, type SyncJobsOption } from './jobs/sync-runtime.ts';
import { registerProductApi } from './routes/api.routes.ts';
import { registerDashboardApi } from './routes/dashboard.routes.ts';
import { registerDeviceApi } from './routes/devices.routes.ts';
import { registerFleetApi } from './routes/fleet.routes.ts';
import { registerSyncApi } from './routes/sync.routes.ts';
import { registerPolicyApi } from './routes/policy.routes.ts';
import { registerPlanApi } from './routes/plans.routes.ts';
import { startPlanRuns } from './jobs/plan-run.job.ts';

export interface AppDependencies {
  readonly config: Config;
  readonly database: Database;
  /** Run the job queue, sync workers and scheduler in this process (server.ts does; tests may). */
  readonly jobs?: SyncJobsOption | undefined;
}

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));
/** The server's own request ids (randomUUID): a client's id is kept only in that form. */
const REQUEST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The Fastify instance: its logger, request ids (echoed on every answer), URLs and zod schemas. */
function createFastify(config: Config): FastifyInstance {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      serializers: REQUEST_LOG_SERIALIZERS,
      ...(config.logFormat === 'pretty' ? { stream: logDestination('pretty') } : {}),
    },
    bodyLimit: LIMITS.bodyBytes,
    trustProxy: config.trustProxy,
    // No `requestIdHeader`: Fastify would then take the header as it came, without calling genReqId.
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
    rewriteUrl: (req) => readableUrl(req.url ?? '/'),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  return app;
}

/** Why: the web app's paths answer its index page; any other unknown path is a 404. */
async function registerWebFallback(app: FastifyInstance, config: Config): Promise<void> {
  const web = await registerWebApp(app, path.resolve(config.webDistDir ?? DEFAULT_WEB_DIST));
  // Unknown paths are rate limited too, by the app's first hook (plugins/security.ts).
  app.setNotFoundHandler((request, reply) => {
    if ((request.method === 'GET' || request.method === 'HEAD') && web) {
      const answered = web.fallback(request, reply);
      if (answered) return answered;
    }
    return sendNotFound(request, reply);
  });
}

/** One app for the server and the tests: external plugins, then app plugins, then routes. */
export async function buildApp({ config, database, jobs }: AppDependencies): Promise<FastifyInstance> {
  const app = createFastify(config);

  await registerSecurity(app, config);
  await app.register(compress, COMPRESSION_OPTIONS);
  registerErrorHandling(app);
  registerInputGuard(app);

  await app.register(healthRoutes, { database });
  await app.register(clientErrorRoutes);

  // ── identity (owned by the identity module): better-auth at /api/identity, the JWKS, and the
  // authenticated product API scope. Product routes of other modules go in registerProductApi's
  // callback so that they authenticate (session cookie or bearer JWT), check CSRF and MFA. ──
  const identity = await registerIdentity(app, { config, database });
  // ── sync (owned by the sync module): queue, workers, scheduler and realtime hub ──
  const sync = await startSyncForApp(app, { config, database, identity, jobs });
  // ── end sync ──
  const devices = await startDevices(app, {
    config,
    database,
    identity,
    hub: sync.hub,
    boss: sync.runtime?.boss,
  });
  // Change plans run on the job queue, in processes that run jobs (decision 047).
  const planRuns = await startPlanRuns(app, {
    config,
    database,
    identity,
    hub: sync.hub,
    boss: sync.runtime?.boss,
    runJobs: jobs !== undefined,
  });
  // A member's open realtime sockets ask again whether they may listen when their access changed.
  const onAccessChanged = (orgId: string, userId: string) =>
    sync.hub.publish(orgId, ACCESS_CHANGED, { userId } satisfies AccessChanged);
  await registerProductApi(app, { identity, config, db: database.db, onAccessChanged }, async (api) => {
    // ── sync: the sync API and the realtime WebSocket, authenticated like every product route ──
    await registerSyncApi(api, {
      db: database.db,
      boss: sync.runtime?.boss,
      hub: sync.hub,
      publicUrl: config.publicUrl,
    });
    await registerDashboardApi(api, { db: database.db });
    await registerFleetApi(api, { db: database.db }); // fleet table: list, facets, resolve, export, views, OUs
    await registerPolicyApi(api, { db: database.db, identity, config }); // policy debugger
    // device page, device actions and bulk actions
    await registerDeviceApi(api, devices);
    // change plans: CSV updates, rollovers, approval, runs on the job queue, undo, results
    await registerPlanApi(api, { db: database.db, queue: planRuns, bulkQueue: devices.queue });
  });
  // ── end identity ──

  await registerWebFallback(app, config);
  return app;
}

/**
 * Why: the device module's dependencies (the organization's Google client from identity's grant,
 * `fleet.changed` on the sync's hub) and how bulk runs start (the `bulk-run` job queue where this
 * process runs jobs, this process otherwise); in processes that run jobs, the command follower
 * too. All of it stops before the database closes, after the sync's jobs.
 */
async function startDevices(
  app: FastifyInstance,
  options: {
    config: Config;
    database: Database;
    identity: Identity;
    hub: RealtimeHub;
    boss: PgBoss | undefined;
  },
) {
  const createClient = googleClientFactory({
    accessToken: (orgId, tokenOptions) => options.identity.google.forOrganization(orgId, tokenOptions),
    apiRootUrl: options.config.google.apiRootUrl,
  });
  const deps: DeviceDeps = {
    db: options.database.db,
    googleFor: (tenant) => createClient({ ...tenant, onRetry: () => undefined }),
    publishChanged: (orgId, change) =>
      options.hub.publish(orgId, 'fleet.changed', { reason: 'action', ...change }),
    publishPlanProgress: (orgId, progress) => options.hub.publish(orgId, 'plan.progress', progress),
  };
  const queue = await startBulkRuns(app, { devices: deps, boss: options.boss });
  const follower = options.boss
    ? startCommandFollower(deps, {
        onError: (error) => app.log.error({ err: error }, 'command follow-up failed'),
      })
    : undefined;
  app.addHook('preClose', async () => {
    await follower?.stop();
  });
  const tokenKey = previewTokenKey((await resolveAuthSecret(options.database.db, options.config)).secret);
  return { deps, queue, tokenKey };
}
