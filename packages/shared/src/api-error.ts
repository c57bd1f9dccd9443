import { z } from 'zod';

/** The one error shape every Fleetdeck API answers with. */
export const apiErrorSchema = z.object({
  error: z.string().max(100),
  message: z.string().max(2000),
  status: z.number().int().min(400).max(599),
  requestId: z.string().max(200).optional(),
  details: z.unknown().optional(),
});

export type ApiError = z.infer<typeof apiErrorSchema>;

/** Limits shared by server and client so forms and handlers reject the same input. */
export const LIMITS = {
  /** Largest JSON body any endpoint accepts. */
  bodyBytes: 1024 * 1024,
  clientErrorMessage: 2000,
  clientErrorStack: 8000,
} as const;
