import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { createOAuthService, type OAuthService } from '@fleetdeck/google-emulator/oauth/oauth-service';
import { oauthPlugin } from '@fleetdeck/google-emulator/oauth/plugin';
import { callerOf, requireScopes } from '@fleetdeck/google-emulator/oauth/require-scopes';

/**
 * The Google side of identity tests: the emulator's OAuth server on a real port (better-auth
 * fetches its discovery document, token and userinfo endpoints), plus Directory `customers.get`,
 * and a record of every token the emulator issued so tests can prove none reaches a browser.
 */
export interface GoogleStandIn {
  readonly origin: string;
  readonly oauth: OAuthService;
  /** Every access, refresh and id token the emulator handed out. */
  readonly issuedTokens: Set<string>;
  close(): Promise<void>;
}

export const DOMAIN = 'springfield.example';
export const OWNER_EMAIL = `it-director@${DOMAIN}`;
export const ADMIN_EMAIL = `sysadmin@${DOMAIN}`;
export const VIEWER_EMAIL = `librarian@${DOMAIN}`;
export const OTHER_CUSTOMER_EMAIL = `admin@other-${DOMAIN}`;

export async function startGoogleStandIn(): Promise<GoogleStandIn> {
  let origin = '';
  const oauth = createOAuthService({ issuer: () => origin, domain: DOMAIN, customerId: 'C01234567' });
  const issuedTokens = new Set<string>();
  const app: FastifyInstance = Fastify({ logger: false });
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.url.startsWith('/token') && typeof payload === 'string') {
      const body = JSON.parse(payload) as Record<string, unknown>;
      for (const key of ['access_token', 'refresh_token', 'id_token'])
        if (typeof body[key] === 'string') issuedTokens.add(body[key]);
    }
    return payload;
  });
  await app.register(oauthPlugin, { oauth });
  app.get(
    '/admin/directory/v1/customers/:customerKey',
    { preHandler: requireScopes(oauth, ['admin.directory.customer.readonly']) },
    async (request) => {
      const admin = callerOf(request)!.admin;
      return {
        kind: 'admin#directory#customer',
        id: admin.customerId,
        customerDomain: admin.hostedDomain,
      };
    },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { origin, oauth, issuedTokens, close: () => app.close() };
}

/** A browser's cookie jar, enough for one origin. */
export class CookieJar {
  readonly cookies = new Map<string, { value: string; httpOnly: boolean }>();

  store(response: LightMyRequestResponse): void {
    const header = response.headers['set-cookie'];
    for (const line of [header ?? []].flat()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const expired = attributes.some((a) => /^max-age=0$/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, { value, httpOnly: attributes.some((a) => /^httponly$/i.test(a)) });
    }
  }

  header(): string {
    return [...this.cookies].map(([name, { value }]) => `${name}=${value}`).join('; ');
  }
}

/** Extracts the consent form's hidden request id from the emulator's page. */
export function consentRequestId(html: string): string {
  const match = /name="request_id" value="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error('no consent form in the emulator page');
  return match[1];
}

/** Submits the emulator's consent form as a browser would; returns the redirect to Fleetdeck. */
export async function approveConsent(
  authorizeUrl: string,
  email: string,
  keepScope: (scope: string) => boolean = () => true,
): Promise<string> {
  const page = await fetch(authorizeUrl);
  const html = await page.text();
  const form = new URLSearchParams({ request_id: consentRequestId(html), account: email });
  for (const match of html.matchAll(/name="scope" value="([^"]+)"/g))
    if (match[1] && keepScope(match[1])) form.append('scope', match[1]);
  const url = new URL(authorizeUrl);
  const answer = await fetch(`${url.origin}${url.pathname}`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const location = answer.headers.get('location');
  if (answer.status !== 302 || !location) throw new Error(`consent answered ${answer.status}`);
  return location;
}
