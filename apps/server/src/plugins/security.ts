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
    // The window is the route's own or the global one; `context.after` is the time left, not the window.
    errorResponseBuilder: (request, context) => ({
      statusCode: 429,
      message: rateLimitMessage(context.max, windowOf(request), context.ttl),
    }),
  });
  // The app's first hook: every limited request is counted before anything else runs, whoever
  // sent it. A route with a tighter limit of its own (`config.rateLimit`) is left to that limit:
  // the plugin counts a request once, so counting it here would switch its own limit off.
  const limit = app.rateLimit();
  app.addHook('onRequest', async (request, reply) => {
    if (!isLimited(request) || request.routeOptions.config.rateLimit !== undefined) return;
    await limit.call(app, request, reply);
  });
}

const GLOBAL_WINDOW = '1 minute';

function windowOf(request: FastifyRequest): string | number {
  const own = request.routeOptions.config.rateLimit;
  return typeof own === 'object' && own.timeWindow !== undefined && typeof own.timeWindow !== 'function'
    ? own.timeWindow
    : GLOBAL_WINDOW;
}

/** "Too many requests: the limit is 600 per minute. Wait 42 s and try again." */
export function rateLimitMessage(max: number, window: string | number, ttlMs: number): string {
  return `Too many requests: the limit is ${max} per ${windowWords(window)}. Wait ${Math.max(1, Math.ceil(ttlMs / 1000))} s and try again.`;
}

function windowWords(window: string | number): string {
  const text = typeof window === 'number' ? `${window / 1000} seconds` : window;
  const match = /^1 (second|minute|hour|day)$/.exec(text.trim());
  if (match) return match[1] as string;
  if (text === '60 seconds') return 'minute';
  return text;
}

/**
 * Why: the API and any path no route answers (scanners probe them by the thousand; the SPA's own
 * pages come back through that path too) are limited; static files and health probes, cheap and
 * polled, are not. The router decodes the path (`/%61pi/devices` is `/api/devices`), so this reads
 * the route the request reached, not its raw URL.
 */
export function isLimited(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  return route === undefined || route.startsWith('/api/');
}
