import { z } from 'zod';
import { googleTimestamp } from '../wire-types.ts';

/** The Directory `Customer` resource (reference §1.8); `id` turns `my_customer` into a real ID. */
export const customerSchema = z.object({
  kind: z.string().optional(),
  etag: z.string().optional(),
  id: z.string(),
  customerDomain: z.string().optional(),
  alternateEmail: z.string().optional(),
  customerCreationTime: googleTimestamp.optional(),
  language: z.string().optional(),
  phoneNumber: z.string().optional(),
  postalAddress: z.record(z.string(), z.unknown()).optional(),
});
export type Customer = z.infer<typeof customerSchema>;
