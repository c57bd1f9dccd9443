import { z } from 'zod';

/** Chrome Policy `policies:resolve` and `orgunits:batchModify/batchInherit` (reference §3.2–3.3). */

/** `additionalTargetKeys` such as `app_id` or `printer_id`. */
const additionalTargetKeysSchema = z.record(z.string().max(200), z.string().max(2000));

/** `orgunits/<bare id>` or `groups/<id>`, plus extra keys some schemas need. */
export const policyTargetKeySchema = z.object({
  targetResource: z.string().min(1).max(300),
  additionalTargetKeys: additionalTargetKeysSchema.optional(),
});
export type PolicyTargetKey = z.infer<typeof policyTargetKeySchema>;

/** A policy value: the schema name plus a JSON object whose shape the schema defines. */
export const policyValueSchema = z.object({
  policySchema: z.string().min(1).max(300),
  value: z.record(z.string(), z.unknown()).optional(),
});
export type PolicyValue = z.infer<typeof policyValueSchema>;

export const resolvedPolicySchema = z.object({
  targetKey: policyTargetKeySchema.optional(),
  value: policyValueSchema.optional(),
  /** Where the value is set. Equal to `targetKey` when set directly; absent for a customer default. */
  sourceKey: policyTargetKeySchema.optional(),
  /** For added entities (apps, networks): the OU where the entity was added. */
  addedSourceKey: policyTargetKeySchema.optional(),
});
export type ResolvedPolicy = z.infer<typeof resolvedPolicySchema>;

export const resolvePoliciesPageSchema = z.object({
  resolvedPolicies: z.array(resolvedPolicySchema).optional(),
  nextPageToken: z.string().optional(),
});
export type ResolvePoliciesPage = z.infer<typeof resolvePoliciesPageSchema>;

/**
 * A full schema name or a wildcard in the leaf only (`chrome.users.*`). `*`, `chrome.*` and inner
 * wildcards are rejected by Google, so they are rejected here before a round trip.
 */
export const policySchemaFilterSchema = z
  .string()
  .max(300)
  .regex(/^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)+(\.\*)?$/, 'a schema name, or a namespace followed by .*');

export const modifyOrgUnitPolicyRequestSchema = z.object({
  policyTargetKey: policyTargetKeySchema,
  policyValue: policyValueSchema,
  /** Comma-separated field names to write; required by Google. */
  updateMask: z.string().min(1).max(2000),
});
export type ModifyOrgUnitPolicyRequest = z.infer<typeof modifyOrgUnitPolicyRequestSchema>;

export const inheritOrgUnitPolicyRequestSchema = z.object({
  policyTargetKey: policyTargetKeySchema,
  policySchema: z.string().min(1).max(300),
});
export type InheritOrgUnitPolicyRequest = z.infer<typeof inheritOrgUnitPolicyRequestSchema>;

/** Bound on requests per batch; Google documents none, this keeps one call reviewable and small. */
export const MAX_POLICY_REQUESTS_PER_BATCH = 1000;

export const batchModifyRequestSchema = z.object({
  requests: z.array(modifyOrgUnitPolicyRequestSchema).min(1).max(MAX_POLICY_REQUESTS_PER_BATCH),
});
export const batchInheritRequestSchema = z.object({
  requests: z.array(inheritOrgUnitPolicyRequestSchema).min(1).max(MAX_POLICY_REQUESTS_PER_BATCH),
});

/** The `@type` of the error detail Chrome Policy attaches to a failed batch write. */
export const POLICY_MODIFICATION_ERROR_TYPE =
  'type.googleapis.com/google.chrome.policy.v1.PolicyModificationErrorDetails';

/** `PolicyModificationErrorDetails`, found in `error.details[]` of a failed batch write. */
export const policyModificationErrorDetailsSchema = z.object({
  modificationErrors: z
    .array(
      z.object({
        policySchema: z.string().optional(),
        policyTargetKey: policyTargetKeySchema.optional(),
        errors: z.array(z.string()).optional(),
        fieldErrors: z
          .array(z.object({ field: z.string().optional(), error: z.string().optional() }))
          .optional(),
      }),
    )
    .optional(),
});
export type PolicyModificationErrorDetails = z.infer<typeof policyModificationErrorDetailsSchema>;

/** Page-size limits of resolve and policySchemas.list. */
export const POLICY_PAGE_SIZE = { default: 100, max: 1000 } as const;
