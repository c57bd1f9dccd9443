/**
 * The query string of each Chrome Management call, validated before it leaves: read masks joined,
 * filters, org units, page sizes and tokens within Google's limits.
 */
import { z } from 'zod';
import {
  HARDWARE_FLEET_FIELDS,
  type HardwareFleetField,
  NEEDS_ATTENTION_FIELDS,
  type NeedsAttentionField,
  REPORT_PAGE_SIZE,
} from './fleet-reports.schema.ts';
import type { InstalledAppsQuery } from './installed-apps.schema.ts';
import {
  aueDateSchema,
  type ChromeVersionsQuery,
  filterSchema,
  joinReadMask,
  type ListTelemetryDevicesQuery,
  optionalOrgUnit,
  pageTokenSchema,
} from './management-query.schema.ts';
import { TELEMETRY_PAGE_SIZE } from './telemetry.schema.ts';

export type QueryParams = Record<string, string | number | undefined>;

/** telemetry.devices.list */
export function telemetryListParams(query: ListTelemetryDevicesQuery): QueryParams {
  return {
    readMask: joinReadMask(query.readMask),
    filter: filterSchema.parse(query.filter),
    pageSize: z.number().int().min(1).max(TELEMETRY_PAGE_SIZE.max).optional().parse(query.pageSize),
    pageToken: pageTokenSchema.parse(query.pageToken),
    fields: z.string().max(4000).optional().parse(query.fields),
  };
}

/** reports:countChromeDevicesReachingAutoExpirationDate */
export function aueCountParams(query: {
  orgUnitId?: string;
  minAueDate?: string;
  maxAueDate?: string;
}): QueryParams {
  return {
    orgUnitId: optionalOrgUnit(query.orgUnitId),
    minAueDate: aueDateSchema.parse(query.minAueDate),
    maxAueDate: aueDateSchema.parse(query.maxAueDate),
  };
}

/** reports:countChromeDevicesThatNeedAttention (all five counts unless narrowed). */
export function needsAttentionParams(query: {
  orgUnitId?: string;
  readMask?: readonly NeedsAttentionField[];
}): QueryParams {
  return {
    orgUnitId: optionalOrgUnit(query.orgUnitId),
    readMask: joinReadMask(query.readMask ?? NEEDS_ATTENTION_FIELDS),
  };
}

/** reports:countChromeVersions */
export function chromeVersionsParams(query: ChromeVersionsQuery): QueryParams {
  return {
    filter: filterSchema.parse(query.filter),
    orgUnitId: optionalOrgUnit(query.orgUnitId),
    pageSize: z.number().int().min(1).max(REPORT_PAGE_SIZE.max).optional().parse(query.pageSize),
    pageToken: pageTokenSchema.parse(query.pageToken),
  };
}

/** reports:countInstalledApps */
export function installedAppsParams(query: InstalledAppsQuery): QueryParams {
  return {
    filter: filterSchema.parse(query.filter),
    orderBy: z.string().min(1).max(200).optional().parse(query.orderBy),
    orgUnitId: optionalOrgUnit(query.orgUnitId),
    pageSize: z.number().int().min(1).max(REPORT_PAGE_SIZE.max).optional().parse(query.pageSize),
    pageToken: pageTokenSchema.parse(query.pageToken),
  };
}

/** reports:countChromeHardwareFleetDevices (all four buckets unless narrowed). */
export function hardwareFleetParams(query: {
  orgUnitId?: string;
  readMask?: readonly HardwareFleetField[];
}): QueryParams {
  return {
    orgUnitId: optionalOrgUnit(query.orgUnitId),
    readMask: joinReadMask(query.readMask ?? HARDWARE_FLEET_FIELDS),
  };
}
