import { z } from 'zod';
import { DEPROVISION_REASONS } from './device-actions.ts';
import {
  annotateDeviceRequestSchema,
  disableReasonFields,
  issueCommandRequestSchema,
  unitReturnMessageSchema,
} from './device-contract.ts';
import { deviceListItemSchema } from './fleet-contract.ts';

/**
 * Bulk actions' API contract: the actions of device-contract.ts over a selection of device ids or
 * every match of a fleet query, previewed (blast radius, who changes) before a run, and the runs
 * with their per-device results.
 */

/** Bulk actions: the same actions over a selection of device ids or every match of a query. */
export const bulkTargetSchema = z.union([
  z.object({ deviceIds: z.array(z.string().min(1).max(128)).min(1).max(100_000) }),
  z.object({ query: z.string().max(2000) }),
]);
export type BulkTarget = z.infer<typeof bulkTargetSchema>;

/**
 * The kinds of bulk action. A bulk disable writes no policy: each device shows its own OU's return
 * message. Requests refuse unknown fields of a disable (an old `returnMessage` is not silently
 * dropped); runs stored before may still carry one, so the stored form ignores it.
 */
function bulkActionKinds(disableObject: typeof z.strictObject | typeof z.object) {
  return z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('annotate'),
      fields: annotateDeviceRequestSchema,
    }),
    z.object({ kind: z.literal('move'), orgUnitId: z.string().min(1).max(200) }),
    disableObject({ kind: z.literal('disable'), ...disableReasonFields }),
    z.object({ kind: z.literal('reenable') }),
    z.object({ kind: z.literal('deprovision'), reason: z.enum(DEPROVISION_REASONS) }),
    z.object({ kind: z.literal('command'), command: issueCommandRequestSchema }),
  ]);
}
export const bulkActionSchema = bulkActionKinds(z.strictObject);
const storedBulkActionSchema = bulkActionKinds(z.object);
export type BulkAction = z.infer<typeof bulkActionSchema>;

/** What starting a previewed bulk action does (see `onStart`). */
export const BULK_START_OUTCOMES = ['run', 'plan'] as const;
export type BulkStartOutcome = (typeof BULK_START_OUTCOMES)[number];

/**
 * The kinds the plan runner applies and undo reverses; above the threshold the others (deprovision,
 * commands) become plans too, run as one bulk run once approved, and cannot be undone.
 */
export const PLANNABLE_BULK_KINDS: readonly BulkAction['kind'][] = [
  'annotate',
  'move',
  'disable',
  'reenable',
];

/** Why: the server decides with this and the dialog says it before the start. */
export function bulkStartOutcome(changeCount: number, threshold: number): BulkStartOutcome {
  return changeCount <= threshold ? 'run' : 'plan';
}

