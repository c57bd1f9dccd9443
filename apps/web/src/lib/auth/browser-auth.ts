import { AuthClient } from './auth-client.ts';
import { apiFetch, browserFetch } from '../api-client.ts';
import type { OnboardingStatusResponse } from '@fleetdeck/shared/organization-contract';

/** The browser's one auth client: real fetch, real clock, this tab's sessionStorage. */
export const authClient = new AuthClient({
  fetch: browserFetch,
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  // Read on use, not at import, so modules that import the guard also load outside a browser.
  tabStorage: {
    getItem: (key) => window.sessionStorage.getItem(key),
    setItem: (key, value) => window.sessionStorage.setItem(key, value),
    removeItem: (key) => window.sessionStorage.removeItem(key),
  },
});

const onboardedUsers = new Set<string>();

/**
 * Why: the guard sends members of an unfinished organization to onboarding; once a user is seen
 * onboarded the answer is kept for the tab, so product navigations cost no extra request.
 */
export async function isUserOnboarded(userId: string): Promise<boolean> {
  if (onboardedUsers.has(userId)) return true;
  try {
    const status = await apiFetch<OnboardingStatusResponse>('/api/onboarding/status');
    if (status.onboarded) onboardedUsers.add(userId);
    return status.onboarded;
  } catch {
    // The page's own requests show the failure; the guard does not block on it.
    return true;
  }
}

/** Why: onboarding's last step tells the guard without another round trip. */
export function rememberOnboarded(userId: string): void {
  onboardedUsers.add(userId);
}
