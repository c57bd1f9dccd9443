import { z } from 'zod';

/** The OAuth token endpoint's success body (reference §4.4). */
export const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().int().nonnegative(),
  token_type: z.string().optional(),
  /** Space-separated granted scopes; may be fewer than requested. */
  scope: z.string().optional(),
  /** Normally absent on a refresh; present only when Google rotates it. */
  refresh_token: z.string().optional(),
  id_token: z.string().optional(),
  refresh_token_expires_in: z.number().int().optional(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;
