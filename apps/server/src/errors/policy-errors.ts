import { AppError } from './app-error.ts';

/** Errors of the policy debugger that are not Google's (those are errors/google-errors.ts). */
export const policyErrors = {
  /** The grant cannot read users (scope missing, or the admin may not). */
  userScopeMissing: (message: string) => new AppError('google_user_scope_missing', message),
  /** Google has no such user, or the user's unit is not one the caller may see. */
  userNotFound: (message: string) => new AppError('policy_user_not_found', message),
  /** The user's unit is one the caller may see but Fleetdeck has not synced it yet. */
  userUnitNotSynced: (email: string, path: string) =>
    new AppError(
      'policy_user_not_found',
      `The account of ${email} is in ${path}, which Fleetdeck has not synced yet. Run a sync, then try again.`,
      { status: 409 },
    ),
} as const;
