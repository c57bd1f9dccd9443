import { z } from 'zod';
import { DEPROVISION_REASONS, DEVICE_COMMAND_TYPES, DISABLE_REASONS } from './device-actions.ts';
import { PERMISSIONS } from './permissions.ts';
import {
  PLAN_LIMITS,
  PLAN_KINDS,
  PLAN_STATES,
  PLAN_OUTCOMES,
  PLAN_RUN_STATES,
  PLAN_KEYS,
  PLAN_FIELDS,
} from './plan-constants.ts';

/**
 * Change plans (decision 042): a CSV update or a school-year rollover saved as a plan of per-device
 * changes, reviewed, approved by a second member above a threshold, run later. The request and
 * response shapes of `/api/plans`, shared by the server and the browser.
 */

export {
  PLAN_LIMITS,
  PLAN_KINDS,
  PLAN_STATES,
  PLAN_OUTCOMES,
  PLAN_OUTCOME_LABELS,
  PLAN_RUN_STATES,
  PLAN_KEYS,
  PLAN_FIELDS,
  PLAN_TEXT_LIMITS,
  PLAN_RESULT_COLUMNS,
  type PlanKind,
  type PlanState,
  type PlanOutcome,
  type PlanRunState,
  type PlanKey,
  type PlanField,
} from './plan-constants.ts';

const columnName = z.string().trim().min(1).max(200);

/** One mapped column: the field it changes, and whether a blank cell clears the field or leaves it. */
export const csvColumnMappingSchema = z.object({
  column: columnName,
  field: z.enum(PLAN_FIELDS),
  blank: z.enum(['leave', 'clear']).default('leave'),
});
export type CsvColumnMapping = z.infer<typeof csvColumnMappingSchema>;

/** How the columns of an uploaded CSV are read; columns not named are ignored. */
export const csvMappingSchema = z.object({
  key: z.object({ column: columnName, by: z.enum(PLAN_KEYS) }),
  columns: z.array(csvColumnMappingSchema).min(1).max(PLAN_FIELDS.length),
  /** Notes: replace the device's notes, or append the cell on a new line. */
  notes: z.enum(['replace', 'append']).default('replace'),
});
export type CsvMapping = z.infer<typeof csvMappingSchema>;

/** `POST /api/plans/csv?mapping=…&fileName=…` with the file itself as a `text/csv` body. */
export const createCsvPlanQuerySchema = z.object({
  mapping: z
    .string()
    .max(8_000)
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'is not JSON' });
        return z.NEVER;
      }
    })
    .pipe(csvMappingSchema),
  fileName: z.string().trim().min(1).max(200).optional(),
});

export const rolloverPairSchema = z.object({
  from: z.string().trim().min(1).max(1_000),
  to: z.string().trim().min(1).max(1_000),
});
export type RolloverPair = z.infer<typeof rolloverPairSchema>;

/** `POST /api/plans/rollover`: OU → OU pairs typed in, or a two-column CSV (from, to); an optional fleet query. */
export const createRolloverRequestSchema = z
  .object({
    pairs: z.array(rolloverPairSchema).min(1).max(PLAN_LIMITS.rolloverPairs).optional(),
    csv: z.string().max(200_000).optional(),
    query: z.string().trim().max(2_000).optional(),
    title: z.string().trim().min(1).max(200).optional(),
  })
  .refine((body) => (body.pairs === undefined) !== (body.csv === undefined), {
    message: 'Send the OU pairs either as "pairs" or as "csv", one of the two.',
  });
export type CreateRolloverRequest = z.infer<typeof createRolloverRequestSchema>;

/** A device's fields as a plan read them before any change (what undo puts back). */
export const planDeviceStateSchema = z.object({
  orgUnitPath: z.string().nullable(),
  annotatedAssetId: z.string().nullable(),
  annotatedLocation: z.string().nullable(),
  annotatedUser: z.string().nullable(),
  notes: z.string().nullable(),
  status: z.string().nullable(),
});
export type PlanDeviceState = z.infer<typeof planDeviceStateSchema>;

