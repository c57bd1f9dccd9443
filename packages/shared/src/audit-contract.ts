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
  devices: { label: 'Device actions', prefixes: ['device.', 'bulk.'] },
  policy: { label: 'Policies', prefixes: ['policy.'] },
  fleet: { label: 'Views, exports and costs', prefixes: ['fleet.', 'saved_view.', 'dashboard.'] },
} as const satisfies Record<string, { label: string; prefixes: readonly string[] }>;
export type AuditCategory = keyof typeof AUDIT_CATEGORIES;
const auditCategoryIds = Object.keys(AUDIT_CATEGORIES) as [AuditCategory, ...AuditCategory[]];

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
    action: z
      .string()
      .max(100)
      .regex(/^[a-z0-9_.]+$/)
      .optional(),
    category: z.enum(auditCategoryIds).optional(),
    actorUserId: z.string().max(200).optional(),
    outcome: z.enum(['success', 'failure']).optional(),
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  occurredAt: z.string(),
  actorUserId: z.string().nullable(),
  actorLabel: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  outcome: z.enum(['success', 'failure']),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
