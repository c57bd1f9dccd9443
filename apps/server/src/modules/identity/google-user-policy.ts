import type { ValidateUserInfoSource } from 'better-auth';

interface IncomingUser {
  readonly email?: string | null | undefined;
  readonly emailVerified?: boolean | null | undefined;
}

/**
 * Google's own `hd` check does not run for a generic OIDC provider, so it is repeated here for the
 * emulator and real Google alike: Fleetdeck manages Workspace fleets, so only a Google Workspace
 * account (a hosted domain that the verified email belongs to) may sign in with Google.
 */
export function validateGoogleUser(
  user: IncomingUser,
  source: ValidateUserInfoSource,
): { error: string; errorDescription: string } | undefined {
  if (source.method !== 'oauth' || source.oauth?.providerId !== 'google') return undefined;
  const profile = source.oauth.profile ?? {};
  const hostedDomain = typeof profile['hd'] === 'string' ? profile['hd'].toLowerCase() : '';
  const email = (user.email ?? '').toLowerCase();
  if (hostedDomain === '') {
    return {
      error: 'workspace_account_required',
      errorDescription:
        'Sign in with a Google Workspace account; personal Google accounts cannot manage devices.',
    };
  }
  const verified = profile['email_verified'] === true || profile['email_verified'] === 'true';
  if (!email.endsWith(`@${hostedDomain}`) || !verified) {
    return {
      error: 'workspace_email_mismatch',
      errorDescription: `Your Google account's email must be verified and belong to ${hostedDomain}.`,
    };
  }
  return undefined;
}
