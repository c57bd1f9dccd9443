import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { BulkAction } from '@fleetdeck/shared/bulk-contract';
import type { DeviceDeps } from './device-context.ts';
import { settleInterruptedSends } from './bulk-command-sends.ts';
import { sendChunk, type ChunkEnv } from './bulk-run-chunk.ts';
import { commitChunk, finishRun, publishPlanProgress } from './bulk-run-commit.ts';
import {
  claimRun,
  failUnsent,
  pendingDevices,
  releaseLease,
  renewLease,
  type ClaimedRun,
  type Lease,
} from './bulk-run.repository.ts';

/**
 * Runs one bulk action (decisions 010 and 037): claims the run with a lease, takes its pending
 * devices (the ones that will change; the others were recorded as skipped) 50 at a time (Google's
 * bulk limit), acts at Google (bulk-run-chunk.ts), and commits each chunk's results, our copy and
 * history in one transaction (bulk-run-commit.ts). Called by the `bulk-run` job
 * (jobs/bulk-run.job.ts). A run whose process stopped is taken over once its lease lapsed: only
 * pending devices are sent again; moves and status changes are idempotent at Google and a command
 * whose send began for a device in this run is never issued twice, even across a crash
 * (bulk-command-sends.ts).
 */

const MAX_CHUNK = 50;
const DEFAULT_LEASE_MS = 2 * 60_000;
const DEFAULT_CONCURRENCY = 4;
const LIVE_DEVICE_IDS = 500;

export interface BulkRunnerOptions {
  readonly deps: DeviceDeps;
  /** Devices per Google call (1–50). */
  readonly chunkSize?: number | undefined;
  /** Parallel per-device calls (annotate, commands). */
  readonly concurrency?: number | undefined;
  readonly leaseMs?: number | undefined;
  readonly onError?: ((error: unknown) => void) | undefined;
}

/** How a call of `run` ended: the run ended, stopped between chunks, or another process holds it. */
export type BulkRunOutcome = 'done' | 'stopped' | 'not_claimed';

export interface BulkRunner {
  /** Runs the run until its devices all have a result or `signal` aborts (between chunks). */
  run(orgId: string, runId: string, options?: { signal?: AbortSignal | undefined }): Promise<BulkRunOutcome>;
  readonly workerId: string;
}

/**
 * What starts a run once its rows are committed: the `bulk-run` job queue in processes that run
 * jobs, this process otherwise (jobs/bulk-run-local.job.ts).
 */
export interface BulkRunQueue {
  enqueue(orgId: string, runId: string): Promise<void>;
}

/** What every step of a run shares: the process's runner settings and its dependencies. */
interface Env extends ChunkEnv {
  readonly chunkSize: number;
  readonly lease: Lease;
  readonly report: (error: unknown) => void;
}

/**
 * Why: a plan's page follows its bulk run; a progress that cannot be read is reported, and the
 * run goes on (the page reads the plan again when the run ends).
 */
async function reportProgress(env: Env, run: ClaimedRun): Promise<void> {
  await publishPlanProgress(env.deps, run).catch(env.report);
}

/** Why: one chunk sent and committed; the changed devices (and a plan's progress) go live; a stop fails the rest. */
async function oneChunk(env: Env, run: ClaimedRun, action: BulkAction, ids: string[]): Promise<'go' | 'end'> {
  const result = await sendChunk(env, run, action, ids);
  if (result.thrown !== undefined) env.report(result.thrown);
  const succeeded = await commitChunk(env.deps.db, run, result, env.lease);
  env.deps.publishChanged(run.org_id, { runId: run.id, deviceIds: succeeded.slice(0, LIVE_DEVICE_IDS) });
  await reportProgress(env, run);
  if (result.stop === undefined) return 'go';
  await failUnsent(env.deps.db, run, result.stop);
  return 'end';
}

/** Chunk after chunk until none is pending, the run stops, the signal aborts or the lease is lost. */
async function runChunks(
  env: Env,
  run: ClaimedRun,
  signal: AbortSignal | undefined,
): Promise<'ended' | 'lost'> {
  const action = (typeof run.action === 'string' ? JSON.parse(run.action) : run.action) as BulkAction;
  if (action.kind === 'command') await settleInterruptedSends(env.deps.db, run);
  while (!signal?.aborted) {
    const ids = await pendingDevices(env.deps.db, run, env.chunkSize);
    if (ids.length === 0) break;
    // A run whose lease was taken over (this process stalled past it) is left to its new owner.
    if (!(await renewLease(env.deps.db, run, env.lease))) return 'lost';
    if ((await oneChunk(env, run, action, ids)) === 'end') break;
  }
  return 'ended';
}

async function runBulk(
  env: Env,
  orgId: string,
  runId: string,
  signal: AbortSignal | undefined,
): Promise<BulkRunOutcome> {
  const { db } = env.deps;
  const run = await claimRun(db, orgId, runId, env.lease);
  if (!run) return 'not_claimed';
  if ((await runChunks(env, run, signal)) === 'lost') return 'not_claimed';
  const counts = await finishRun(db, run);
  if (counts.pending > 0) {
    // Stopped between chunks: the lease lapses now so another process resumes the run at once.
    await releaseLease(db, run, env.lease);
    return 'stopped';
  }
  env.deps.publishChanged(run.org_id, { runId: run.id });
  await reportProgress(env, run);
  return 'done';
}

/** Why: one runner per process, called by the job queue's worker (or this process's runs). */
export function createBulkRunner(options: BulkRunnerOptions): BulkRunner {
  const workerId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const env: Env = {
    deps: options.deps,
    chunkSize: Math.min(MAX_CHUNK, Math.max(1, options.chunkSize ?? MAX_CHUNK)),
    concurrency: options.concurrency ?? DEFAULT_CONCURRENCY,
    lease: { workerId, leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS },
    report: (error) => options.onError?.(error),
  };
  return {
    run: (orgId, runId, runOptions = {}) => runBulk(env, orgId, runId, runOptions.signal),
    workerId,
  };
}
