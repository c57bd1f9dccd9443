import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { BulkRunner, BulkRunQueue } from '../modules/devices/bulk-runner.ts';
import { staleRuns } from '../modules/devices/bulk-run.repository.ts';

/**
 * Bulk runs in this process, for an app without a job queue (tests of the app alone, the device
 * harness): a started run goes on in the background at once; `resumeStale` takes on the runs whose
 * process stopped; `stop` stops them between chunks (their lease lapses, so a later process
 * resumes them from their pending rows). Processes that run jobs use the `bulk-run` queue instead
 * (bulk-run.job.ts).
 */

export interface LocalBulkRuns extends BulkRunQueue {
  /** Runs every run whose lease lapsed; resolves with how many when they end. */
  resumeStale(): Promise<number>;
  /** Resolves when no run is executing in this process. */
  idle(): Promise<void>;
  /** Stops between chunks and waits for the runs under way. */
  stop(): Promise<void>;
}

/** Why: the same runner as the job's, driven by this process's promises instead of the queue. */
export function runBulkRunsHere(
  db: Kysely<DB>,
  runner: BulkRunner,
  onError: (error: unknown) => void = () => undefined,
): LocalBulkRuns {
  const running = new Map<string, Promise<void>>();
  const stopping = new AbortController();
  const start = (orgId: string, runId: string) => {
    if (stopping.signal.aborted || running.has(runId)) return;
    const work = runner
      .run(orgId, runId, { signal: stopping.signal })
      .then(() => undefined, onError)
      .finally(() => running.delete(runId));
    running.set(runId, work);
  };
  const idle = async () => {
    while (running.size > 0) await Promise.allSettled([...running.values()]);
  };
  return {
    enqueue: async (orgId, runId) => start(orgId, runId),
    resumeStale: async () => {
      if (stopping.signal.aborted) return 0;
      const stale = await staleRuns(db, 20);
      for (const run of stale) start(run.org_id, run.id);
      await idle();
      return stale.length;
    },
    idle,
    stop: async () => {
      stopping.abort();
      await idle();
    },
  };
}
