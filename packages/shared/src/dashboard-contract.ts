import { z } from 'zod';

/**
 * The dashboard API's contract: every number the dashboard shows, each with the fleet-table query
 * that lists exactly the devices it counts, plus the replacement costs behind the AUE forecast.
 * The server builds the queries; the web app only links them to `/devices/fleetStatus?q=`.
 */

/** A count and the fleet-table query that produces it (`null`: no query can express it). */
export const dashboardCountSchema = z.object({
  key: z.string().max(200),
  label: z.string().max(300),
  count: z.number().int().nonnegative(),
  query: z.string().max(1000).nullable(),
});
export type DashboardCount = z.infer<typeof dashboardCountSchema>;

export const TILE_KEYS = [
  'active7',
  'active30',
  'ghost30',
  'ghost90',
  'compliant',
  'aueExpired',
  'aue6m',
  'aue12m',
  'batteryReplaceSoon',
  'batteryReplaceNow',
  'lowStorage',
  'devMode',
] as const;
export type TileKey = (typeof TILE_KEYS)[number];

/** Each tile's name, on the dashboard and in the help. */
export const TILE_LABELS: Readonly<Record<TileKey, string>> = {
  active7: 'Active in the last 7 days',
  active30: 'Active in the last 30 days',
  ghost30: 'No sync for 30 days',
  ghost90: 'No sync for 90 days',
  compliant: 'OS compliant',
  aueExpired: 'AUE expired',
  aue6m: 'AUE within 6 months',
  aue12m: 'AUE within 12 months',
  batteryReplaceSoon: 'Battery: replace soon',
  batteryReplaceNow: 'Battery: replace now',
  lowStorage: 'Low storage (under 10% free)',
  devMode: 'Developer mode',
};

/** Google's needs-attention categories ("no recent" means 28 days). */
export const ATTENTION_KEYS = [
  'noPolicySync',
  'noUserActivity',
  'osNotCompliant',
  'pendingUpdate',
  'unsupportedPolicy',
] as const;
export type AttentionKey = (typeof ATTENTION_KEYS)[number];

export const attentionItemSchema = z.object({
  key: z.enum(ATTENTION_KEYS),
  label: z.string().max(300),
  /** Counted from Fleetdeck's copy; null when the copy lacks the data (Google's count is shown). */
  count: z.number().int().nonnegative().nullable(),
  /** Google's own count from its needs-attention report, when the sync could read it. */
  googleCount: z.number().int().nonnegative().nullable(),
  query: z.string().max(1000),
});
export type AttentionItem = z.infer<typeof attentionItemSchema>;

export const aueModelSchema = z.object({
  model: z.string().max(300),
  count: z.number().int().nonnegative(),
  query: z.string().max(1000).nullable(),
  unitCostCents: z.number().int().nonnegative(),
});

export const aueSchoolYearSchema = z.object({
  /** The calendar year the school year starts in (July 1). */
  startYear: z.number().int(),
  label: z.string().max(20),
  from: z.string().max(10),
  to: z.string().max(10),
  timing: z.enum(['past', 'current', 'future']),
  count: z.number().int().nonnegative(),
  query: z.string().max(1000),
  /** Replacing every device of this year at the configured costs. */
  costCents: z.number().int().nonnegative(),
  models: z.array(aueModelSchema),
});
export type AueSchoolYear = z.infer<typeof aueSchoolYearSchema>;

export const osVersionSchema = z.object({
  major: z.number().int(),
  count: z.number().int().nonnegative(),
  query: z.string().max(1000),
  /** Major versions behind the reference version (0 = on it). */
  behind: z.number().int(),
});

export const trendPointSchema = z.object({
  day: z.string().max(10),
  active: z.number().int().nonnegative(),
  active7: z.number().int().nonnegative(),
  active30: z.number().int().nonnegative(),
  compliant: z.number().int().nonnegative(),
  notCompliant: z.number().int().nonnegative(),
  pendingUpdate: z.number().int().nonnegative(),
  batteryReplaceSoon: z.number().int().nonnegative(),
  batteryReplaceNow: z.number().int().nonnegative(),
});
export type TrendPoint = z.infer<typeof trendPointSchema>;

