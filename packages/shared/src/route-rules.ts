/**
 * Route rules: redirects looked up by path. The build writes them into the route-rule
 * manifest (`builds/meta/<id>.json`) that the app fetches at run time, and the server
 * applies the same rules to direct page loads, so both answer a path the same way.
 */
export interface RouteRule {
  /** Exact path, or a prefix ending in `/**` that matches the path and everything below it. */
  readonly path: string;
  /** An app path (`/devices/fleetStatus`) or an absolute external URL (`https://...`). */
  readonly redirect: string;
  /** HTTP status the server uses for direct loads. */
  readonly statusCode: 301 | 302 | 307 | 308;
}

export const ROUTE_RULES: readonly RouteRule[] = [
  { path: '/devices', redirect: '/devices/fleetStatus', statusCode: 302 },
  { path: '/devices/chromebook', redirect: '/devices/fleetStatus', statusCode: 302 },
  { path: '/fleet', redirect: '/devices/fleetStatus', statusCode: 301 },
  { path: '/policies', redirect: '/debugPolicy', statusCode: 301 },
  // Google's own guide, linked from Fleetdeck's help (`/help`, a page of the app).
  {
    path: '/help/chrome-enterprise',
    redirect: 'https://support.google.com/chrome/a/answer/1289314',
    statusCode: 302,
  },
];

export interface RouteRuleMatch {
  readonly redirect: string;
  readonly statusCode: RouteRule['statusCode'];
  readonly external: boolean;
}

/** Finds the redirect for a path; exact rules win over prefix rules, longer prefixes over shorter. */
export function matchRouteRule(
  pathname: string,
  rules: readonly RouteRule[] = ROUTE_RULES,
): RouteRuleMatch | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  let best: RouteRule | null = null;
  let bestScore = -1;
  for (const rule of rules) {
    const score = scoreRule(rule.path, path);
    if (score > bestScore) {
      best = rule;
      bestScore = score;
    }
  }
  if (!best) return null;
  return { redirect: best.redirect, statusCode: best.statusCode, external: isAbsoluteUrl(best.redirect) };
}

function scoreRule(rulePath: string, path: string): number {
  if (rulePath === path) return Number.MAX_SAFE_INTEGER;
  if (rulePath.endsWith('/**')) {
    const prefix = rulePath.slice(0, -3);
    if (path === prefix || path.startsWith(`${prefix}/`)) return prefix.length;
  }
  return -1;
}

/** True for `scheme:` URLs and protocol-relative `//host` URLs: anything that leaves the app. */
export function isAbsoluteUrl(target: string): boolean {
  return /^[a-zA-Z][a-zA-Z\d+\-.]*:/.test(target) || target.startsWith('//');
}
