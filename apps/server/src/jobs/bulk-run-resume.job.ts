import type { BulkRunner } from '../modules/devices/bulk-runner.ts';

/**
 * Bulk runs left by a stopped process: a process that runs jobs claims every run whose lease
 * lapsed (its process stopped or crashed) at start and every 30 s, and runs it on from its pending
 * rows (decisions 010 and 037). The lease, not this loop, keeps two processes off one run, so
 * every such process may look at once.
 *
 * A timer of this process rather than a pg-boss schedule: pg-boss files a schedule's occurrences
 * in one-minute slots, so it cannot look every 30 s; and a resumed run goes on in the runner of
 * the process that claimed it, whose `stop` waits for it at shutdown.
 */

export const BULK_RESUME_INTERVAL_MS = 30_000;

/** Why: started by the app in processes that run jobs; stopped before the runner at close. */
export function startBulkRunResumer(
  runner: Pick<BulkRunner, 'resumeStale'>,
  options: { intervalMs?: number | undefined; onError: (error: unknown) => void },
): { stop(): void } {
  // A pass resolves when the runs it claimed end, so passes overlap: each one only claims runs
  // nobody holds, and the runner never runs one twice.
  const resume = () => void runner.resumeStale().catch(options.onError);
  const timer = setInterval(resume, options.intervalMs ?? BULK_RESUME_INTERVAL_MS);
  timer.unref();
  resume();
  return { stop: () => clearInterval(timer) };
}
