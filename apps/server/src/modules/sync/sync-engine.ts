import { DEVICE_TABLE } from '../fleet-store/device-partition.ts';
import type { Kysely } from 'kysely';
import { syncErrorSchema, type SyncError, type SyncRun } from '@fleetdeck/shared/sync-contract';
import type { DB } from '../../db/schema.ts';
import { refreshRollups } from '../fleet-store/fleet-rollups.ts';
import { syncOrgUnits } from './device-phase.ts';
import { syncDevicesAndTelemetry } from './device-telemetry-phase.ts';
import { syncReports } from './reports-phase.ts';
import type { CommittedPage, GoogleClientFactory, SyncContext } from './sync-context.ts';
import { countSeenDevices } from '../fleet-store/device-page-writer.ts';
import { SyncProgressTracker } from './sync-progress.ts';
import { presentSyncRun } from './sync-run-presenter.ts';
import {
  claimRun,
  finishRun,
  lastCompleteDeviceCount,
  saveRunState,
  type SyncRunRow,
} from './sync-run.repository.ts';
import { sweepDeletedDevices } from './sweep-phase.ts';

/**
 * Executes one sync run: claim its lease, walk the phases (OUs, devices beside telemetry, reports,
 * sweep, rollups), persist and publish progress about once a second, finish. Every phase is
 * idempotent and resumes from its checkpoints, so a run interrupted anywhere (a crash, a shutdown,
 * a lost lease) is finished by the next attempt with no duplicate and no lost device.
 */

export interface SyncEngineOptions {
  readonly db: Kysely<DB>;
  readonly createGoogleClient: GoogleClientFactory;
  /** Names this process in leases, e.g. `host:pid:random`. */
  readonly workerId: string;
  /** Parallel OU shards (Directory calls in flight); 10 by default, see decision 012. */
  readonly concurrency?: number | undefined;
  /** A run whose lease is not renewed within this time is taken over by another worker. */
  readonly leaseMs?: number | undefined;
  readonly flushIntervalMs?: number | undefined;
  /** Receives the run as the API shows it, on every flush and at the end (realtime fan-out). */
  readonly publish?: ((orgId: string, run: SyncRun) => void) | undefined;
  /** Observes each committed page (progress consumers, tests that interrupt a run). */
  readonly onPageCommitted?: ((page: CommittedPage) => Promise<void> | void) | undefined;
}

export type SyncAttemptOutcome = 'succeeded' | 'failed' | 'not_claimed';

/**
 * Ten Directory calls in flight, each taking at least ~300 ms at Google, stay under ~33 calls a
 * second (~2,000 a minute) against the default quota of 2,400 a minute per user and project.
 */
export const DEFAULT_SYNC_CONCURRENCY = 10;
const DEFAULT_LEASE_MS = 60_000;
const DEFAULT_FLUSH_MS = 1000;

const PHASES: readonly ((ctx: SyncContext) => Promise<void>)[] = [
  syncOrgUnits,
  syncDevicesAndTelemetry,
  syncReports,
  sweepDeletedDevices,
  async (ctx) => {
    ctx.tracker.enter('rollups');
    await ctx.db.transaction().execute((trx) => refreshRollups(trx, ctx.orgId));
  },
];

/**
 * Why: the job handler's whole body. `finalAttempt` decides what a failure means: the last
 * attempt marks the run failed, an earlier one releases the lease so the retry resumes it.
 */
export async function executeSyncRun(
  options: SyncEngineOptions,
  runId: string,
  run: { signal: AbortSignal; finalAttempt: boolean },
): Promise<SyncAttemptOutcome> {
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const claimed = await claimRun(options.db, runId, options.workerId, leaseMs);
  if (!claimed) return 'not_claimed';
  const tracker = new SyncProgressTracker({
    progress: claimed.progress,
    errors: storedErrors(claimed.errors),
  });
  tracker.progress.expectedDevices = await lastCompleteDeviceCount(options.db, claimed.org_id);
  // A resumed run counts the devices its earlier attempts listed, saved or not in its progress.
  const listedBefore = await countSeenDevices(options.db, claimed.org_id, claimed.id);
  tracker.progress.devicesSeen = Math.max(tracker.progress.devicesSeen, listedBefore);
  const flusher = startFlusher(options, claimed, tracker, leaseMs);
  try {
    const ctx = buildContext(options, claimed, tracker, AbortSignal.any([run.signal, flusher.signal]));
    for (const phase of PHASES) {
      ctx.signal.throwIfAborted();
      await phase(ctx);
    }
    tracker.enter('done');
    tracker.progress.etaSeconds = 0;
    await flusher.stop();
    return await settle(options, claimed, tracker, 'succeeded');
  } catch (error) {
    await flusher.stop();
    tracker.addError({ code: errorCode(error), message: errorMessage(error), recovered: !run.finalAttempt });
    if (run.finalAttempt) return settle(options, claimed, tracker, 'failed');
    await saveRunState(options.db, runId, options.workerId, 0, tracker);
    throw error;
  }
}

