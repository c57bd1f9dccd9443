import type { SyncRun } from '@fleetdeck/shared/sync-contract';
import { SYNC_STATUSES } from '@fleetdeck/shared/sync-states';

const STATUSES: ReadonlySet<string> = new Set(SYNC_STATUSES);

/** Plain checks of a pushed run, with the contract's statuses (classic zod stays out of the browser bundle). */
export function isSyncRunPayload(value: unknown): value is SyncRun {
  if (typeof value !== 'object' || value === null) return false;
  const run = value as Record<string, unknown>;
  const progress = run.progress as Record<string, unknown> | null | undefined;
  return (
    typeof run.id === 'string' &&
    typeof run.status === 'string' &&
    STATUSES.has(run.status) &&
    typeof run.phase === 'string' &&
    Array.isArray(run.errors) &&
    typeof progress === 'object' &&
    progress !== null &&
    typeof progress.devicesWritten === 'number'
  );
}
