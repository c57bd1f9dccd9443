import type { FastifyInstance } from 'fastify';
import { registerAuthorizeRoutes } from './authorize-routes.ts';
import { registerControlRoutes } from './control-routes.ts';
import { registerDiscoveryRoutes } from './discovery-routes.ts';
import type { OAuthService } from './oauth-service.ts';
import { registerTokenRoutes } from './token-routes.ts';

const FORM = 'application/x-www-form-urlencoded';

/** Parses form bodies into `Record<string, string | string[]>` (repeated keys become arrays). */
function parseForm(body: string): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const existing = fields[key];
    fields[key] =
      existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return fields;
}

/** Google's OAuth 2.0 / OpenID Connect endpoints plus `/__emulator/oauth/*` control routes. */
export async function oauthPlugin(app: FastifyInstance, opts: { oauth: OAuthService }): Promise<void> {
  // Registered without fastify-plugin, so this parser stays inside the OAuth routes' context.
  if (!app.hasContentTypeParser(FORM)) {
    app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
      done(null, parseForm(String(body)));
    });
  }
  registerDiscoveryRoutes(app, opts.oauth);
  registerAuthorizeRoutes(app, opts.oauth, () => opts.oauth.now());
  registerTokenRoutes(app, opts.oauth);
  registerControlRoutes(app, opts.oauth);
}
