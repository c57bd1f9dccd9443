import type { MiddlewareFunction } from 'react-router';

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

/**
 * `auth`: the seed's named guard. Fleetdeck has no sessions yet, so every visitor passes; the
 * identity work replaces this body with the session check that redirects to /login.
 */
const authGuard: Guard = () => undefined;

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
