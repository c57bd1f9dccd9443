import type { SyncPhase, SyncProgress, SyncRun } from '@fleetdeck/shared/sync-contract';

/** How a run's numbers read on screen: phases in words, durations, the progress percentage. */

const PHASE_LABELS: Record<SyncPhase, string> = {
  queued: 'Waiting to start',
  org_units: 'Reading organizational units',
  devices: 'Copying devices',
  telemetry: 'Reading telemetry',
  reports: 'Reading reports',
  sweep: 'Removing devices deleted at Google',
  rollups: 'Updating the dashboard figures',
  done: 'Done',
};

/** Where each phase starts on the progress bar; the devices phase fills most of it. */
const PHASE_START: Record<SyncPhase, number> = {
  queued: 0,
  org_units: 2,
  devices: 5,
  telemetry: 85,
  reports: 88,
  sweep: 92,
  rollups: 96,
  done: 100,
};

function isPhase(phase: string): phase is SyncPhase {
  return phase in PHASE_LABELS;
}

export function phaseLabel(phase: string): string {
  return isPhase(phase) ? PHASE_LABELS[phase] : phase;
}

/** 0–100. A finished run is 100; a running one never shows 100 before it is done. */
export function progressPercent(run: Pick<SyncRun, 'status' | 'phase' | 'progress'>): number {
  if (run.status === 'succeeded') return 100;
  const phase = isPhase(run.phase) ? run.phase : 'queued';
  if (phase !== 'devices') return Math.min(99, PHASE_START[phase]);
  const p = run.progress;
  const fraction =
    p.expectedDevices !== null && p.expectedDevices > 0
      ? p.devicesSeen / p.expectedDevices
      : p.shardsTotal > 0
        ? p.shardsDone / p.shardsTotal
        : 0;
  return Math.min(99, Math.round(PHASE_START.devices + 80 * Math.min(1, fraction)));
}

const number = new Intl.NumberFormat('en-US');

export function formatCount(value: number): string {
  return number.format(value);
}

/** "1,216 devices/s"; a slow start keeps its decimal ("0.4 devices/s"). */
export function formatRate(perSecond: number): string {
  const value = perSecond >= 10 ? formatCount(Math.round(perSecond)) : perSecond.toFixed(1);
  return `${value} devices/s`;
}

/** 860 ms → "0.9 s", 65 000 ms → "1 min 5 s", 3 720 000 ms → "1 h 2 min". */
export function formatDuration(ms: number): string {
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds < 10 ? seconds.toFixed(1) : Math.round(seconds)} s`;
  const total = Math.round(seconds);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  if (hours > 0) return `${hours} h ${minutes} min`;
  const rest = total % 60;
  return rest > 0 ? `${minutes} min ${rest} s` : `${minutes} min`;
}

/** The time left, said roughly ("less than a minute", "about 3 min"). */
export function formatTimeLeft(seconds: number | null): string | undefined {
  if (seconds === null) return undefined;
  if (seconds < 60) return 'Less than a minute left';
  return `About ${formatDuration(Math.round(seconds / 60) * 60_000)} left`;
}

/** "1,200 of about 5,000 devices" or "1,200 devices" when there is no earlier run to compare. */
export function devicesLine(progress: SyncProgress, finished: boolean): string {
  const written = formatCount(progress.devicesWritten);
  if (finished) {
    const checked =
      progress.devicesSeen > progress.devicesWritten ? ` (${formatCount(progress.devicesSeen)} checked)` : '';
    return `${written} devices written${checked}`;
  }
  if (progress.expectedDevices === null) return `${written} devices written`;
  return `${written} of about ${formatCount(progress.expectedDevices)} devices written`;
}

/**
 * The units a run copied, and the groups the device phase lists them in (a subtree, or one unit's
 * own devices): "591" and "in 71 groups, 40 listed". The groups are said as groups, never as units,
 * so the figure matches the unit pickers' count.
 */
export function orgUnitsLine(
  progress: Pick<SyncProgress, 'orgUnits' | 'shardsTotal' | 'shardsDone'>,
  finished: boolean,
): { units: string; groups: string | undefined } {
  const { orgUnits, shardsTotal, shardsDone } = progress;
  const groupWord = shardsTotal === 1 ? 'group' : 'groups';
  const groups =
    shardsTotal === 0
      ? undefined
      : finished
        ? `listed in ${formatCount(shardsTotal)} ${groupWord}`
        : `in ${formatCount(shardsTotal)} ${groupWord}, ${formatCount(shardsDone)} listed`;
  // Runs recorded before units were counted know only their groups.
  if (orgUnits === 0) return { units: '—', groups };
  return { units: formatCount(orgUnits), groups };
}

export const STATUS_TONE = {
  queued: 'neutral',
  running: 'accent',
  succeeded: 'success',
  failed: 'danger',
  cancelled: 'warning',
} as const;

export const STATUS_LABEL = {
  queued: 'Queued',
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
  cancelled: 'Cancelled',
} as const;

/** The schedule's bounds, as in the sync contract (a unit test keeps them equal; its values would bring zod along). */
export const SCHEDULE_LIMITS = {
  intervalMinutes: { min: 5, max: 1440 },
  fullEveryHours: { min: 1, max: 720 },
} as const;
