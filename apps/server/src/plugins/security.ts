import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config/env.ts';

/**
 * The CSP the SPA is built to pass: scripts only from our origin (no inline scripts),
 * inline styles allowed for the UI primitives' positioning, images from us or data URLs.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
} as const;

/** Why: security headers and rate limits are on in every environment, not only production. */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...CONTENT_SECURITY_POLICY,
        ...(config.publicUrl.startsWith('https://')
          ? { upgradeInsecureRequests: [] }
          : { upgradeInsecureRequests: null }),
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.publicUrl.startsWith('https://') ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  await app.register(rateLimit, {
    // Not per route: a route's own hooks run after the hooks of the scope it sits in (the product
    // API's sign-in check), so a limit there never counted a request that scope refused.
    global: false,
    max: config.rateLimitMax,
    timeWindow: '1 minute',
    // Static files and health probes are cheap and polled; limits guard the API.
    allowList: (request) => !isApiRequest(request),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests: the limit is ${context.max} per ${context.after === '1 minute' ? 'minute' : context.after}. Wait ${Math.ceil(context.ttl / 1000)} s and try again.`,
    }),
  });
  // The app's first hook: every request is counted before anything else runs, whoever sent it.
  app.addHook('onRequest', app.rateLimit());
}

/**
 * Why: the router decodes the path (`/%61pi/devices` is `/api/devices`), so what is limited is
 * decided by the route the request reached, or, for a path no route matches, by the decoded path.
 */
export function isApiRequest(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (route !== undefined) return route.startsWith('/api/');
  const path = request.url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(path).startsWith('/api/');
  } catch {
    // A path that does not decode reaches no route; counting it costs nothing.
    return true;
  }
}
