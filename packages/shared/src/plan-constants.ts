/**
 * Change plans' limits and vocabularies (kinds, states, outcomes, keys, fields, result columns),
 * schema-free so the browser reads them without zod; the schemas are in plan-contract.ts.
 */
import { DEVICE_FIELD_LIMITS } from './device-actions.ts';

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
  /** Writes a minute running plans may send to Google, unless an owner sets another (Google's quota on free Education accounts). */
  defaultWritesPerMinute: 60,
  /** Google's Directory API allows 2,400 queries a minute per user. */
  maxWritesPerMinute: 2_400,
  /** Device ids of one move or status call (Google's maximum). */
  idsPerCall: 50,
} as const;

export const PLAN_KINDS = ['csv_update', 'rollover', 'bulk_action', 'undo'] as const;
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
  'changed_since',
] as const;
export type PlanOutcome = (typeof PLAN_OUTCOMES)[number];

export const PLAN_OUTCOME_LABELS: Readonly<Record<PlanOutcome, string>> = {
  change: 'Will change',
  unchanged: 'Already as asked',
  not_found: 'Not found',
  ambiguous: 'Matches several devices',
  out_of_scope: 'Outside your units',
  invalid: 'Invalid',
  changed_since: 'Changed since',
};

/** Where a change stands in a run: `sending` is written before each call to Google. */
export const PLAN_RUN_STATES = ['pending', 'sending', 'succeeded', 'failed', 'skipped'] as const;
export type PlanRunState = (typeof PLAN_RUN_STATES)[number];

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

/** The columns of a plan's results CSV (`GET /api/plans/:id/results.csv`), one line per row or device. */
export const PLAN_RESULT_COLUMNS = ['Row', 'Device ID', 'Serial', 'Outcome', 'Message'] as const;
