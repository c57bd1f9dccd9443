import { z } from 'zod';
import { DEVICE_ID_PATTERN } from './app-routes.ts';
import { FLEET_COLUMN_IDS, FLEET_LIST_LIMITS } from './fleet-columns.ts';

/**
 * The fleet table's API contract: the device list (query, sort, keyset pages, counts), facets,
 * exact resolution of a pasted list, CSV export, saved views and the OU tree. The server shapes its
 * responses with these schemas; the browser imports the types only (zod stays out of first load).
 */

export const sortDirectionSchema = z.enum(['asc', 'desc']);
export type SortDirection = z.infer<typeof sortDirectionSchema>;

const columnIdSchema = z.enum(FLEET_COLUMN_IDS);

/**
 * The query text as the URL carries it. Longer than the parser's limit on purpose: the parser
 * answers an over-long query with the position where it went past the limit.
 */
const queryTextSchema = z.string().max(FLEET_LIST_LIMITS.queryChars * 16);

/** `GET /api/devices` */
export const listDevicesQuerySchema = z.object({
  q: queryTextSchema.default(''),
  sort: columnIdSchema.default('serialNumber'),
  dir: sortDirectionSchema.default('asc'),
  /** Opaque keyset cursor from the previous page's `nextCursor`. */
  cursor: z.string().max(1000).optional(),
  limit: z.coerce.number().int().min(1).max(FLEET_LIST_LIMITS.maxPage).default(FLEET_LIST_LIMITS.defaultPage),
  /** `auto`: exact below the threshold, estimated above; `exact`: always count exactly. */
  count: z.enum(['auto', 'exact', 'none']).default('auto'),
  /**
   * Comma-separated column ids: rows carry only these (plus `deviceId` and `serialNumber`), as the
   * table asks for its visible columns. Absent: every column.
   */
  columns: z.string().max(2000).optional(),
});
export type ListDevicesQuery = z.infer<typeof listDevicesQuerySchema>;

/** One row of the fleet table. Every column of FLEET_COLUMNS, null when Google has no value. */
export const deviceListItemSchema = z.object({
  deviceId: z.string(),
  serialNumber: z.string().nullable(),
  annotatedAssetId: z.string().nullable(),
  status: z.string().nullable(),
  model: z.string().nullable(),
  orgUnitPath: z.string().nullable(),
  orgUnitId: z.string().nullable(),
  annotatedUser: z.string().nullable(),
  recentUser: z.string().nullable(),
  annotatedLocation: z.string().nullable(),
  notes: z.string().nullable(),
  lastSync: z.string().nullable(),
  aueDate: z.string().nullable(),
  osVersion: z.string().nullable(),
  platformVersion: z.string().nullable(),
  firmwareVersion: z.string().nullable(),
  osCompliance: z.string().nullable(),
  osUpdateState: z.string().nullable(),
  bootMode: z.string().nullable(),
  batteryHealth: z.string().nullable(),
  batteryCycleCount: z.number().nullable(),
  batteryCapacityPercent: z.number().nullable(),
  storageFreeBytes: z.number().nullable(),
  storageTotalBytes: z.number().nullable(),
  ramTotalBytes: z.number().nullable(),
  macAddress: z.string().nullable(),
  ethernetMacAddress: z.string().nullable(),
  lanIp: z.string().nullable(),
  wanIp: z.string().nullable(),
  firstEnrollmentTime: z.string().nullable(),
  lastEnrollmentTime: z.string().nullable(),
  manufactureDate: z.string().nullable(),
  licenseType: z.string().nullable(),
  updatedAt: z.string(),
});
export type DeviceListItem = z.infer<typeof deviceListItemSchema>;

export const matchCountSchema = z.object({
  value: z.number().int().nonnegative(),
  /** False when the count is the planner's estimate (large results); ask with `count=exact`. */
  exact: z.boolean(),
});
export type MatchCount = z.infer<typeof matchCountSchema>;

