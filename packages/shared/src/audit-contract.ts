import { z } from 'zod';

/**
 * What the audit log can be narrowed to: each category is the action prefixes it covers, so an
 * admin asks "who changed the team?" without knowing every action's name.
 */
export const AUDIT_CATEGORIES = {
  security: { label: 'Sign-in and security', prefixes: ['auth.', 'mfa.', 'identity.', 'api_token.'] },
  team: { label: 'Team, invitations and access requests', prefixes: ['members.', 'access.'] },
  setup: { label: 'Setup and Google connection', prefixes: ['onboarding.', 'google.'] },
  sync: { label: 'Sync', prefixes: ['sync.'] },
  devices: { label: 'Device actions and change plans', prefixes: ['device.', 'bulk.', 'plan.'] },
  policy: { label: 'Policies', prefixes: ['policy.'] },
  fleet: { label: 'Views, exports and costs', prefixes: ['fleet.', 'saved_view.', 'dashboard.'] },
  audit: { label: 'Audit log (exports, checks, retention)', prefixes: ['audit.'] },
} as const satisfies Record<string, { label: string; prefixes: readonly string[] }>;
export type AuditCategory = keyof typeof AUDIT_CATEGORIES;
const auditCategoryIds = Object.keys(AUDIT_CATEGORIES) as [AuditCategory, ...AuditCategory[]];

/** Retention of the audit log, in days: 400 unless an owner changes it. */
export const AUDIT_RETENTION_DAYS = { default: 400, min: 30, max: 3650 } as const;

/** The filters the list and the CSV export share. */
const auditFilterShape = {
  action: z
    .string()
    .max(100)
    .regex(/^[a-z0-9_.]+$/)
    .optional(),
  category: z.enum(auditCategoryIds).optional(),
  actorUserId: z.string().max(200).optional(),
  /** Free text matched against the target's words and id (a serial, an OU path, an email, a run id). */
  target: z.string().trim().max(200).optional(),
  outcome: z.enum(['success', 'failure']).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
};

/** `GET /api/audit`: newest first, keyset pagination, bounded filters. */
export const auditQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(200).default(50),
    /** The `nextCursor` of the previous page. */
    cursor: z
      .string()
      .max(200)
      .regex(/^[A-Za-z0-9_-]+$/)
      .optional(),
    ...auditFilterShape,
  })
  .strict();
export type AuditQuery = z.input<typeof auditQuerySchema>;

/** `GET /api/audit/export`: every entry the filters match, newest first, as CSV. */
export const auditExportQuerySchema = z.object(auditFilterShape).strict();
export type AuditExportQuery = z.input<typeof auditExportQuerySchema>;

/**
 * What started an action Fleetdeck did by itself: the sync schedule, a sync run (and its trigger),
 * a bulk run (its starter is the entry's actor), the command follower, the retention job.
 */
export const auditOriginSchema = z.object({
  kind: z.enum(['schedule', 'sync_run', 'bulk_run', 'command_follower', 'retention']),
  runId: z.string().optional(),
  trigger: z.string().optional(),
});
export type AuditOrigin = z.infer<typeof auditOriginSchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  occurredAt: z.string(),
  actorUserId: z.string().nullable(),
  /** The member's email (or the address typed at a failed sign-in) at the time. */
  actorLabel: z.string().nullable(),
  /** The member's name at the time. */
  actorName: z.string().nullable(),
  origin: auditOriginSchema.nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  /** The target in words at the time: a serial number, an OU path, an email. */
  targetLabel: z.string().nullable(),
  outcome: z.enum(['success', 'failure']),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  /** Place in the organization's hash chain (decision 031). */
  sequence: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** `POST /api/audit/verify`: the chain walked from its anchor to its head. */
export const auditVerifyResultSchema = z.object({
  ok: z.boolean(),
  /** Entries whose hashes were checked. */
  checked: z.number().int(),
  /** The newest entry's sequence number and hash (note it down: a later check must extend it). */
  headSequence: z.string(),
  headHash: z.string(),
  /** Entries before this were deleted by retention; the chain starts after them. */
  anchorSequence: z.string(),
  /** The first entry that does not match, and why. */
  firstBad: z
    .object({
      sequence: z.string(),
      entryId: z.string().nullable(),
      occurredAt: z.string().nullable(),
      problem: z.enum(['edited', 'missing_before', 'missing_newest']),
      message: z.string(),
    })
    .nullable(),
});
export type AuditVerifyResult = z.infer<typeof auditVerifyResultSchema>;

/** `GET` / `PUT /api/audit/retention`. */
export const auditRetentionSchema = z
  .object({
    days: z.number().int().min(AUDIT_RETENTION_DAYS.min).max(AUDIT_RETENTION_DAYS.max),
  })
  .strict();
export type AuditRetention = z.infer<typeof auditRetentionSchema>;
