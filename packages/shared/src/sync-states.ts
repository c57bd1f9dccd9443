/**
 * A sync run's kinds, triggers, statuses and phases, without zod: the sync contract builds its
 * schemas from them and re-exports them, and the browser checks pushed runs with them.
 */

export const SYNC_KINDS = ['full', 'incremental'] as const;
export const SYNC_TRIGGERS = ['manual', 'schedule', 'onboarding'] as const;
export const SYNC_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
/** Phases in the order a run goes through them. */
export const SYNC_PHASES = [
  'queued',
  'org_units',
  'devices',
  'telemetry',
  'reports',
  'sweep',
  'rollups',
  'done',
] as const;

export type SyncKind = (typeof SYNC_KINDS)[number];
export type SyncStatus = (typeof SYNC_STATUSES)[number];
export type SyncPhase = (typeof SYNC_PHASES)[number];
