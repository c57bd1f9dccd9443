import { z } from 'zod';

/**
 * The policy debugger's contract: the OU tree, a device lookup, the effective Chrome policies of an
 * OU (grouped, in words, with the OU each value comes from), two OUs compared, and what changes
 * when a device moves. The server shapes its answers with these schemas; the browser imports the
 * types only.
 */

/**
 * The Chrome Policy namespaces resolved for an OU, in display order. Each is one `policies:resolve`
 * call (`<namespace>.*`) per OU; `chrome.users.apps` lists the apps added for management.
 */
export const POLICY_NAMESPACES = ['chrome.users', 'chrome.devices', 'chrome.users.apps'] as const;
export type PolicyNamespace = (typeof POLICY_NAMESPACES)[number];

export const POLICY_NAMESPACE_LABELS: Record<PolicyNamespace, string> = {
  'chrome.users': 'User & browser settings',
  'chrome.devices': 'Device settings',
  'chrome.users.apps': 'Apps & extensions',
};

/** Where an effective value comes from: this OU, an ancestor, or nobody (Google's default). */
export const POLICY_SOURCE_KINDS = ['set_here', 'inherited', 'default'] as const;
export type PolicySourceKind = (typeof POLICY_SOURCE_KINDS)[number];

/** Google's OU ids are `id:03ph8a2z…` or bare; the bound keeps junk out of queries. */
export const orgUnitIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^(id:)?[A-Za-z0-9_-]+$/, 'an organizational unit id');

const refreshSchema = z
  .enum(['0', '1', 'true', 'false'])
  .optional()
  .transform((value) => value === '1' || value === 'true');

/** Namespaces that apply to the signed-in user (resolved at the user's OU when a user is given). */
export const USER_POLICY_NAMESPACES: readonly PolicyNamespace[] = ['chrome.users', 'chrome.users.apps'];

/** An email address as Google's Directory keys users (RFC 5321's 254-character bound). */
export const policyUserEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(3)
  .max(254)
  .regex(/^[^\s/@]+@[^\s/@]+\.[^\s/@]+$/, 'an email address');

export const effectivePoliciesQuerySchema = z.object({
  orgUnitId: orgUnitIdSchema,
  /** Resolve user namespaces at this user's OU instead of `orgUnitId`. */
  user: policyUserEmailSchema.optional(),
  refresh: refreshSchema,
});

export const comparePoliciesQuerySchema = z.object({
  a: orgUnitIdSchema,
  b: orgUnitIdSchema,
  refresh: refreshSchema,
});

export const movePreviewQuerySchema = z.object({
  deviceId: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, 'a device id'),
  targetOrgUnitId: orgUnitIdSchema,
  /** Whose user settings to name (default: the device's own user); only device settings can change. */
  user: policyUserEmailSchema.optional(),
  refresh: refreshSchema,
});

/** Exact serial number or asset ID (case-insensitive); one of the two, or `q` for either. */
export const deviceLookupQuerySchema = z
  .object({
    serial: z.string().trim().min(1).max(100).optional(),
    assetId: z.string().trim().min(1).max(200).optional(),
    q: z.string().trim().min(1).max(200).optional(),
    deviceId: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z0-9_-]+$/)
      .optional(),
  })
  .refine(
    (query) =>
      [query.serial, query.assetId, query.q, query.deviceId].filter((v) => v !== undefined).length === 1,
    { message: 'give exactly one of serial, assetId, q or deviceId' },
  );

export const policyOrgUnitSchema = z.object({
  id: z.string(),
  path: z.string(),
  name: z.string(),
  parentId: z.string().nullable(),
});
export type PolicyOrgUnit = z.infer<typeof policyOrgUnitSchema>;

export const policyOrgUnitsResponseSchema = z.object({
  orgUnits: z.array(policyOrgUnitSchema),
  /** True when the caller sees only part of the tree (a viewer with OU scopes). */
  scoped: z.boolean(),
});
export type PolicyOrgUnitsResponse = z.infer<typeof policyOrgUnitsResponseSchema>;

export const policyDeviceSchema = z.object({
  deviceId: z.string(),
  serialNumber: z.string().nullable(),
  annotatedAssetId: z.string().nullable(),
  annotatedUser: z.string().nullable(),
  /** The device's most recent user (Google's `recentUsers[0]`): whose settings it runs with. */
  recentUser: z.string().nullable(),
  model: z.string().nullable(),
  orgUnitId: z.string().nullable(),
  orgUnitPath: z.string().nullable(),
});
export type PolicyDevice = z.infer<typeof policyDeviceSchema>;

export const deviceLookupResponseSchema = z.object({
  matches: z.array(policyDeviceSchema),
  /** More devices matched than were returned. */
  truncated: z.boolean(),
});
export type DeviceLookupResponse = z.infer<typeof deviceLookupResponseSchema>;

