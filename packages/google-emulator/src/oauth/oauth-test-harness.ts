import { createHash, randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { createOAuthService, type OAuthService, type OAuthServiceOptions } from './oauth-service.ts';
import { oauthPlugin } from './plugin.ts';
import { requireScopes } from './require-scopes.ts';
import { SCOPES } from './scopes.ts';

/* Shared by the OAuth tests: a bare Fastify app with the OAuth plugin and a browser-like consent driver. */

export const ISSUER = 'http://emulator.test';
export const REDIRECT = 'http://app.test/api/identity/callback/google';
export const OWNER = 'it-director@springfield.example';
export const clock = { now: Date.parse('2026-03-02T09:00:00Z') };
export const apps: FastifyInstance[] = [];

export interface TokenBody {
  access_token: string;
  refresh_token?: string;
  id_token: string;
  scope: string;
  token_type: string;
  expires_in: number;
}

export async function build(
  extra: Partial<OAuthServiceOptions> = {},
): Promise<{ app: FastifyInstance; oauth: OAuthService }> {
  const oauth = createOAuthService({
    issuer: () => ISSUER,
    domain: 'springfield.example',
    customerId: 'C01abcdef',
    now: () => clock.now,
    ...extra,
  });
  const app = Fastify();
  await app.register(oauthPlugin, { oauth });
  app.get(
    '/probe',
    { preHandler: requireScopes(oauth, [SCOPES.policyReadonly, SCOPES.policy]) },
    async () => ({ ok: true }),
  );
  apps.push(app);
  return { app, oauth };
}

export interface FlowOptions {
  accessType?: string;
  prompt?: string;
  account?: string;
  scopes?: string[];
  untick?: string[];
  clientId?: string;
  verifier?: string | null;
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** Drives the consent page like a browser without JavaScript: GET the form, POST a button. */
export async function authorize(app: FastifyInstance, options: FlowOptions = {}) {
  const { verifier, challenge } = pkcePair();
  const scopes = options.scopes ?? ['openid', 'email', 'profile', SCOPES.policy];
  const query = new URLSearchParams({
    client_id: options.clientId ?? 'dev-client',
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope: scopes.join(' '),
    state: 'st<ate>&1',
    nonce: 'n-0S6_WzA2Mj',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    access_type: options.accessType ?? 'offline',
    ...(options.prompt === undefined ? {} : { prompt: options.prompt }),
  });
  const page = await app.inject({ method: 'GET', url: `/o/oauth2/v2/auth?${query.toString()}` });
  expect(page.statusCode).toBe(200);
  const requestId = /name="request_id" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
  const form = new URLSearchParams({ request_id: requestId, account: options.account ?? OWNER });
  for (const scope of scopes)
    if (scope.startsWith('https://') && !(options.untick ?? []).includes(scope)) form.append('scope', scope);
  const decision = await app.inject({
    method: 'POST',
    url: '/o/oauth2/v2/auth',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
  expect(decision.statusCode).toBe(302);
  const location = new URL(String(decision.headers.location));
  return { page, location, code: location.searchParams.get('code') ?? '', verifier };
}

export async function exchange(
  app: FastifyInstance,
  code: string,
  verifier: string | undefined,
  clientId = 'dev-client',
) {
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT,
    client_id: clientId,
    client_secret: 'dev-secret',
  });
  if (verifier !== undefined) form.set('code_verifier', verifier);
  return app.inject({
    method: 'POST',
    url: '/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
}

export async function refresh(app: FastifyInstance, refreshToken: string) {
  const form = new URLSearchParams({
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: 'dev-client',
    client_secret: 'dev-secret',
  });
  return app.inject({
    method: 'POST',
    url: '/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
}
