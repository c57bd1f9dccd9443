import { z } from 'zod';

/**
 * `POST /api/auth/session-status` and `POST /api/auth/logout` (seed §7). The browser may import
 * the inferred types only (`import type`) to keep zod off its first load.
 */

/** The Google refresh token the client may pass; bounded, never stored and never echoed. */
export const sessionStatusRequestSchema = z
  .object({ providerRefreshToken: z.string().min(1).max(2048).optional() })
  .strict();
export type SessionStatusRequest = z.infer<typeof sessionStatusRequestSchema>;

export const sessionStatusResponseSchema = z.object({ onboarded: z.boolean() });
export type SessionStatusResponse = z.infer<typeof sessionStatusResponseSchema>;

export const AAL_LEVELS = ['aal1', 'aal2'] as const;
export type AuthenticatorAssuranceLevel = (typeof AAL_LEVELS)[number];

/** `GET /api/auth/me`: who is signed in, at which assurance level, in which organization. */
export const currentPrincipalResponseSchema = z.object({
  user: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  session: z.object({
    id: z.string(),
    aal: z.enum(AAL_LEVELS),
    /** `aal2` when the user has a verified second factor: the level this session must reach. */
    nextLevel: z.enum(AAL_LEVELS),
    createdAt: z.string(),
    expiresAt: z.string(),
  }),
  organization: z
    .object({
      id: z.string(),
      name: z.string(),
      role: z.enum(['owner', 'admin', 'technician', 'viewer']),
      /** The units this member was given; empty for every unit Fleetdeck manages. */
      units: z.array(z.string()),
    })
    .nullable(),
});
export type CurrentPrincipalResponse = z.infer<typeof currentPrincipalResponseSchema>;

/** `POST /api/auth/sign-out`: this device, every other device, or everywhere (seed: local, others, global). */
export const signOutRequestSchema = z
  .object({ scope: z.enum(['local', 'others', 'global']).default('local') })
  .strict();
export type SignOutRequest = z.input<typeof signOutRequestSchema>;

/** `POST /api/auth/two-factor/qr-code`: renders an otpauth URI from `/two-factor/enable` as SVG. */
export const totpQrCodeRequestSchema = z
  .object({ totpURI: z.string().min(10).max(2048).startsWith('otpauth://totp/') })
  .strict();
export const totpQrCodeResponseSchema = z.object({ svg: z.string(), dataUrl: z.string() });
export type TotpQrCodeResponse = z.infer<typeof totpQrCodeResponseSchema>;
