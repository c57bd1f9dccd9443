import { z } from 'zod';

/** The Directory `OrgUnit` resource and the `orgunits.list` response (reference §1.7). */

export const orgUnitSchema = z.object({
  kind: z.string().optional(),
  etag: z.string().optional(),
  /** `id:`-prefixed in the Directory API; see `bareOrgUnitId` for the other APIs. */
  orgUnitId: z.string(),
  orgUnitPath: z.string(),
  name: z.string().optional(),
  description: z.string().optional(),
  parentOrgUnitId: z.string().optional(),
  parentOrgUnitPath: z.string().optional(),
  /** Deprecated by Google; setting it to true is no longer supported. */
  blockInheritance: z.boolean().optional(),
});
export type OrgUnit = z.infer<typeof orgUnitSchema>;

/** `orgunits.list` is not paged: the whole tree (or subtree) arrives in one response. */
export const orgUnitsResponseSchema = z.object({
  kind: z.string().optional(),
  etag: z.string().optional(),
  organizationUnits: z.array(orgUnitSchema).optional(),
});
export type OrgUnitsResponse = z.infer<typeof orgUnitsResponseSchema>;

export const ORG_UNIT_LIST_TYPES = ['children', 'all', 'allIncludingParent'] as const;
export type OrgUnitListType = (typeof ORG_UNIT_LIST_TYPES)[number];
