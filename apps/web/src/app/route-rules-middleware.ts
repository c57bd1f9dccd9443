import { redirect, redirectDocument, type MiddlewareFunction } from 'react-router';
import { matchRouteRule } from '@fleetdeck/shared/route-rules';
import { currentRouteRules } from '../lib/build-manifest.ts';
import { NavigationRefusedError, resolveNavigationTarget } from '../lib/navigate-to.ts';

/**
 * Why: route rules (from the build's route-rule manifest) must answer a path the same way on a
 * direct load (the server redirects) and on a client navigation (this middleware, run by the
 * root route on every navigation). Internal targets redirect in the app; absolute external
 * targets become a full page load. Targets go through navigateTo's checks, so a tampered
 * manifest cannot send anyone to a `javascript:` URL.
 */
export const routeRulesMiddleware: MiddlewareFunction = ({ request }) => {
  const url = new URL(request.url);
  const match = matchRouteRule(url.pathname, currentRouteRules());
  if (!match) return;
  let target;
  try {
    target = resolveNavigationTarget(match.redirect, { external: match.external }, url.origin);
  } catch (error) {
    if (error instanceof NavigationRefusedError) {
      console.warn(`Fleetdeck ignored the route rule for ${url.pathname}. ${error.message}`);
      return;
    }
    throw error;
  }
  // React Router's contract: middleware redirects by throwing the redirect response.
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  if (target.kind === 'external') throw redirectDocument(target.href);
  const keepsQuery = !target.path.includes('?') && !target.path.includes('#');
  const destination = keepsQuery ? `${target.path}${url.search}${url.hash}` : target.path;
  if (destination === `${url.pathname}${url.search}${url.hash}`) return;
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  throw redirect(destination);
};