/** `POST /api/bulk-actions/preview`: the blast radius before anything runs. */
export const bulkPreviewRequestSchema = z.object({ target: bulkTargetSchema, action: bulkActionSchema });
export type BulkPreviewRequest = z.infer<typeof bulkPreviewRequestSchema>;
export const bulkPreviewSchema = z.object({
  /** Devices targeted (in the caller's scope): `changeCount + unchanged + the ineligible counts`. */
  deviceCount: z.number().int().nonnegative(),
  /** Of `deviceCount`, the devices the action will change: the only ones sent to Google. */
  changeCount: z.number().int().nonnegative(),
  /** Devices the caller may not act on or that no longer exist, left out of `deviceCount`. */
  skipped: z.number().int().nonnegative(),
  /** Of `skipped`, devices of the organization that lie outside the caller's units ("not in your units"). */
  notInYourUnits: z.number().int().nonnegative().default(0),
  /** Of `deviceCount`, devices already as the action asks (moved to their own OU, say): no change. */
  unchanged: z.number().int().nonnegative(),
  /** Of `deviceCount`, devices Google would refuse for this action, per reason in plain words. */
  ineligible: z.array(z.object({ reason: z.string(), count: z.number().int().nonnegative() })),
  /** The units of the devices that will change. */
  orgUnits: z.array(z.object({ orgUnitPath: z.string(), count: z.number().int() })),
  /**
   * Bulk disable only: the return message each touched OU's policy makes its devices show (the
   * first units by device count; read-only).
   */
  returnMessages: z.array(unitReturnMessageSchema).optional(),
  /** Before → after per changed field, as value counts of the devices that will change. */
  diff: z.array(
    z.object({
      field: z.string(),
      before: z.array(z.object({ value: z.string().nullable(), count: z.number().int() })),
      after: z.string().nullable(),
    }),
  ),
  /** A few of the devices that will change. */
  sample: z.array(
    deviceListItemSchema.pick({
      deviceId: true,
      serialNumber: true,
      model: true,
      orgUnitPath: true,
      status: true,
    }),
  ),
  destructive: z.boolean(),
  /** For destructive actions the request must repeat `changeCount` as `confirmCount`. */
  requiresTypedCount: z.boolean(),
  /**
   * The organization's plan threshold: a start that changes more devices than this saves a plan a
   * second member must approve instead of running (decision 048).
   */
  planThreshold: z.number().int().positive(),
  /** What starting does: run now, or save a plan awaiting a second member's approval. */
  onStart: z.enum(BULK_START_OUTCOMES),
  /** Opaque token binding the preview to the run (same target, same devices). */
  previewToken: z.string(),
});
export type BulkPreview = z.infer<typeof bulkPreviewSchema>;

/**
 * `POST /api/bulk-actions`: 202 with the run; above the organization's plan threshold, 201 with
 * the plan it saved instead (`Plan` of plan-contract.ts, awaiting a second member's approval).
 */
export const startBulkActionRequestSchema = bulkPreviewRequestSchema.extend({
  previewToken: z.string().max(2000),
  confirmCount: z.number().int().nonnegative().optional(),
});
export type StartBulkActionRequest = z.infer<typeof startBulkActionRequestSchema>;

export const BULK_RESULT_STATES = ['pending', 'succeeded', 'failed', 'skipped'] as const;
export const bulkActionResultSchema = z.object({
  deviceId: z.string(),
  serialNumber: z.string().nullable(),
  /** `skipped`: not sent to Google, `error` saying why ("No change: …" or "Skipped: …"). */
  state: z.enum(BULK_RESULT_STATES),
  error: z.string().nullable(),
  attempts: z.number().int(),
  /** A failed device that a retry may fix (timeout, 5xx, rate limit); false for Google's refusals. */
  retryable: z.boolean(),
});
export const bulkActionRunSchema = z.object({
  id: z.uuid(),
  action: storedBulkActionSchema,
  status: z.enum(['queued', 'running', 'succeeded', 'partially_failed', 'failed']),
  total: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  /** Failed devices a retry may fix; the others Google refused for good. */
  retryable: z.number().int(),
  /** Not sent to Google: already as asked (`unchanged`) or not eligible. */
  skipped: z.number().int(),
  /** Of `skipped`, the devices already as asked. */
  unchanged: z.number().int(),
  pending: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  requestedBy: z
    .object({ id: z.string(), name: z.string().nullable(), email: z.string().nullable() })
    .nullable(),
});
export type BulkActionRun = z.infer<typeof bulkActionRunSchema>;
/** `GET /api/bulk-actions/:id?cursor=&state=`: one page (100) of results by device id, one state or all. */
export const bulkActionDetailQuerySchema = z.object({
  cursor: z.string().max(500).optional(),
  state: z.enum(BULK_RESULT_STATES).optional(),
});
/** `GET /api/bulk-actions?limit=`: the organization's recent runs, newest first. */
export const listBulkActionsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const listBulkActionsResponseSchema = z.object({ runs: z.array(bulkActionRunSchema) });
/** `GET /api/bulk-actions/:id?cursor=&state=`: the run and one page of per-device results. */
export const bulkActionDetailSchema = z.object({
  run: bulkActionRunSchema,
  results: z.array(bulkActionResultSchema),
  nextCursor: z.string().nullable(),
});
export type BulkActionDetail = z.infer<typeof bulkActionDetailSchema>;
