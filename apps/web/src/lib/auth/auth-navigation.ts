import type { SessionStatusResponse } from '@fleetdeck/shared/auth-contract';
import type { AuthClient } from './auth-client.ts';
import { owesSecondFactor, type AuthSession } from './auth-session.ts';
import { ApiRequestError, apiFetch, type FetchLike } from '../api-client.ts';

/**
 * What Fleetdeck does on the auth events (seed §4): the onboarding check after a Google sign-in,
 * the second-factor detour, and the clean-up after sign-out.
 */

/** Seed §9: the local flag and its value. */
export const ONBOARDING_FLAG_KEY = 'onboardingHandled_v1';
export const ONBOARDING_FLAG_VALUE = '1';
/** Where the login page keeps the page to return to after a sign-in that finishes in the page. */
export const NEXT_PATH_KEY = 'fleetdeck:auth:next';
/** Set on sign-out for the page it lands on (`/`) to say so; read once. */
export const SIGNED_OUT_NOTICE_KEY = 'fleetdeck:auth:signed-out';
/** The second-factor challenge step of the login page. */
export const SECOND_FACTOR_PATH = '/login?step=second-factor';

const IGNORED_LOGOUT_STATUSES = new Set([401, 403, 404]);

export interface AuthNavigationOptions {
  readonly client: AuthClient;
  readonly fetch: FetchLike;
  /** localStorage in the browser. */
  readonly storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** sessionStorage in the browser. */
  readonly tabStorage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  readonly navigate: (path: string) => void;
  readonly currentPath: () => string;
  readonly logError: (message: string, error: unknown) => void;
}

/** Why: one subscriber owns every navigation the auth events cause, so pages never race each other. */
export function installAuthNavigation(options: AuthNavigationOptions): () => void {
  return options.client.onAuthStateChange((event, session) => {
    if (event === 'SIGNED_OUT') void handleSignedOut(options);
    else if ((event === 'SIGNED_IN' || event === 'MFA_CHALLENGE_VERIFIED') && session)
      void handleSignedIn(options, session);
  });
}

/** Why: exported for tests; returns once the navigation (or the logged failure) happened. */
export async function handleSignedIn(options: AuthNavigationOptions, session: AuthSession): Promise<void> {
  const next = options.tabStorage.getItem(NEXT_PATH_KEY);
  if (owesSecondFactor(session)) {
    options.navigate(next ? `${SECOND_FACTOR_PATH}&next=${encodeURIComponent(next)}` : SECOND_FACTOR_PATH);
    return;
  }
  options.tabStorage.removeItem(NEXT_PATH_KEY);
  if (session.provider_grant && options.storage.getItem(ONBOARDING_FLAG_KEY) === null) {
    await checkOnboarding(options, session, safeNext(next));
    return;
  }
  if (options.currentPath().startsWith('/login')) options.navigate(safeNext(next) ?? '/dashboard');
}

async function checkOnboarding(
  options: AuthNavigationOptions,
  session: AuthSession,
  next: string | undefined,
): Promise<void> {
  try {
    const status = await apiFetch<SessionStatusResponse>('/api/auth/session-status', {
      method: 'POST',
      fetch: options.fetch,
      headers: { Authorization: `Bearer ${session.access_token ?? ''}` },
      // The server already holds the Google grant; the browser never sees a provider token.
      body: {},
    });
    if (status.onboarded) {
      options.storage.setItem(ONBOARDING_FLAG_KEY, ONBOARDING_FLAG_VALUE);
      // Seed §4 goes to /dashboard; a deep link taken before the sign-in (`/login?next=…`) wins.
      options.navigate(next ?? '/dashboard');
    } else if (next?.startsWith('/invitations/accept')) {
      // Not onboarded yet, but invited: joining the organization is the onboarding. Setting up
      // one's own first would only make the invitation refuse them.
      options.navigate(next);
    } else {
      options.navigate('/onboarding');
    }
  } catch (error) {
    options.logError('Fleetdeck: the onboarding check after sign-in failed.', error);
  }
}

/** Why: exported for tests; the seed's sign-out clean-up in order: flag, server logout, `/`. */
export async function handleSignedOut(options: AuthNavigationOptions): Promise<void> {
  options.storage.removeItem(ONBOARDING_FLAG_KEY);
  options.tabStorage.removeItem(NEXT_PATH_KEY);
  try {
    await apiFetch('/api/auth/logout', { method: 'POST', fetch: options.fetch });
  } catch (error) {
    if (error instanceof ApiRequestError) {
      if (!IGNORED_LOGOUT_STATUSES.has(error.status))
        options.logError(`Fleetdeck: logout answered HTTP ${error.status}.`, error);
    } else options.logError('Fleetdeck: logout could not reach the server.', error);
  }
  // `/` has nothing of the session left to show: it says the person is signed out.
  options.tabStorage.setItem(SIGNED_OUT_NOTICE_KEY, '1');
  options.navigate('/');
}

const SAME_APP = 'https://fleetdeck.invalid';

/**
 * Why: `next` comes from the URL, so only same-app paths are followed (never `//host` or a scheme).
 * It is resolved as a browser would (which drops tabs and line breaks: `/\t/host` is `//host`) and
 * kept only when the resolved address is on our origin; the normalised path is what is followed.
 */
export function safeNext(next: string | null | undefined): string | undefined {
  if (!next?.startsWith('/')) return undefined;
  let resolved: URL;
  try {
    resolved = new URL(next, SAME_APP);
  } catch {
    return undefined;
  }
  if (resolved.origin !== SAME_APP) return undefined;
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  if (path.startsWith('//') || resolved.pathname === '/login' || resolved.pathname.startsWith('/login/'))
    return undefined;
  return path;
}
