import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isKnownAppPath } from '@fleetdeck/shared/app-routes';
import { matchRouteRule } from '@fleetdeck/shared/route-rules';

const YEAR_SECONDS = 31_536_000;

export interface WebApp {
  /** Answers a GET for a path no file or API route matched: a route rule, the SPA, or null. */
  fallback(request: FastifyRequest, reply: FastifyReply): FastifyReply | null;
}

/**
 * Serves the built SPA: hashed assets cached for a year, `index.html` never cached, the
 * build manifest revalidated on every poll, route rules applied to direct page loads.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<WebApp | null> {
  const indexPath = path.join(distDir, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.warn({ distDir }, 'the web app is not built; run `npm run build` to serve it');
    return null;
  }
  const indexHtml = readFileSync(indexPath);
  await app.register(fastifyStatic, {
    root: distDir,
    index: false,
    wildcard: false,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', cacheControlFor(path.relative(distDir, filePath)));
    },
  });
  return {
    fallback(request, reply) {
      const url = new URL(request.url, 'http://fleetdeck.invalid');
      if (url.pathname.startsWith('/api/') || url.pathname === '/api') return null;
      const rule = matchRouteRule(url.pathname);
      if (rule)
        return reply.redirect(
          rule.external ? rule.redirect : `${rule.redirect}${url.search}`,
          rule.statusCode,
        );
      return reply
        .code(isKnownAppPath(url.pathname) ? 200 : 404)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(indexHtml);
    },
  };
}

/** Why: hashed names change with content, so they can be cached for good; nothing else can. */
export function cacheControlFor(relativePath: string): string {
  const normalized = relativePath.split(path.sep).join('/');
  if (normalized === 'index.html') return 'no-store';
  if (normalized.startsWith('assets/')) return `public, max-age=${YEAR_SECONDS}, immutable`;
  return 'no-cache';
}