/** What a plan will set: final values ('' clears a text field), a status action. */
export const planChangeSchema = z.object({
  orgUnitPath: z.string().optional(),
  annotatedAssetId: z.string().optional(),
  annotatedLocation: z.string().optional(),
  annotatedUser: z.string().optional(),
  notes: z.string().optional(),
  status: z.enum(['disable', 'reenable']).optional(),
});
export type PlanChange = z.infer<typeof planChangeSchema>;

/**
 * What a bulk action's plan does (decision 048), from its stored source: the kind and its inputs
 * (a move's unit, the fields an edit sets, a disable's reason and note, a deprovision's reason, the
 * command and its parameters).
 */
export const planBulkActionSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('annotate'),
    fields: planChangeSchema.pick({
      annotatedAssetId: true,
      annotatedLocation: true,
      annotatedUser: true,
      notes: true,
    }),
  }),
  z.object({ kind: z.literal('move'), orgUnitPath: z.string().nullable() }),
  z.object({
    kind: z.literal('disable'),
    reason: z.enum(DISABLE_REASONS).nullable(),
    note: z.string().nullable(),
  }),
  z.object({ kind: z.literal('reenable') }),
  z.object({ kind: z.literal('deprovision'), reason: z.enum(DEPROVISION_REASONS) }),
  z.object({
    kind: z.literal('command'),
    command: z.object({
      type: z.enum(DEVICE_COMMAND_TYPES),
      volume: z.number().int().optional(),
      userSessionDelaySeconds: z.number().int().optional(),
    }),
  }),
]);
export type PlanBulkAction = z.infer<typeof planBulkActionSchema>;

export const planItemSchema = z.object({
  itemNo: z.number().int(),
  /** The CSV row (the header is row 1, as a spreadsheet numbers it); null for a rollover's devices. */
  row: z.number().int().nullable(),
  /** The key as the row wrote it. */
  key: z.string().nullable(),
  deviceId: z.string().nullable(),
  serialNumber: z.string().nullable(),
  outcome: z.enum(PLAN_OUTCOMES),
  /** Why, for every outcome but a plain change. */
  reason: z.string().nullable(),
  /** Devices the key matched (ambiguous rows). */
  matchCount: z.number().int().nullable(),
  before: planDeviceStateSchema.nullable(),
  change: planChangeSchema.nullable(),
  /** A change's run: where it stands, and what Google said or why it was skipped. */
  runState: z.enum(PLAN_RUN_STATES).nullable(),
  runMessage: z.string().nullable(),
});
export type PlanItem = z.infer<typeof planItemSchema>;

const memberRefSchema = z.object({ userId: z.string(), label: z.string().nullable() });

export const rolloverPairSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Pairs are applied in this order (1 first): a unit is emptied before devices arrive in it. */
  order: z.number().int(),
  devices: z.number().int(),
  sample: z.array(z.object({ deviceId: z.string(), serialNumber: z.string().nullable() })),
});

/** A plan's run: its changes by run state, the calls to Google left, and the time they take at the budget's rate. */
export const planRunSchema = z.object({
  startedAt: z.string().nullable(),
  startedBy: memberRefSchema.nullable(),
  finishedAt: z.string().nullable(),
  pausedAt: z.string().nullable(),
  pausedBy: memberRefSchema.nullable(),
  counts: z.record(z.enum(PLAN_RUN_STATES), z.number().int()),
  /** Calls to Google still to make (a move or status call takes up to 50 devices; a field change one each). */
  callsLeft: z.number().int(),
  /** The writes a minute the organization's budget runs at now (lowered after Google's quota errors). */
  writesPerMinute: z.number(),
  /** Estimated seconds until the last call, sharing the budget with the organization's other running plans. */
  secondsLeft: z.number().nullable(),
  /** Why it stopped or ended early, if it did. */
  note: z.string().nullable(),
});
export type PlanRun = z.infer<typeof planRunSchema>;

