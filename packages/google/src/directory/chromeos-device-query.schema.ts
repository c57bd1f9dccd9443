import { z } from 'zod';
import { CHROME_OS_DEVICE_ORDER_BY } from './chromeos-device.schema.ts';

/** Query parameters of `chromeosdevices.list` / `get` (reference §1.2), bounded before they leave. */

/** Page-size limits: Google's default is 100; the reference page says at most 300. */
export const CHROME_OS_DEVICE_PAGE_SIZE = { default: 100, max: 300 } as const;

export const PROJECTIONS = ['BASIC', 'FULL'] as const;

/** Google's `fields` partial-response selector (`nextPageToken,chromeosdevices(deviceId,etag)`). */
export const partialResponseFieldsSchema = z.string().max(4000);
export type Projection = (typeof PROJECTIONS)[number];

export const listChromeOsDevicesQuerySchema = z
  .object({
    maxResults: z.number().int().min(1).max(CHROME_OS_DEVICE_PAGE_SIZE.max).optional(),
    /** Where to start (a stored `nextPageToken`); omitted for the first page. */
    pageToken: z.string().max(4096).optional(),
    /** A full path (with or without the leading `/`) or an `id:` OU id. */
    orgUnitPath: z.string().min(1).max(2000).optional(),
    includeChildOrgunits: z.boolean().optional(),
    /** Google's device search language (`status:`, `id:`, `sync:` …). */
    query: z.string().max(2000).optional(),
    orderBy: z.enum(CHROME_OS_DEVICE_ORDER_BY).optional(),
    sortOrder: z.enum(['ASCENDING', 'DESCENDING']).optional(),
    projection: z.enum(PROJECTIONS).optional(),
    /** Partial response selector; must keep `chromeosdevices(deviceId…)` and `nextPageToken` to page. */
    fields: partialResponseFieldsSchema.optional(),
  })
  .refine((query) => !query.includeChildOrgunits || query.orgUnitPath !== undefined, {
    message: 'includeChildOrgunits needs orgUnitPath',
    path: ['includeChildOrgunits'],
  });
export type ListChromeOsDevicesQuery = z.input<typeof listChromeOsDevicesQuerySchema>;

export const deviceIdSchema = z.string().min(1).max(128);