export const DASHBOARD_STATES = ['ready', 'no_devices', 'first_sync', 'never_synced'] as const;

export const dashboardResponseSchema = z.object({
  /** `first_sync`: the first sync is running; `never_synced`: no sync has finished yet. */
  state: z.enum(DASHBOARD_STATES),
  /** When the last successful sync finished: the numbers are as of then. */
  asOf: z.string().max(40).nullable(),
  syncRunning: z.boolean(),
  /** Limited to these OU subtrees (a scoped viewer), counted live; empty for the whole fleet. */
  scopeOuPaths: z.array(z.string().max(2000)),
  total: dashboardCountSchema,
  /** ACTIVE devices: every tile and chart below counts these only. */
  inService: dashboardCountSchema,
  statuses: z.array(dashboardCountSchema),
  tiles: z.array(dashboardCountSchema.extend({ key: z.enum(TILE_KEYS) })),
  attention: z.array(attentionItemSchema),
  /** When Google's needs-attention report was read (null: not read, or hidden for a scoped viewer). */
  attentionFetchedAt: z.string().max(40).nullable(),
  compliance: z.array(dashboardCountSchema),
  battery: z.array(dashboardCountSchema),
  aue: z.object({
    schoolYears: z.array(aueSchoolYearSchema),
    /**
     * Devices still in service whose updates ended before the current school year: replacing them
     * is due now, a line of the forecast of its own.
     */
    pastDue: z.object({
      /** The school year it ends before, e.g. "2025–26". */
      before: z.string().max(20),
      count: z.number().int().nonnegative(),
      query: z.string().max(1000),
      costCents: z.number().int().nonnegative(),
      models: z.array(aueModelSchema),
    }),
    /** ACTIVE devices without an AUE date (ChromeOS Flex, unknown models). */
    withoutDate: z.number().int().nonnegative(),
    currency: z.string().length(3),
    /** Total cost of the past-due devices, the current and the next three school years. */
    forecastCents: z.number().int().nonnegative(),
  }),
  os: z.object({
    /** The newest major version reported by a device in this fleet, used as "current stable". */
    referenceMajor: z.number().int().nullable(),
    versions: z.array(osVersionSchema),
    unknown: z.number().int().nonnegative(),
  }),
  models: z.array(dashboardCountSchema),
  /** Daily snapshots, oldest first (empty for a scoped viewer: snapshots cover the whole fleet). */
  trends: z.array(trendPointSchema),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;

const costCents = z.number().int().min(0).max(100_000_000);

export const replacementCostsSchema = z.object({
  currency: z.string().regex(/^[A-Z]{3}$/),
  defaultCostCents: costCents,
  /** Every model in the fleet, with its own cost or null (the default applies). */
  models: z.array(
    z.object({
      model: z.string().max(300),
      costCents: costCents.nullable(),
      devices: z.number().int().nonnegative(),
    }),
  ),
});
export type ReplacementCosts = z.infer<typeof replacementCostsSchema>;

export const updateReplacementCostsSchema = z.object({
  currency: z.string().regex(/^[A-Z]{3}$/, 'Use a three-letter currency code such as USD or EUR.'),
  defaultCostCents: costCents,
  models: z
    .array(z.object({ model: z.string().min(1).max(300), costCents: costCents.nullable() }))
    .max(2000)
    .superRefine((models, context) => {
      const seen = new Set<string>();
      for (const [index, { model }] of models.entries()) {
        if (seen.has(model)) {
          context.addIssue({
            code: 'custom',
            path: [index, 'model'],
            message: `"${model}" is listed twice. Give each model one cost.`,
          });
          return;
        }
        seen.add(model);
      }
    }),
});
export type UpdateReplacementCosts = z.infer<typeof updateReplacementCostsSchema>;

/** The school year (July–June) an AUE date falls in, named by its starting calendar year. */
export function schoolYearOf(isoDate: string): number {
  const year = Number(isoDate.slice(0, 4));
  const month = Number(isoDate.slice(5, 7));
  return month >= 7 ? year : year - 1;
}

/** `2027–28` for the school year starting July 2027. */
export function schoolYearLabel(startYear: number): string {
  return `${startYear}–${String((startYear + 1) % 100).padStart(2, '0')}`;
}
