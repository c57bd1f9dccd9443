import { navigateTo } from '../navigate-to.ts';
import { authClient } from './browser-auth.ts';
import { apiFetch } from '../api-client.ts';

/**
 * Why: sign-in (login page) and reconnecting with fresh consent (onboarding, settings) are the same
 * round trip to Google; the tab remembers that it started one, so the return counts as SIGNED_IN.
 */
export async function startGoogleSignIn(callbackPath: string): Promise<void> {
  const { url } = await apiFetch<{ url: string }>('/api/identity/sign-in/social', {
    // Failures (consent refused, not a Workspace account) come back to the login page as `?error=`.
    body: {
      provider: 'google',
      callbackURL: callbackPath,
      errorCallbackURL: '/login',
      disableRedirect: true,
    },
  });
  authClient.markSocialSignInStarted();
  navigateTo(url, { external: true });
}
