import type { SyncRun } from '@fleetdeck/shared/sync-contract';
import { Badge } from '../../../components/ui/badge.tsx';
import { isActiveRun } from '../api/get-sync-run.ts';
import {
  devicesLine,
  formatCount,
  formatDuration,
  formatRate,
  formatTimeLeft,
  orgUnitsLine,
  phaseLabel,
  progressPercent,
  STATUS_LABEL,
  STATUS_TONE,
} from '../format.ts';
import { SyncErrorList } from './sync-error-list.tsx';

/** The bar itself, red once the run failed. */
function ProgressBar({ percent, failed }: { percent: number; failed: boolean }) {
  return (
    <div
      role="progressbar"
      aria-label="Sync progress"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2.5 w-full overflow-hidden rounded-full bg-muted"
    >
      <div
        className={
          failed
            ? 'h-full rounded-full bg-danger transition-[width] duration-500'
            : 'h-full rounded-full bg-accent transition-[width] duration-500'
        }
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}

/** Devices, rate, time left (or how long it took) and organizational units. */
function ProgressFacts({ run, active }: { run: SyncRun; active: boolean }) {
  const p = run.progress;
  const timeLeft = active && run.phase === 'devices' ? formatTimeLeft(p.etaSeconds) : undefined;
  const units = orgUnitsLine(p, !active);
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-4">
      <div>
        <dt className="text-xs text-muted-foreground">Devices</dt>
        <dd className="font-medium text-foreground tabular-nums" data-testid="sync-devices">
          {devicesLine(p, !active)}
        </dd>
      </div>
      <div>
        <dt className="text-xs text-muted-foreground">Rate</dt>
        <dd className="font-medium text-foreground tabular-nums">{formatRate(p.rate)}</dd>
      </div>
      <div>
        <dt className="text-xs text-muted-foreground">{active ? 'Time left' : 'Took'}</dt>
        <dd className="font-medium text-foreground tabular-nums">
          {active
            ? (timeLeft ?? 'Estimating…')
            : run.durationMs !== null
              ? formatDuration(run.durationMs)
              : '—'}
        </dd>
      </div>
      <div>
        <dt className="text-xs text-muted-foreground">Organizational units</dt>
        <dd className="font-medium text-foreground tabular-nums" data-testid="sync-org-units">
          {units.units}
          {units.groups ? (
            <span className="block text-xs font-normal text-muted-foreground">{units.groups}</span>
          ) : null}
        </dd>
      </div>
    </dl>
  );
}

/** Why the run went slower: Google's retries, the time waited, and groups of units restarted. */
function SlowDowns({ progress: p }: { progress: SyncRun['progress'] }) {
  return (
    <p className="text-sm text-warning-subtle-foreground" data-testid="sync-slowdowns">
      Google asked Fleetdeck to slow down: {formatCount(p.retries)} {p.retries === 1 ? 'retry' : 'retries'},{' '}
      {formatDuration(p.waitedMs)} waited
      {p.shardRestarts > 0
        ? `, ${formatCount(p.shardRestarts)} ${p.shardRestarts === 1 ? 'group' : 'groups'} of units restarted`
        : ''}
      .
    </p>
  );
}

/** One run as it goes: phase, a progress bar, devices, rate, time left, slow-downs and errors. */
export function SyncProgress({ run }: { run: SyncRun }) {
  const percent = progressPercent(run);
  const active = isActiveRun(run);
  const p = run.progress;
  return (
    <div className="flex flex-col gap-3" data-testid="sync-progress">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <Badge tone={STATUS_TONE[run.status]}>{STATUS_LABEL[run.status]}</Badge>
          <span className="text-sm font-medium text-foreground" data-testid="sync-phase">
            {run.kind === 'full' ? 'Full sync' : 'Incremental sync'} · {phaseLabel(run.phase)}
          </span>
        </div>
        <span className="text-sm font-semibold text-foreground tabular-nums" data-testid="sync-percent">
          {percent} %
        </span>
      </div>
      <ProgressBar percent={percent} failed={run.status === 'failed'} />
      <ProgressFacts run={run} active={active} />
      {p.retries > 0 || p.shardRestarts > 0 ? <SlowDowns progress={p} /> : null}
      {run.errors.length > 0 ? <SyncErrorList errors={run.errors} limit={5} /> : null}
    </div>
  );
}
