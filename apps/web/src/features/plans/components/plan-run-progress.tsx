import { useEffect, useState } from 'react';
import type { PlanRun } from '@fleetdeck/shared/plan-contract';
import { formatTimeLeft, runTotals } from '../plan-wording.ts';

/**
 * Why: the server estimates the time left at each progress; between two estimates the page counts
 * it down each second, so "time left" moves while calls wait for the budget. Keyed by the
 * estimate, a new one starts the count again.
 */
function TimeLeft({ seconds, running }: { seconds: number | null; running: boolean }) {
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    if (!running) return;
    const tick = setInterval(() => setElapsed((value) => value + 1), 1_000);
    return () => clearInterval(tick);
  }, [running]);
  if (seconds === null) return 'Estimating…';
  const left = formatTimeLeft(Math.max(0, seconds - elapsed));
  return running ? left : `${left} once resumed`;
}

const share = (part: number, total: number) => `${total > 0 ? (part / total) * 100 : 0}%`;

/**
 * A run under way or paused: changes done of all, a progress bar, the time left and the write
 * budget; a plan run as one bulk run (`bulkRun`) is not paced by the budget, so it shows neither.
 */
export function PlanRunProgress({
  run,
  running,
  bulkRun = false,
}: {
  run: PlanRun;
  running: boolean;
  bulkRun?: boolean;
}) {
  const { total, done } = runTotals(run.counts);
  const percent = total > 0 ? Math.floor((done / total) * 100) : 100;
  const line = `${done.toLocaleString()} of ${total.toLocaleString()} changes done`;
  return (
    <div className="flex flex-col gap-3" data-testid="plan-run-progress">
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span className="font-medium tabular-nums" data-testid="plan-run-count">
          {line}
        </span>
        <span className="font-semibold tabular-nums">{percent} %</span>
      </div>
      <div
        role="progressbar"
        aria-label="Plan run progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={line}
        className="flex h-2.5 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full bg-accent transition-[width]"
          style={{ width: share(run.counts.succeeded, total) }}
        />
        <div
          className="h-full bg-muted-foreground/40 transition-[width]"
          style={{ width: share(run.counts.skipped, total) }}
        />
        <div
          className="h-full bg-danger transition-[width]"
          style={{ width: share(run.counts.failed, total) }}
        />
      </div>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-4">
        {bulkRun ? null : <BudgetFacts run={run} running={running} />}
        <div>
          <dt className="text-xs text-muted-foreground">Failed · skipped</dt>
          <dd className="font-medium tabular-nums">
            {run.counts.failed.toLocaleString()} · {run.counts.skipped.toLocaleString()}
          </dd>
        </div>
      </dl>
    </div>
  );
}

/** Why: the plan runner's pace: the time left, the calls left and the budget they wait for. */
function BudgetFacts({ run, running }: { run: PlanRun; running: boolean }) {
  return (
    <>
      <div>
        <dt className="text-xs text-muted-foreground">Time left</dt>
        <dd className="font-medium tabular-nums" data-testid="plan-run-time-left">
          <TimeLeft key={String(run.secondsLeft)} seconds={run.secondsLeft} running={running} />
        </dd>
      </div>
      <div>
        <dt className="text-xs text-muted-foreground">Calls to Google left</dt>
        <dd className="font-medium tabular-nums">{run.callsLeft.toLocaleString()}</dd>
      </div>
      <div>
        <dt className="text-xs text-muted-foreground">Write budget</dt>
        <dd className="font-medium tabular-nums" data-testid="plan-run-budget">
          {run.writesPerMinute.toLocaleString()} writes a minute
        </dd>
      </div>
    </>
  );
}
