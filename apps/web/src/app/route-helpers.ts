import { data, type MiddlewareFunction, type RouteObject } from 'react-router';
import { browserChunkReloadEnvironment, withChunkReload } from '../lib/chunk-reload.ts';
import { guardMiddleware, type GuardName } from './guards.ts';

/** What route modules under src/app/routes export: React Router's lazy route properties. */
export type RouteModule = Omit<
  RouteObject,
  'path' | 'index' | 'children' | 'id' | 'caseSensitive' | 'lazy' | 'middleware' | 'unstable_validateParams'
>;

/** Data every Fleetdeck route may declare in `handle`. */
export interface AppRouteHandle {
  /** Named guards, run as middleware before the page loads (see guards.ts). */
  readonly guards?: readonly GuardName[];
  /** `public` hides the primary navigation (landing, sign-in). */
  readonly shell?: 'app' | 'public';
  /** `full` lets a page use the whole window width (the fleet table); others read better narrow. */
  readonly width?: 'full';
}

let readPendingHref: () => string | null = () => null;

/** Why: the router is created after the route table, so it hands in how to read its pending navigation. */
export function setPendingNavigationReader(read: () => string | null): void {
  readPendingHref = read;
}

/**
 * Why: every route chunk gets the one-reload-on-failure treatment without repeating it. When
 * the chunk failed during a client navigation, the "reload" loads the page the admin was
 * going to, not the one they were leaving.
 */
export function lazyRoute(load: () => Promise<RouteModule>): () => Promise<RouteModule> {
  return withChunkReload(load, () => ({
    ...browserChunkReloadEnvironment(),
    reload: () => {
      const href = readPendingHref();
      if (href) window.location.assign(href);
      else window.location.reload();
    },
  }));
}

/** Why: declares guards where the route is defined and wires them as middleware in one step. */
export function guarded(guards: readonly GuardName[], route: RouteObject): RouteObject {
  const existing: unknown = route.handle;
  const handle: AppRouteHandle = {
    ...(typeof existing === 'object' && existing !== null ? existing : {}),
    guards,
  };
  return {
    ...route,
    handle,
    middleware: [guardMiddleware(guards), ...(route.middleware ?? [])],
  };
}

/** What an address whose params fail validation says, beside the seed's `Page Not Found: <path>`. */
export interface InvalidParamsExplanation {
  /** The heading of the in-shell page, e.g. "No device at this address". */
  readonly title: string;
  /** Why the address cannot work, in words, from its params. */
  readonly hint: (params: Readonly<Record<string, string | undefined>>) => string;
}

/** The data of the 404 a failed validation throws: the seed's message and our explanation. */
export interface InvalidParamsData {
  readonly message: string;
  readonly title: string;
  readonly hint: string;
}

/** Why: the page error boundary tells a failed validation from other errors to show it in the shell. */
export function isInvalidParamsData(value: unknown): value is InvalidParamsData {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.message === 'string' && typeof record.title === 'string' && typeof record.hint === 'string'
  );
}

/**
 * Why (seed §2): route validation runs before the auth guard, as in the framework the spec
 * describes: the validating route sits above the guarded page, so a signed-out visitor to an
 * invalid address gets the 404, not the sign-in page.
 */
export function validatedThenGuarded(
  isValid: (params: Readonly<Record<string, string | undefined>>) => boolean,
  guards: readonly GuardName[],
  route: RouteObject & { path: string },
  explanation: InvalidParamsExplanation,
): RouteObject {
  const { path, ...page } = route;
  return {
    path,
    middleware: [validated(isValid, explanation)],
    children: [guarded(guards, { ...page, index: true } as RouteObject)],
  };
}

/**
 * Why (seed §2): a page may validate its own route; on failure Fleetdeck answers 404 with
 * `Page Not Found: ` + the requested path: on the full error page for a visitor, inside the shell
 * (with what is wrong) for a member.
 */
export function validated(
  isValid: (params: Readonly<Record<string, string | undefined>>) => boolean,
  explanation: InvalidParamsExplanation,
): MiddlewareFunction {
  return ({ params, request }) => {
    if (isValid(params)) return;
    // The full path as requested, query string included, as the framework the spec describes reports it.
    const { pathname, search } = new URL(request.url);
    const body: InvalidParamsData = {
      message: `Page Not Found: ${pathname}${search}`,
      title: explanation.title,
      hint: explanation.hint(params),
    };
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router's contract: a thrown data() becomes the route's error response
    throw data(body, { status: 404, statusText: 'Not Found' });
  };
}
