import { z } from 'zod';

/**
 * The few fields of the Directory `User` resource Fleetdeck reads (`users.get` with
 * `projection=basic`): who the user is and which OU their account sits in.
 */

/** Google accepts a primary email, an alias or the numeric id; Fleetdeck asks by email (≤ 254). */
export const userKeySchema = z
  .string()
  .trim()
  .min(3)
  .max(254)
  .regex(/^[^\s/@]+@[^\s/@]+$/, 'an email');

/** The `fields` Fleetdeck asks for, so Google sends nothing else. */
export const USER_FIELDS = 'primaryEmail,name,orgUnitPath,suspended';

export const directoryUserSchema = z.object({
  primaryEmail: z.string(),
  name: z
    .object({
      givenName: z.string().optional(),
      familyName: z.string().optional(),
      fullName: z.string().optional(),
    })
    .optional(),
  /** The OU of the user's account, `/` for the root. */
  orgUnitPath: z.string().default('/'),
  suspended: z.boolean().default(false),
});
export type DirectoryUser = z.infer<typeof directoryUserSchema>;