export const policyFieldSchema = z.object({
  name: z.string(),
  /** The schema's description of the field, e.g. "Incognito mode." */
  label: z.string(),
  /** The value in words: an enum's description, On/Off, a list, a duration with units. */
  display: z.string(),
  /** True when the field is not in the resolved value and the schema's default is shown. */
  isDefault: z.boolean(),
});
export type PolicyField = z.infer<typeof policyFieldSchema>;

export const policySourceSchema = z.object({
  orgUnitId: z.string(),
  /** Null when the OU is not in Fleetdeck's copy of the tree (sync it). */
  orgUnitPath: z.string().nullable(),
});

export const effectivePolicySchema = z.object({
  /** Unique within an OU: the schema name plus any target keys (an app id). */
  key: z.string(),
  schemaName: z.string(),
  namespace: z.enum(POLICY_NAMESPACES),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  supportUri: z.string().nullable(),
  /** For per-app policies: which app, e.g. `chrome:ghbmnn…`. */
  target: z.string().nullable(),
  /**
   * The app's name from Google's installed-apps report, e.g. "Google Docs Offline"; null when the
   * row targets no app, or Google could not name it (not installed anywhere, or the report failed).
   */
  targetName: z.string().nullable(),
  status: z.enum(POLICY_SOURCE_KINDS),
  source: policySourceSchema.nullable(),
  fields: z.array(policyFieldSchema),
});
export type EffectivePolicy = z.infer<typeof effectivePolicySchema>;

export const policyGroupSchema = z.object({
  category: z.string(),
  policies: z.array(effectivePolicySchema),
});
export type PolicyGroup = z.infer<typeof policyGroupSchema>;

export const namespaceStatusSchema = z.object({
  namespace: z.enum(POLICY_NAMESPACES),
  label: z.string(),
  fetchedAt: z.string(),
  fromCache: z.boolean(),
  policies: z.number().int().nonnegative(),
  /** False when Google refused this namespace for the unit (e.g. no apps API for it); see `note`. */
  included: z.boolean(),
  note: z.string().nullable(),
});

/** The user whose account OU supplied the user namespaces, as Google's Directory reports them. */
export const policyUserSchema = z.object({
  email: z.string(),
  name: z.string().nullable(),
  suspended: z.boolean(),
  orgUnit: policyOrgUnitSchema,
});
export type PolicyUser = z.infer<typeof policyUserSchema>;

export const effectivePoliciesResponseSchema = z.object({
  /** Where device namespaces (and, without a user, every namespace) were resolved. */
  orgUnit: policyOrgUnitSchema,
  /** Null when no user was given. */
  user: policyUserSchema.nullable(),
  namespaces: z.array(namespaceStatusSchema),
  /** The oldest fetch among the namespaces: what "fetched 3 min ago" shows. */
  fetchedAt: z.string(),
  groups: z.array(policyGroupSchema),
});
export type EffectivePoliciesResponse = z.infer<typeof effectivePoliciesResponseSchema>;

export const policySideSchema = z.object({
  status: z.enum(POLICY_SOURCE_KINDS),
  source: policySourceSchema.nullable(),
  fields: z.array(policyFieldSchema),
});
export type PolicySide = z.infer<typeof policySideSchema>;

export const policyDiffRowSchema = z.object({
  key: z.string(),
  schemaName: z.string(),
  namespace: z.enum(POLICY_NAMESPACES),
  title: z.string(),
  category: z.string(),
  target: z.string().nullable(),
  /** The app's name when known (see `effectivePolicySchema.targetName`). */
  targetName: z.string().nullable(),
  /** Null when the policy does not apply on that side (an app added on one side only). */
  a: policySideSchema.nullable(),
  b: policySideSchema.nullable(),
  /** The effective values differ (where they come from alone does not count). */
  differs: z.boolean(),
  /** Field names whose values differ. */
  changedFields: z.array(z.string()),
});
export type PolicyDiffRow = z.infer<typeof policyDiffRowSchema>;

export const comparePoliciesResponseSchema = z.object({
  a: policyOrgUnitSchema,
  b: policyOrgUnitSchema,
  fetchedAt: z.string(),
  namespaces: z.array(z.enum(POLICY_NAMESPACES)),
  rows: z.array(policyDiffRowSchema),
  differences: z.number().int().nonnegative(),
});
export type ComparePoliciesResponse = z.infer<typeof comparePoliciesResponseSchema>;

export const movePreviewResponseSchema = z.object({
  device: policyDeviceSchema,
  /**
   * Whose user settings the device runs with: the user given, else the device's own (its most
   * recent or assigned user) when Google knows them; null otherwise.
   */
  user: policyUserSchema.nullable(),
  /** Why user settings are not among the changes, in words (they follow the account, not the device). */
  userSettings: z.string(),
  from: policyOrgUnitSchema,
  to: policyOrgUnitSchema,
  fetchedAt: z.string(),
  namespaces: z.array(z.enum(POLICY_NAMESPACES)),
  /** Only the policies whose effective value changes with the move. */
  changes: z.array(policyDiffRowSchema),
});
export type MovePreviewResponse = z.infer<typeof movePreviewResponseSchema>;