/** A row of `GET /api/devices`: every column, or with `columns=` the asked ones and always the identity. */
export const fleetTableRowSchema = deviceListItemSchema
  .partial()
  .extend({ deviceId: z.string(), serialNumber: z.string().nullable() });
export type FleetTableRow = z.infer<typeof fleetTableRowSchema>;

export const listDevicesResponseSchema = z.object({
  devices: z.array(fleetTableRowSchema),
  nextCursor: z.string().nullable(),
  /** Null when `count=none` (following pages do not recount). */
  total: matchCountSchema.nullable(),
});
export type ListDevicesResponse = z.infer<typeof listDevicesResponseSchema>;

/** `GET /api/devices/facets?q=`: counts per value of each facet for the current query. */
export const FACET_IDS = ['status', 'model', 'orgUnit', 'compliance', 'aueYear', 'batteryHealth'] as const;
export type FacetId = (typeof FACET_IDS)[number];

export const facetBucketSchema = z.object({
  /** The stored value (null bucket = "Unknown"). */
  value: z.string().nullable(),
  count: z.number().int().nonnegative(),
  /** The query term that selects this bucket, e.g. `status:ACTIVE` or `ou:"/Riverbend/North High"`. */
  term: z.string(),
});
export const facetsResponseSchema = z.object({
  facets: z.record(z.enum(FACET_IDS), z.array(facetBucketSchema)),
  /** Facets whose long tail was not listed: how many values, holding how many devices. */
  more: z
    .partialRecord(
      z.enum(FACET_IDS),
      z.object({ values: z.number().int().positive(), devices: z.number().int().nonnegative() }),
    )
    .optional(),
});
export type FacetsResponse = z.infer<typeof facetsResponseSchema>;

/** `POST /api/devices/resolve`: a pasted list of serials or asset IDs, matched exactly. */
export const resolveDevicesRequestSchema = z.object({
  /** The pasted text: one value per line, or a CSV whose column `column` holds the values. */
  text: z.string().max(FLEET_LIST_LIMITS.resolveChars),
  by: z.enum(['auto', 'serial', 'assetId']).default('auto'),
  /** CSV column (header name or 1-based index) when the text is a CSV. */
  column: z.string().max(200).optional(),
});
export type ResolveDevicesRequest = z.infer<typeof resolveDevicesRequestSchema>;

export const resolvedMatchSchema = z.object({
  deviceId: z.string(),
  serialNumber: z.string().nullable(),
  annotatedAssetId: z.string().nullable(),
  model: z.string().nullable(),
  status: z.string().nullable(),
  orgUnitPath: z.string().nullable(),
  /** Which field matched. */
  matchedOn: z.enum(['serial', 'assetId']),
});
/**
 * What a value with no exact match may have meant (serials only; the first
 * FLEET_LIST_LIMITS.resolveSuggestValues such values): serials that begin with it, and serials one
 * character off it (one changed, added or dropped, or two side by side swapped).
 */
export const resolveSuggestionsSchema = z.object({
  /** Serials that begin with the value, counted up to FLEET_LIST_LIMITS.resolvePrefixCountCap. */
  prefixCount: z.number().int().nonnegative(),
  /** More serials begin with it than `prefixCount` says. */
  prefixCountCapped: z.boolean(),
  /** The first of them in serial order (FLEET_LIST_LIMITS.resolveSuggestionsPerLine at most). */
  prefixSerials: z.array(z.string()),
  /** Serials one character off, in serial order (as many at most). */
  nearSerials: z.array(z.string()),
});
export type ResolveSuggestions = z.infer<typeof resolveSuggestionsSchema>;

