import { redirect, type MiddlewareFunction } from 'react-router';
import { authClient, isUserOnboarded } from '../lib/auth/browser-auth.ts';
import { owesSecondFactor, type AuthSession } from '../lib/auth/auth-session.ts';
import { SECOND_FACTOR_PATH } from '../lib/auth/auth-navigation.ts';

/**
 * Named route guards. A route lists the guards it needs (`guarded(['auth'], route)`); they run
 * as route middleware, before the route's loader and chunk render, so a guard can redirect
 * (`throw redirect('/login?next=...')`) before anything of the page is shown.
 */

export interface GuardArgs {
  readonly request: Request;
  readonly url: URL;
  readonly params: Readonly<Record<string, string | undefined>>;
}

/** A guard returns to allow; it throws a redirect (or an error response) to deny. */
export type Guard = (args: GuardArgs) => void | Promise<void>;

/** Guarded pages a signed-in user reaches before their organization is set up. */
const ONBOARDING_OPTIONAL = new Set(['/onboarding', '/invitations/accept']);

export interface AuthGuardDependencies {
  /** The current session, refreshed when inside its expiry margin. */
  readonly getSession: () => Promise<AuthSession | null>;
  /** The last session known, for when a refresh failed on a retryable error. */
  readonly peekSession: () => AuthSession | null;
  readonly isOnboarded: (userId: string) => Promise<boolean>;
}

/**
 * Why: the `auth` guard's decisions, with its inputs injected so they are unit-tested. Signed-out
 * visitors go to `/login?next=<path>`; a session that owes its second factor goes to the challenge
 * first; a member of an organization that is not set up yet goes to `/onboarding`.
 */
export function createAuthGuard(deps: AuthGuardDependencies): Guard {
  return async ({ url }) => {
    let session = deps.peekSession();
    try {
      session = await deps.getSession();
    } catch {
      // A refresh that failed on a retryable error keeps the last session; the next tick retries.
    }
    const here = encodeURIComponent(`${url.pathname}${url.search}`);
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router's contract: a thrown redirect() navigates
    if (!session) throw redirect(`/login?next=${here}`);
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- as above
    if (owesSecondFactor(session)) throw redirect(`${SECOND_FACTOR_PATH}&next=${here}`);
    if (ONBOARDING_OPTIONAL.has(url.pathname)) return;
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- as above
    if (!(await deps.isOnboarded(session.user.id))) throw redirect('/onboarding');
  };
}

/** `auth`: the seed's named guard, on the browser's auth client. */
const authGuard: Guard = createAuthGuard({
  getSession: () => authClient.getSession(),
  peekSession: () => authClient.peekSession(),
  isOnboarded: isUserOnboarded,
});

export const GUARDS = {
  auth: authGuard,
} satisfies Record<string, Guard>;

export type GuardName = keyof typeof GUARDS;

/** Why: the route table stays declarative (`guards: ['auth']`) while the checks live here, in one place. */
export function guardMiddleware(names: readonly GuardName[]): MiddlewareFunction {
  return async ({ request, url, params }) => {
    for (const name of names) await GUARDS[name]({ request, url, params });
  };
}
