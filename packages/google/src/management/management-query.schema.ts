import { z } from 'zod';
import { bareOrgUnitId } from '../google-ids.ts';
import type { TelemetryDeviceReadMaskPath } from './telemetry.schema.ts';

/** Query parameters of the Chrome Management calls, bounded before they leave (reference §2.1–2.2). */

/** FieldMask paths, snake_case as documented (camelCase is accepted by Google too). */
export type ReadMask = string | readonly (TelemetryDeviceReadMaskPath | (string & {}))[];

export const readMaskSchema = z.string().min(1).max(2000);
export const pageTokenSchema = z.string().max(4096).optional();
export const filterSchema = z.string().max(2000).optional();
export const aueDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional();
export const reportDateSchema = z.object({
  year: z.number().int().min(1970).max(9999),
  month: z.number().int().min(1).max(12),
  day: z.number().int().min(1).max(31),
});

export interface ListTelemetryDevicesQuery {
  /** Required by Google: which parts of each device to return. */
  readMask: ReadMask;
  /** e.g. `orgUnitId=03ph8a2z1abcde` or `reports_timestamp>=0` (all history, not just recent). */
  filter?: string | undefined;
  pageSize?: number | undefined;
  pageToken?: string | undefined;
  /** Google's standard partial response, e.g. `nextPageToken,devices(deviceId,batteryInfo)`. */
  fields?: string | undefined;
}

export interface ChromeVersionsQuery {
  filter?: string | undefined;
  orgUnitId?: string | undefined;
  pageSize?: number | undefined;
  pageToken?: string | undefined;
}

/** A report day; Google reads it as `date.year`, `date.month`, `date.day`. */
export type ReportDate = z.input<typeof reportDateSchema>;

/** A FieldMask query value from a list or a ready comma string. */
export function joinReadMask(mask: ReadMask): string {
  return readMaskSchema.parse(typeof mask === 'string' ? mask : mask.join(','));
}

/** Chrome Management wants bare OU ids; any Directory or Policy spelling is accepted here. */
export function optionalOrgUnit(orgUnitId: string | undefined): string | undefined {
  return orgUnitId === undefined ? undefined : z.string().min(1).max(200).parse(bareOrgUnitId(orgUnitId));
}

/** `date.year`, `date.month`, `date.day`, as GAM passes a `google.type.Date` query parameter. */
export function dateQuery(date: ReportDate): Record<string, number> {
  const parsed = reportDateSchema.parse(date);
  return { 'date.year': parsed.year, 'date.month': parsed.month, 'date.day': parsed.day };
}