export const planSchema = z.object({
  id: z.string(),
  kind: z.enum(PLAN_KINDS),
  title: z.string(),
  state: z.enum(PLAN_STATES),
  createdAt: z.string(),
  author: memberRefSchema,
  /** CSV data rows, or devices of a rollover. */
  items: z.number().int(),
  counts: z.record(z.enum(PLAN_OUTCOMES), z.number().int()),
  /** The permissions running it needs (and an approver must hold). */
  permissions: z.array(z.enum(PERMISSIONS)),
  approval: z.object({
    /** Devices that change, compared with the threshold when the plan was submitted. */
    threshold: z.number().int().nullable(),
    required: z.boolean().nullable(),
    approvedBy: memberRefSchema.nullable(),
    approvedAt: z.string().nullable(),
  }),
  submittedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelledBy: memberRefSchema.nullable(),
  csv: z.object({ fileName: z.string().nullable(), mapping: csvMappingSchema }).nullable(),
  rollover: z.object({ query: z.string().nullable(), pairs: z.array(rolloverPairSummarySchema) }).nullable(),
  /** A bulk action's plan: what the action is (null for other plans). */
  bulkAction: planBulkActionSchema.nullable(),
  /** Whether the caller may approve it now, and if not, why. */
  caller: z.object({ isAuthor: z.boolean(), canApprove: z.boolean(), whyNot: z.string().nullable() }),
  /** Its run, once started. */
  run: planRunSchema.nullable(),
  /** The plan this one undoes, and the undo plan built from this one. */
  undoOf: z.string().nullable(),
  undoPlanId: z.string().nullable(),
  /** The bulk run a plan of device commands or a deprovision started when run (its results are the run's). */
  bulkRunId: z.string().nullable(),
  /** Why the plan offers no Undo (commands and deprovisions cannot be undone), in words to show instead. */
  cannotBeUndone: z.string().nullable(),
});
export type Plan = z.infer<typeof planSchema>;

/** Realtime `plan.progress`: a running plan's counts and time left (only `id` for members limited to units). */
export const planProgressSchema = z.object({
  id: z.string(),
  state: z.enum(PLAN_STATES).optional(),
  counts: z.record(z.enum(PLAN_RUN_STATES), z.number().int()).optional(),
  callsLeft: z.number().int().optional(),
  secondsLeft: z.number().nullable().optional(),
  writesPerMinute: z.number().optional(),
});
export type PlanProgress = z.infer<typeof planProgressSchema>;

/** `GET /api/plans/:id`: the plan and one page of its items, optionally of one outcome. */
export const planDetailQuerySchema = z.object({
  outcome: z.enum(PLAN_OUTCOMES).optional(),
  /** The last `itemNo` of the previous page. */
  after: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(PLAN_LIMITS.itemsPerPage).default(100),
});

export const planDetailSchema = z.object({
  plan: planSchema,
  items: z.array(planItemSchema),
  /** Pass as `after` for the next page; null on the last. */
  nextAfter: z.number().int().nullable(),
});
export type PlanDetail = z.infer<typeof planDetailSchema>;

export const listPlansQuerySchema = z.object({
  state: z.enum(PLAN_STATES).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const listPlansResponseSchema = z.object({ plans: z.array(planSchema) });

export const planSettingsSchema = z.object({
  approvalThreshold: z.number().int().min(1).max(PLAN_LIMITS.maxApprovalThreshold),
  /** Writes a minute running plans may send to Google (all of the organization's plans together). */
  writesPerMinute: z.number().int().min(1).max(PLAN_LIMITS.maxWritesPerMinute),
});
export type PlanSettings = z.infer<typeof planSettingsSchema>;

/** `PUT /api/plans/settings`: either setting, or both. */
export const planSettingsUpdateSchema = planSettingsSchema
  .partial()
  .refine((body) => body.approvalThreshold !== undefined || body.writesPerMinute !== undefined, {
    message: 'Send approvalThreshold, writesPerMinute, or both.',
  });
export type PlanSettingsUpdate = z.infer<typeof planSettingsUpdateSchema>;
