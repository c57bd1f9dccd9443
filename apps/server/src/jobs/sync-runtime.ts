import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { PgBoss } from 'pg-boss';
import { createGoogleClient } from '@fleetdeck/google/google-client';
import { baseUrlsForOrigin } from '@fleetdeck/google/google-hosts';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import type { Identity } from '../modules/identity/identity-plugin.ts';
import { createRealtimeHub, type RealtimeHub } from '../modules/realtime/realtime-hub.ts';
import type { GoogleClientFactory } from '../modules/sync/sync-context.ts';
import type { SyncEngineOptions } from '../modules/sync/sync-engine.ts';
import { startJobQueue } from './job-queue.ts';
import { scheduleAuditRetention } from './audit-retention.job.ts';
import { scheduleSyncTicks } from './sync-schedule.job.ts';
import { ensureSyncRunQueue, workSyncRuns } from './sync-run.job.ts';

/**
 * Everything the sync needs at run time in one server process: the job queue, the realtime hub,
 * the sync workers and the scheduler. Started by server.ts, stopped on app close: runs stop
 * between pages and their jobs are retried (by this or another process) from their checkpoints.
 */

export interface SyncRuntimeOptions {
  readonly database: Database;
  /** The connection string for the queue pool and LISTEN/NOTIFY; the database's own when unset. */
  readonly connectionString?: string | undefined;
  readonly createGoogleClient: GoogleClientFactory;
  readonly concurrency?: number | undefined;
  /** False in processes that only serve HTTP: they enqueue runs but never execute them. */
  readonly runWorkers?: boolean | undefined;
  readonly pollingIntervalSeconds?: number | undefined;
  readonly onError?: ((error: Error) => void) | undefined;
}

export interface SyncRuntime {
  readonly boss: PgBoss;
  readonly hub: RealtimeHub;
  stop(): Promise<void>;
}

const STOP_GRACE_MS = 10_000;
/** Errors sent with each live progress event, which crosses processes in one small NOTIFY. */
const LIVE_ERRORS = 5;

export interface SyncJobsOption {
  /** The connection string for the queue and LISTEN/NOTIFY (the database's own). */
  readonly connectionString: string | undefined;
  /** Parallel OU shards per sync. */
  readonly concurrency?: number | undefined;
}

/**
 * Why: the app's part of the sync: the runtime (queue, workers, scheduler, realtime hub) when this
 * process runs jobs (server.ts); a realtime hub alone for tests and HTTP-only processes.
 */
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

/** Why: one call for server.ts, the benchmarks and the multi-process tests. */
export async function startSyncRuntime(options: SyncRuntimeOptions): Promise<SyncRuntime> {
  const hub = await createRealtimeHub({
    connectionString: options.connectionString ?? options.database.url,
  });
  const shutdown = new AbortController();
  const boss = await startJobQueue({
    ...options,
    // Once stopping, a connection the database server closes on its own way down is no error.
    onError: (error) => {
      if (!shutdown.signal.aborted) options.onError?.(error);
    },
  });
  await ensureSyncRunQueue(boss);
  const engine: SyncEngineOptions = {
    db: options.database.db,
    createGoogleClient: options.createGoogleClient,
    workerId: `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`,
    concurrency: options.concurrency,
    publish: (orgId, run) => {
      // The latest errors are enough live; the run's page in the API has all of them.
      hub.publish(orgId, 'sync.progress', { ...run, errors: run.errors.slice(-LIVE_ERRORS) });
      if (run.finishedAt) {
        hub.publish(orgId, 'fleet.changed', {
          reason: 'sync',
          runId: run.id,
          added: run.progress.devicesCreated,
        });
      }
    },
  };
  if (options.runWorkers !== false) {
    await workSyncRuns({
      boss,
      db: options.database.db,
      engine,
      shutdown: shutdown.signal,
      pollingIntervalSeconds: options.pollingIntervalSeconds,
    });
    await scheduleSyncTicks(boss, options.database.db);
    await scheduleAuditRetention(boss, options.database.db, options.onError);
  }
  return {
    boss,
    hub,
    stop: async () => {
      shutdown.abort(new Error('The server is shutting down.'));
      await boss.stop({ graceful: true, timeout: STOP_GRACE_MS });
      await hub.close();
    },
  };
}

/**
 * Why: production's Google clients: the organization's token from identity's grant, Google's hosts
 * or one API root (the emulator).
 */
export function googleClientFactory(deps: {
  /** `forceRefresh`: Google refused the cached token (401), so the grant is asked again. */
  accessToken: (orgId: string, options: { forceRefresh: boolean }) => Promise<string>;
  apiRootUrl: string | undefined;
}): GoogleClientFactory {
  return ({ orgId, customerId, onRetry }) =>
    createGoogleClient({
      getAccessToken: ({ forceRefresh }) => deps.accessToken(orgId, { forceRefresh }),
      customerId,
      ...(deps.apiRootUrl ? { baseUrls: baseUrlsForOrigin(deps.apiRootUrl) } : {}),
      onRetry,
    });
}
