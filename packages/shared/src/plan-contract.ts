import { z } from 'zod';
import { DEVICE_FIELD_LIMITS } from './device-actions.ts';
import { PERMISSIONS } from './permissions.ts';

/**
 * Change plans (decision 042): a CSV update or a school-year rollover saved as a plan of per-device
 * changes, reviewed, approved by a second member above a threshold, run later. The request and
 * response shapes of `/api/plans`, shared by the server and the browser.
 */

export const PLAN_LIMITS = {
  /** Data rows of one CSV update (the header row aside). */
  csvRows: 100_000,
  /** The CSV upload, in bytes after any request decompression. */
  csvBytes: 64 * 1024 * 1024,
  /** One cell; longer than every field Google stores (notes: 500). */
  csvCellChars: 5_000,
  /** One row, all its cells together. */
  csvRowChars: 32_768,
  csvColumns: 100,
  /** OU → OU pairs of one rollover. */
  rolloverPairs: 1_000,
  /** Devices of one plan (a rollover of the largest fleet). */
  planItems: 250_000,
  /** Devices shown per rollover pair. */
  rolloverSample: 5,
  itemsPerPage: 500,
  /** Above this many devices a plan needs a second member's approval, unless an owner sets another. */
  defaultApprovalThreshold: 500,
  maxApprovalThreshold: 1_000_000,
} as const;

export const PLAN_KINDS = ['csv_update', 'rollover', 'bulk_action'] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];

/**
 * `building` is the server's own while an upload streams in (never answered); a plan is then a
 * draft, sent for approval, approved (by a second member, or by its author at or under the
 * threshold), run (running, paused), done, and may be undone; until it runs it may be cancelled.
 */
export const PLAN_STATES = [
  'draft',
  'awaiting_approval',
  'approved',
  'running',
  'paused',
  'done',
  'undone',
  'cancelled',
] as const;
export type PlanState = (typeof PLAN_STATES)[number];

/** What a plan says of each CSV row (or rollover device). */
export const PLAN_OUTCOMES = [
  'change',
  'unchanged',
  'not_found',
  'ambiguous',
  'out_of_scope',
  'invalid',
] as const;
export type PlanOutcome = (typeof PLAN_OUTCOMES)[number];

export const PLAN_OUTCOME_LABELS: Readonly<Record<PlanOutcome, string>> = {
  change: 'Will change',
  unchanged: 'Already as asked',
  not_found: 'Not found',
  ambiguous: 'Matches several devices',
  out_of_scope: 'Outside your units',
  invalid: 'Invalid',
};

/** What a CSV row is keyed by: exact, case-folded serial or asset ID (as paste-a-list), or Google's device ID. */
export const PLAN_KEYS = ['serial', 'assetId', 'deviceId'] as const;
export type PlanKey = (typeof PLAN_KEYS)[number];

/** The device fields a CSV update may change. */
export const PLAN_FIELDS = [
  'orgUnitPath',
  'annotatedAssetId',
  'annotatedLocation',
  'annotatedUser',
  'notes',
  'status',
] as const;
export type PlanField = (typeof PLAN_FIELDS)[number];

/** Google's limits of the annotated fields a plan may set. */
export const PLAN_TEXT_LIMITS: Readonly<Partial<Record<PlanField, number>>> = DEVICE_FIELD_LIMITS;

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
  /** Whether the caller may approve it now, and if not, why. */
  caller: z.object({ isAuthor: z.boolean(), canApprove: z.boolean(), whyNot: z.string().nullable() }),
});
export type Plan = z.infer<typeof planSchema>;

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
});
export type PlanSettings = z.infer<typeof planSettingsSchema>;
