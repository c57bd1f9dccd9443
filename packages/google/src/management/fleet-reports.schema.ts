import { z } from 'zod';
import { int64String, openEnum } from '../wire-types.ts';

/** Chrome Management fleet report responses used by the dashboard (reference §2.1, §2.6). */

const count = int64String.optional();

export const AUE_MONTHS = [
  'MONTH_UNSPECIFIED',
  'JANUARY',
  'FEBRUARY',
  'MARCH',
  'APRIL',
  'MAY',
  'JUNE',
  'JULY',
  'AUGUST',
  'SEPTEMBER',
  'OCTOBER',
  'NOVEMBER',
  'DECEMBER',
] as const;

/** `countChromeDevicesReachingAutoExpirationDate`: one row per model and AUE month; not paged. */
export const aueCountReportSchema = z.object({
  model: z.string().optional(),
  count,
  aueMonth: openEnum(AUE_MONTHS).optional(),
  aueYear: count,
  /** Already past AUE; such rows carry no month/year. */
  expired: z.boolean().optional(),
});
export const aueCountsResponseSchema = z.object({
  deviceAueCountReports: z.array(aueCountReportSchema).optional(),
});
export type AueCountsResponse = z.infer<typeof aueCountsResponseSchema>;

/** Google's five needs-attention categories ("no recent" means 28 days). */
export const NEEDS_ATTENTION_FIELDS = [
  'noRecentPolicySyncCount',
  'noRecentUserActivityCount',
  'osVersionNotCompliantCount',
  'pendingUpdate',
  'unsupportedPolicyCount',
] as const;
export type NeedsAttentionField = (typeof NEEDS_ATTENTION_FIELDS)[number];

export const needsAttentionResponseSchema = z.object({
  noRecentPolicySyncCount: count,
  noRecentUserActivityCount: count,
  osVersionNotCompliantCount: count,
  pendingUpdate: count,
  unsupportedPolicyCount: count,
});
export type NeedsAttentionResponse = z.infer<typeof needsAttentionResponseSchema>;

export const RELEASE_CHANNELS = ['RELEASE_CHANNEL_UNSPECIFIED', 'CANARY', 'DEV', 'BETA', 'STABLE'] as const;
export const DEVICE_SYSTEMS = [
  'DEVICE_SYSTEM_UNSPECIFIED',
  'SYSTEM_OTHER',
  'SYSTEM_ANDROID',
  'SYSTEM_IOS',
  'SYSTEM_CROS',
  'SYSTEM_WINDOWS',
  'SYSTEM_MAC',
  'SYSTEM_LINUX',
] as const;

export const browserVersionSchema = z.object({
  version: z.string().optional(),
  count,
  channel: openEnum(RELEASE_CHANNELS).optional(),
  system: openEnum(DEVICE_SYSTEMS).optional(),
  deviceOsVersion: z.string().optional(),
});
export type BrowserVersion = z.infer<typeof browserVersionSchema>;

/** `countChromeVersions`: paged (page size ≤ 100). */
export const chromeVersionsPageSchema = z.object({
  browserVersions: z.array(browserVersionSchema).optional(),
  nextPageToken: z.string().optional(),
  totalSize: z.number().int().optional(),
});
export type ChromeVersionsPage = z.infer<typeof chromeVersionsPageSchema>;

export const HARDWARE_FLEET_FIELDS = [
  'modelReports',
  'cpuReports',
  'memoryReports',
  'storageReports',
] as const;
export type HardwareFleetField = (typeof HARDWARE_FLEET_FIELDS)[number];

const bucketCountsSchema = z.array(z.object({ bucket: z.string().optional(), count })).optional();

/** `countChromeHardwareFleetDevices`: model, CPU, memory (GB) and storage (GB) buckets. */
export const hardwareFleetResponseSchema = z.object({
  modelReports: bucketCountsSchema,
  cpuReports: bucketCountsSchema,
  memoryReports: bucketCountsSchema,
  storageReports: bucketCountsSchema,
});
export type HardwareFleetResponse = z.infer<typeof hardwareFleetResponseSchema>;

/** `countActiveDevices`: devices active in the 7 and 30 days before the given date. */
export const activeDevicesResponseSchema = z.object({ sevenDaysCount: count, thirtyDaysCount: count });
export type ActiveDevicesResponse = z.infer<typeof activeDevicesResponseSchema>;

/** `countDevicesPerBootType` (field names from the GAM wiki; UNVERIFIED against discovery). */
export const bootTypeCountsResponseSchema = z.object({
  devBootTypeCount: count,
  unreportedBootTypeCount: count,
  verifiedBootTypeCount: count,
});
export type BootTypeCountsResponse = z.infer<typeof bootTypeCountsResponseSchema>;

/** `countDevicesPerReleaseChannel` (field names from the GAM wiki; UNVERIFIED against discovery). */
export const releaseChannelCountsResponseSchema = z.object({
  betaChannelCount: count,
  canaryChannelCount: count,
  devChannelCount: count,
  ltcChannelCount: count,
  ltsChannelCount: count,
  stableChannelCount: count,
  unreportedChannelCount: count,
  unsupportedChannelCount: count,
});
export type ReleaseChannelCountsResponse = z.infer<typeof releaseChannelCountsResponseSchema>;

/** Google's page-size limit for the paged reports. */
export const REPORT_PAGE_SIZE = { default: 100, max: 100 } as const;
