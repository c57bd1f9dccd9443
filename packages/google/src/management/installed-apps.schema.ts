import { z } from 'zod';
import { int64String, openEnum } from '../wire-types.ts';

/** `reports:countInstalledApps`: apps and extensions installed across the fleet (reference §2.5–2.6). */

export const APP_TYPES = [
  'APP_TYPE_UNSPECIFIED',
  'EXTENSION',
  'APP',
  'THEME',
  'HOSTED_APP',
  'ANDROID_APP',
] as const;
export type AppType = (typeof APP_TYPES)[number];

export const APP_SOURCES = ['APP_SOURCE_UNSPECIFIED', 'CHROME_WEBSTORE', 'PLAY_STORE'] as const;

export const APP_INSTALL_TYPES = [
  'APP_INSTALL_TYPE_UNSPECIFIED',
  'MULTIPLE',
  'NORMAL',
  'ADMIN',
  'DEVELOPMENT',
  'SIDELOAD',
  'OTHER',
] as const;

/** `filter` fields Google documents for this report (terms joined by AND, no OR). */
export const INSTALLED_APPS_FILTER_FIELDS = [
  'app_name',
  'app_type',
  'install_type',
  'number_of_permissions',
  'total_install_count',
  'latest_profile_active_date',
  'permission_name',
  'app_id',
] as const;

/** `orderBy` fields Google documents (each may be followed by ` desc`). */
export const INSTALLED_APPS_ORDER_FIELDS = [
  'app_name',
  'app_type',
  'install_type',
  'number_of_permissions',
  'total_install_count',
  'app_id',
] as const;

export const installedAppSchema = z.object({
  /** A Chrome Web Store extension id (32 letters, no `chrome:`) or an Android package name. */
  appId: z.string().optional(),
  appType: openEnum(APP_TYPES).optional(),
  appSource: openEnum(APP_SOURCES).optional(),
  appInstallType: openEnum(APP_INSTALL_TYPES).optional(),
  displayName: z.string().optional(),
  description: z.string().optional(),
  homepageUri: z.string().optional(),
  disabled: z.boolean().optional(),
  permissions: z.array(z.string()).optional(),
  browserDeviceCount: int64String.optional(),
  osUserCount: int64String.optional(),
});
export type InstalledApp = z.infer<typeof installedAppSchema>;

/** One page (page size ≤ 100, like the other paged reports). */
export const installedAppsPageSchema = z.object({
  installedApps: z.array(installedAppSchema).optional(),
  nextPageToken: z.string().optional(),
  totalSize: z.number().int().optional(),
});
export type InstalledAppsPage = z.infer<typeof installedAppsPageSchema>;

export interface InstalledAppsQuery {
  /** e.g. `app_type=EXTENSION AND total_install_count>10`. */
  filter?: string | undefined;
  /** e.g. `app_name` or `total_install_count desc`. */
  orderBy?: string | undefined;
  /** Only devices directly in this OU; the whole customer when omitted. */
  orgUnitId?: string | undefined;
  pageSize?: number | undefined;
  pageToken?: string | undefined;
}

/**
 * The policy API's `app_id` target key for an app of this report: `chrome:<id>` for Web Store
 * items, `android:<package>` for Play apps (reference §3.2).
 */
export function policyAppId(app: Pick<InstalledApp, 'appId' | 'appType' | 'appSource'>): string | undefined {
  if (!app.appId) return undefined;
  const android = app.appType === 'ANDROID_APP' || app.appSource === 'PLAY_STORE';
  return `${android ? 'android' : 'chrome'}:${app.appId}`;
}