function buildContext(
  options: SyncEngineOptions,
  claimed: SyncRunRow,
  tracker: SyncProgressTracker,
  signal: AbortSignal,
): SyncContext {
  const google = options.createGoogleClient({
    orgId: claimed.org_id,
    customerId: claimed.customer_id,
    onRetry: (event) =>
      tracker.noteRetry(event.delayMs, {
        status: event.error.status,
        message: event.error.message,
        operation: event.operation,
      }),
  });
  return {
    db: options.db,
    google,
    orgId: claimed.org_id,
    customerId: claimed.customer_id,
    runId: claimed.id,
    kind: claimed.kind,
    tracker,
    signal,
    concurrency: options.concurrency ?? DEFAULT_SYNC_CONCURRENCY,
    deviceTable: DEVICE_TABLE,
    onPageCommitted: async (page) => {
      await options.onPageCommitted?.(page);
    },
  };
}

async function settle(
  options: SyncEngineOptions,
  claimed: SyncRunRow,
  tracker: SyncProgressTracker,
  status: 'succeeded' | 'failed',
): Promise<SyncAttemptOutcome> {
  const phase = status === 'succeeded' ? 'done' : tracker.phase;
  const finished = await finishRun(options.db, claimed.id, options.workerId, {
    status,
    phase,
    progress: tracker.progress,
    errors: tracker.errors,
  });
  if (finished) publishRun(options, claimed, tracker, { status, finished: true });
  return finished ? status : 'not_claimed';
}

function publishRun(
  options: SyncEngineOptions,
  claimed: SyncRunRow,
  tracker: SyncProgressTracker,
  state: { status: SyncRunRow['status']; finished: boolean },
): void {
  if (!options.publish) return;
  const row: SyncRunRow = {
    ...claimed,
    status: state.status,
    phase: tracker.phase,
    progress: tracker.progress,
    errors: tracker.errors,
    finished_at: state.finished ? new Date() : null,
  };
  options.publish(claimed.org_id, presentSyncRun(row));
}

/**
 * Saves progress and renews the lease every interval; aborts the run if the lease was lost (another
 * worker took the run over after this one stalled), so two workers never write the same run.
 */
function startFlusher(
  options: SyncEngineOptions,
  claimed: SyncRunRow,
  tracker: SyncProgressTracker,
  leaseMs: number,
): { signal: AbortSignal; stop: () => Promise<void> } {
  const controller = new AbortController();
  let pending: Promise<void> = Promise.resolve();
  const flush = async () => {
    const kept = await saveRunState(options.db, claimed.id, options.workerId, leaseMs, tracker);
    if (!kept) controller.abort(new Error('The sync lease was taken over by another worker.'));
    else publishRun(options, claimed, tracker, { status: 'running', finished: false });
  };
  const timer = setInterval(() => {
    pending = pending.then(flush).catch(() => undefined);
  }, options.flushIntervalMs ?? DEFAULT_FLUSH_MS);
  return {
    signal: controller.signal,
    stop: async () => {
      clearInterval(timer);
      await pending;
    },
  };
}

function storedErrors(errors: unknown): SyncError[] {
  const parsed = syncErrorSchema.array().safeParse(errors);
  return parsed.success ? parsed.data : [];
}

function errorCode(error: unknown): string {
  if (error instanceof Error && error.name === 'AbortError') return 'interrupted';
  if (error instanceof Error && 'status' in error && typeof error.status === 'number')
    return `google_${error.status}`;
  return 'sync_failed';
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
