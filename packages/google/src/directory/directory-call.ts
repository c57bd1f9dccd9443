/**
 * What the Directory client's calls share: the shape of one call, the customer's paths, and the
 * device query (projection and partial-response fields).
 */
import type { z } from 'zod';
import type { RetrySafety } from '../http/retry-policy.ts';
import type { CallOptions, QueryValue } from '../http/transport.ts';
import { partialResponseFieldsSchema, type Projection } from './chromeos-device-query.schema.ts';

export interface BulkCallOptions extends CallOptions {
  /** IDs per call, 1–50 (Google's maximum, and the default). */
  chunkSize?: number | undefined;
}

export type DeviceCallOptions = CallOptions & {
  projection?: Projection | undefined;
  /** Partial response selector (`deviceId,etag,orgUnitPath`): Google builds and sends only these fields. */
  fields?: string | undefined;
};

export interface CallShape<T> {
  operation: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  url: string;
  schema: z.ZodType<T>;
  query?: Record<string, QueryValue>;
  body?: unknown;
  safety?: RetrySafety;
}

/** The client's call path and URLs, handed to the calls that live beside it. */
export interface DirectoryCalls {
  /** `…/customer/{customerId}` under the API root. */
  readonly customerPath: string;
  devicePath(deviceId: string): string;
  call<T>(shape: CallShape<T>, options: CallOptions): Promise<T>;
}

export function deviceQuery(options: DeviceCallOptions): Record<string, QueryValue> {
  return {
    projection: options.projection,
    fields: partialResponseFieldsSchema.optional().parse(options.fields),
  };
}