export const resolvedLineSchema = z.object({
  /** 1-based line number in the pasted text. */
  line: z.number().int().positive(),
  input: z.string(),
  /** The value after trimming and case folding, as compared. */
  normalized: z.string(),
  /** Exact matches (at most FLEET_LIST_LIMITS.resolveMatchesPerLine listed). */
  matches: z.array(resolvedMatchSchema),
  matchCount: z.number().int().nonnegative(),
  /** Set when this value already appeared on an earlier line. */
  duplicateOfLine: z.number().int().positive().nullable(),
  /** For a line with no match whose value was looked at for suggestions; else null. */
  suggestions: resolveSuggestionsSchema.nullable(),
});
export const resolveDevicesResponseSchema = z.object({
  lines: z.array(resolvedLineSchema),
  /** Distinct values by outcome; a value repeated on later lines counts once, plus once per repeat in `duplicates`. */
  summary: z.object({
    none: z.number().int().nonnegative(),
    one: z.number().int().nonnegative(),
    many: z.number().int().nonnegative(),
    duplicates: z.number().int().nonnegative(),
  }),
  /** Device ids of the lines with exactly one match (what a bulk action may target). */
  uniqueDeviceIds: z.array(z.string()),
  /** Values with no match left without suggestions (past FLEET_LIST_LIMITS.resolveSuggestValues). */
  unsuggested: z.number().int().nonnegative(),
});
export type ResolveDevicesResponse = z.infer<typeof resolveDevicesResponseSchema>;

/** `GET /api/devices/export.csv?q=&sort=&dir=&columns=a,b,c`: streamed, every matching row. */
export const exportDevicesQuerySchema = z.object({
  q: queryTextSchema.default(''),
  sort: columnIdSchema.default('serialNumber'),
  dir: sortDirectionSchema.default('asc'),
  columns: z.string().max(2000).optional(),
});

/**
 * `POST /api/devices/export.csv`: a pasted list's devices (as many as a paste may match), streamed
 * like the query's export. Devices the caller may not see are left out. Without `sort` the rows
 * come in the pasted order (each device where it first appears), so the file lines up with the
 * admin's spreadsheet; with `sort` (and `dir`, ascending by default) they come sorted.
 */
export const exportDeviceListRequestSchema = z.object({
  deviceIds: z.array(z.string().regex(DEVICE_ID_PATTERN)).min(1).max(FLEET_LIST_LIMITS.resolveLines),
  sort: columnIdSchema.optional(),
  dir: sortDirectionSchema.optional(),
  columns: z.string().max(2000).optional(),
});
export type ExportDeviceListRequest = z.input<typeof exportDeviceListRequestSchema>;

/** Saved views: a named query + columns + sort, private or shared with the organization. */
export const savedViewStateSchema = z.object({
  q: z.string().max(FLEET_LIST_LIMITS.queryChars),
  columns: z.array(columnIdSchema).min(1).max(FLEET_COLUMN_IDS.length),
  sort: columnIdSchema,
  dir: sortDirectionSchema,
});
export type SavedViewState = z.infer<typeof savedViewStateSchema>;

export const savedViewSchema = savedViewStateSchema.extend({
  id: z.uuid(),
  name: z.string().min(1).max(80),
  shared: z.boolean(),
  ownerId: z.string(),
  /** The owner's display name, when their account has one. */
  ownerName: z.string().nullable(),
  /** The owner's email (as when they saved the view, if their account is gone). */
  ownerEmail: z.string().nullable(),
  /** Whether the caller may rename or delete it (its owner, or an admin for shared views). */
  editable: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedView = z.infer<typeof savedViewSchema>;

export const saveViewRequestSchema = savedViewStateSchema.extend({
  name: z.string().trim().min(1).max(80),
  shared: z.boolean().default(false),
});
export type SaveViewRequest = z.infer<typeof saveViewRequestSchema>;

export const listSavedViewsResponseSchema = z.object({ views: z.array(savedViewSchema) });

/** `GET /api/org-units`: the OU tree from our copy, with live device counts (viewer-scoped). */
export const orgUnitNodeSchema = z.object({
  orgUnitId: z.string(),
  orgUnitPath: z.string(),
  name: z.string(),
  parentOrgUnitId: z.string().nullable(),
  /** Devices directly in this OU. */
  deviceCount: z.number().int().nonnegative(),
});
export type OrgUnitNode = z.infer<typeof orgUnitNodeSchema>;
export const listOrgUnitsResponseSchema = z.object({ orgUnits: z.array(orgUnitNodeSchema) });
