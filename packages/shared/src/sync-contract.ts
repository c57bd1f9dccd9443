import { z } from 'zod';
import { SYNC_KINDS, SYNC_STATUSES, SYNC_TRIGGERS } from './sync-states.ts';

/**
 * The sync API's contract: runs (Sync now, the list, one run), their live progress, and each
 * organization's schedule. The server shapes its responses with these schemas; the web app
 * parses them with the same ones.
 */

export * from './sync-states.ts';

export const syncErrorSchema = z.object({
  at: z.string().max(40),
  phase: z.string().max(40),
  shard: z.string().max(2000).optional(),
  /** A stable id (`rate_limited`, `page_token_expired`, `google_unavailable`, …). */
  code: z.string().max(80),
  message: z.string().max(2000),
  /** True when the run went on (a retried call, a restarted shard). */
  recovered: z.boolean(),
});
export type SyncError = z.infer<typeof syncErrorSchema>;

export const syncProgressSchema = z.object({
  /** Organizational units copied from Google (every unit, as the unit pickers list them). */
  orgUnits: z.number().int().nonnegative(),
  /**
   * The groups of units the device phase lists as one (a subtree, or one unit's own devices):
   * fewer than the units, so a large tree is listed in a few dozen lanes of work.
   */
  shardsTotal: z.number().int().nonnegative(),
  shardsDone: z.number().int().nonnegative(),
  pages: z.number().int().nonnegative(),
  devicesSeen: z.number().int().nonnegative(),
  devicesWritten: z.number().int().nonnegative(),
  devicesCreated: z.number().int().nonnegative(),
  devicesDeleted: z.number().int().nonnegative(),
  historyRows: z.number().int().nonnegative(),
  telemetrySamples: z.number().int().nonnegative(),
  /** False when an incremental run kept telemetry refreshed less than an hour ago. */
  telemetryRefreshed: z.boolean(),
  /** Devices per second over the devices phase so far. */
  rate: z.number().nonnegative(),
  /** Devices Google reported in the previous complete run, the base of the estimate. */
  expectedDevices: z.number().int().nonnegative().nullable(),
  etaSeconds: z.number().nonnegative().nullable(),
  /** Google asked us to slow down: retries and the total time spent waiting. */
  retries: z.number().int().nonnegative(),
  waitedMs: z.number().nonnegative(),
  shardRestarts: z.number().int().nonnegative(),
});
export type SyncProgress = z.infer<typeof syncProgressSchema>;

export const syncRunSchema = z.object({
  id: z.uuid(),
  kind: z.enum(SYNC_KINDS),
  trigger: z.enum(SYNC_TRIGGERS),
  status: z.enum(SYNC_STATUSES),
  phase: z.string().max(40),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().int().nonnegative().nullable(),
  attempts: z.number().int().nonnegative(),
  progress: syncProgressSchema,
  errors: z.array(syncErrorSchema).max(100),
});
export type SyncRun = z.infer<typeof syncRunSchema>;

/** What a person may start: Sync now / Full sync from settings, or the first sync of onboarding. */
export const MANUAL_SYNC_TRIGGERS = ['manual', 'onboarding'] as const;
export const startSyncRequestSchema = z.object({
  kind: z.enum(SYNC_KINDS).default('incremental'),
  trigger: z.enum(MANUAL_SYNC_TRIGGERS).default('manual'),
});
export type StartSyncRequest = z.infer<typeof startSyncRequestSchema>;

export const startSyncResponseSchema = z.object({
  run: syncRunSchema,
  /** False when a run was already queued or running, or (onboarding's) its first copy already succeeded: that run is returned instead. */
  created: z.boolean(),
});

export const SYNC_RUN_PAGE = { default: 20, max: 100 } as const;

export const listSyncRunsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(SYNC_RUN_PAGE.max).default(SYNC_RUN_PAGE.default),
  /** The `nextCursor` of the previous page. */
  cursor: z.string().max(200).optional(),
});

export const listSyncRunsResponseSchema = z.object({
  runs: z.array(syncRunSchema),
  nextCursor: z.string().nullable(),
});

export const SYNC_SCHEDULE_LIMITS = {
  intervalMinutes: { min: 5, max: 1440, default: 10 },
  fullEveryHours: { min: 1, max: 720, default: 24 },
} as const;

export const syncScheduleSchema = z.object({
  enabled: z.boolean(),
  intervalMinutes: z
    .number()
    .int()
    .min(SYNC_SCHEDULE_LIMITS.intervalMinutes.min)
    .max(SYNC_SCHEDULE_LIMITS.intervalMinutes.max),
  /** Every this many hours the scheduled run is a full one (it also finds deletions). */
  fullEveryHours: z
    .number()
    .int()
    .min(SYNC_SCHEDULE_LIMITS.fullEveryHours.min)
    .max(SYNC_SCHEDULE_LIMITS.fullEveryHours.max),
  nextRunAt: z.string().nullable(),
});
export type SyncSchedule = z.infer<typeof syncScheduleSchema>;

export const updateSyncScheduleSchema = syncScheduleSchema.omit({ nextRunAt: true });
export type UpdateSyncSchedule = z.infer<typeof updateSyncScheduleSchema>;
