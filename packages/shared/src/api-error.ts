import { z } from 'zod';
import type { ErrorId } from './error-ids.ts';

/** The one error shape every Fleetdeck API answers with. */
export const apiErrorSchema = z.object({
  error: z.string().max(100),
  message: z.string().max(2000),
  status: z.number().int().min(400).max(599),
  requestId: z.string().max(200).optional(),
  details: z.unknown().optional(),
});

export type ApiError = z.infer<typeof apiErrorSchema>;

/** The error shape as the server writes it: `error` is an id of the catalogue (error-ids.ts). */
export type CataloguedApiError = Omit<ApiError, 'error'> & { error: ErrorId };
