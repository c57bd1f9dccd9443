import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { fromKysely, type JobWithMetadata, type PgBoss } from 'pg-boss';
import { z } from 'zod';
import { createGoogleClient } from '@fleetdeck/google/google-client';
import { baseUrlsForOrigin } from '@fleetdeck/google/google-hosts';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import type { DB } from '../db/schema.ts';
import type { Identity } from '../modules/identity/identity-plugin.ts';
import { planRunNotifier } from '../modules/plans/plan-run-notify.ts';
import type { PlanRunQueue } from '../modules/plans/plan-run.service.ts';
import { createPlanRunner, type PlanRunner } from '../modules/plans/plan-runner.ts';
import { repeatEvery, RUN_QUEUE_DEFAULTS, workEachJob, type RunWorkerOptions } from './job-queue.ts';
import type { RealtimeHub } from '../modules/realtime/realtime-hub.ts';

/**
 * The `plan-run` queue (decision 047): one job runs one change plan for at most a slice of time
 * (ten minutes), then puts the plan back on the queue, so a plan of hours (Google's write quota
 * allows 60 device writes a minute) never holds one job that long and any process can take the
 * next slice. Keyed by plan (`stately`: one queued and one active job per plan). The plan's lease,
 * not the queue, keeps two processes off one plan: a job that finds it held by a live process is
 * retried later. A worker killed mid-run loses its job after the heartbeat; besides, every minute
 * each process puts back on the queue the running plans whose lease lapsed.
 */

export const PLAN_RUN_QUEUE = 'plan-run';
export const PLAN_RUN_SLICE_MS = 10 * 60_000;
export const PLAN_RESUME_INTERVAL_MS = 60_000;

export const planRunJobSchema = z.object({ orgId: z.string().min(1).max(200), planId: z.uuid() });
export type PlanRunJob = z.infer<typeof planRunJobSchema>;

export const PLAN_RUN_QUEUE_OPTIONS = {
  policy: 'stately',
  retryLimit: 50,
  retryDelay: 10,
  retryDelayMax: 120,
  expireInSeconds: PLAN_RUN_SLICE_MS / 1000 + 600,
  ...RUN_QUEUE_DEFAULTS,
} as const;

/** Why: the plan routes put a started or resumed plan on the queue in their own transaction. */
export function planRunQueue(boss: PgBoss): PlanRunQueue {
  return {
    enqueue: async (tx, orgId, planId) => {
      await boss.send(PLAN_RUN_QUEUE, { orgId, planId } satisfies PlanRunJob, {
        singletonKey: planId,
        db: fromKysely(tx),
      });
    },
  };
}

/** On shutdown, runs stop between calls and are taken on by the next worker. */
export interface PlanRunWorkerOptions extends RunWorkerOptions {
  readonly runner: PlanRunner;
  readonly sliceMs?: number | undefined;
  readonly onError?: ((error: unknown) => void) | undefined;
}

async function runJob(options: PlanRunWorkerOptions, job: JobWithMetadata<PlanRunJob>): Promise<void> {
  const { orgId, planId } = planRunJobSchema.parse(job.data);
  const signal = AbortSignal.any([job.signal, options.shutdown]);
  const outcome = await options.runner.run(orgId, planId, {
    signal,
    untilMs: Date.now() + (options.sliceMs ?? PLAN_RUN_SLICE_MS),
  });
  if (outcome === 'sliced') {
    await options.boss.send(PLAN_RUN_QUEUE, { orgId, planId } satisfies PlanRunJob, { singletonKey: planId });
    return;
  }
  if (outcome === 'stopped') throw new Error(`Plan ${planId} stopped with its process; it goes on later.`);
  if (outcome !== 'not_claimed') return;
  const plan = await options.db
    .selectFrom('plan')
    .select(['state'])
    .where('org_id', '=', orgId)
    .where('id', '=', planId)
    .executeTakeFirst();
  // Another process holds the lease: it runs the plan, or, if it died, a retry takes it over.
  if (plan?.state === 'running')
    throw new Error(`Plan ${planId} is held by another process; retrying later.`);
}

/** Why: running plans whose process stopped go back on the queue (a queued one is not doubled). */
export async function requeueStalePlans(boss: PgBoss, db: Kysely<DB>): Promise<number> {
  const { rows } = await sql<{ org_id: string; id: string }>`select org_id, id::text from plan
    where state = 'running' and bulk_run_id is null and (lease_until is null or lease_until < now())
    order by started_at nulls first limit 100`.execute(db);
  for (const row of rows)
    await boss.send(PLAN_RUN_QUEUE, { orgId: row.org_id, planId: row.id } satisfies PlanRunJob, {
      singletonKey: row.id,
    });
  return rows.length;
}

/** Why: started by the app in processes that run jobs; resolves with a stop for shutdown. */
export async function workPlanRuns(options: PlanRunWorkerOptions): Promise<{ stop(): void }> {
  const { boss } = options;
  await boss.createQueue(PLAN_RUN_QUEUE, PLAN_RUN_QUEUE_OPTIONS);
  await workEachJob<PlanRunJob>(
    boss,
    PLAN_RUN_QUEUE,
    { batchSize: 4, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
    (job) => runJob(options, job),
  );
  return repeatEvery(
    () => requeueStalePlans(boss, options.db),
    PLAN_RESUME_INTERVAL_MS,
    (error) => options.onError?.(error),
  );
}

/**
 * Why: the plan runner of one server process, from the app's parts: Google clients from identity's
 * grant that retry nothing by themselves (every call takes a turn of the write budget), progress on
 * the realtime hub, the author's email. Without a job queue (tests of the app alone) plans cannot
 * start, and the run routes say so.
 */
export async function startPlanRuns(
  app: FastifyInstance,
  deps: {
    config: Config;
    database: Database;
    identity: Identity;
    hub: RealtimeHub;
    boss: PgBoss | undefined;
    runJobs: boolean;
  },
): Promise<PlanRunQueue | undefined> {
  const { boss, database, config } = deps;
  if (!boss) return undefined;
  if (!deps.runJobs) return planRunQueue(boss);
  const runner = createPlanRunner(
    {
      db: database.db,
      googleFor: ({ orgId, customerId }) =>
        createGoogleClient({
          getAccessToken: ({ forceRefresh }) => deps.identity.google.forOrganization(orgId, { forceRefresh }),
          customerId,
          ...(config.google.apiRootUrl ? { baseUrls: baseUrlsForOrigin(config.google.apiRootUrl) } : {}),
          retry: { maxAttempts: 1 },
        }),
      ...planRunNotifier({
        db: database.db,
        hub: deps.hub,
        mailer: deps.identity.mailer,
        publicUrl: config.publicUrl,
      }),
    },
    { onError: (error) => app.log.error({ err: error }, 'plan run failed') },
  );
  const shutdown = new AbortController();
  const worker = await workPlanRuns({
    boss,
    db: database.db,
    runner,
    shutdown: shutdown.signal,
    onError: (error) => app.log.error({ err: error }, 'plan requeue failed'),
  });
  // Before the sync's preClose stops the queue: runs stop between calls, their jobs retried later.
  app.addHook('preClose', async () => {
    worker.stop();
    shutdown.abort(new Error('The server is shutting down.'));
  });
  return planRunQueue(boss);
}
