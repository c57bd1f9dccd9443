import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import {
  apps,
  authorize,
  build,
  exchange,
  ISSUER,
  OWNER,
  pkcePair,
  REDIRECT,
  clock,
  type TokenBody,
} from './oauth-test-harness.ts';
import { SCOPES } from './scopes.ts';
import { accessTokenHash } from './signing-keys.ts';

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

describe('discovery and consent page', () => {
  it('serves a discovery document whose endpoints live on the emulator origin', async () => {
    const { app } = await build();
    const doc = (await app.inject('/.well-known/openid-configuration')).json();
    expect(doc.issuer).toBe(ISSUER);
    expect(doc.authorization_endpoint).toBe(`${ISSUER}/o/oauth2/v2/auth`);
    expect(doc.token_endpoint).toBe(`${ISSUER}/token`);
    expect(doc.userinfo_endpoint).toBe(`${ISSUER}/v1/userinfo`);
    expect(doc.jwks_uri).toBe(`${ISSUER}/oauth2/v3/certs`);
    expect(doc.id_token_signing_alg_values_supported).toEqual(['RS256']);
    expect(doc.code_challenge_methods_supported).toContain('S256');
  });

  it('renders an escaped, script-free page under a strict CSP', async () => {
    const { app, oauth } = await build();
    const { page } = await authorize(app, { clientId: '<script>alert(1)</script>' });
    expect(page.body).not.toContain('<script>');
    expect(page.body).toContain('&#60;script&#62;');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self' http://app.test");
    expect(csp).not.toContain('unsafe-inline');
    for (const admin of oauth.admins()) expect(page.body).toContain(admin.email);
  });

  it('shows Google-style error pages for a malformed request instead of redirecting', async () => {
    const { app } = await build();
    const noScope = await app.inject(
      `/o/oauth2/v2/auth?client_id=a&redirect_uri=${encodeURIComponent(REDIRECT)}&response_type=code`,
    );
    expect(noScope.statusCode).toBe(400);
    expect(noScope.body).toContain('Missing required parameter: scope');
    const badMethod = await app.inject(
      `/o/oauth2/v2/auth?client_id=a&redirect_uri=${encodeURIComponent(REDIRECT)}&response_type=code&scope=openid&code_challenge=${'a'.repeat(43)}&code_challenge_method=S512`,
    );
    expect(badMethod.statusCode).toBe(400);
    expect(badMethod.body).toContain('code_challenge_method');
  });

  it('redirects access_denied with the state when the user cancels', async () => {
    const { app } = await build();
    const page = await app.inject(
      `/o/oauth2/v2/auth?client_id=a&redirect_uri=${encodeURIComponent(REDIRECT)}&response_type=code&scope=openid&state=xyz`,
    );
    const requestId = /name="request_id" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const denied = await app.inject({
      method: 'POST',
      url: '/o/oauth2/v2/auth',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `request_id=${requestId}&action=deny`,
    });
    const location = new URL(String(denied.headers.location));
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('xyz');
  });
});

describe('authorization code flow', () => {
  it('issues tokens and an id_token that verifies against the JWKS', async () => {
    const { app } = await build();
    const { location, code, verifier } = await authorize(app);
    expect(location.origin + location.pathname).toBe(REDIRECT);
    expect(location.searchParams.get('state')).toBe('st<ate>&1');
    const response = await exchange(app, code, verifier);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const tokens = response.json<TokenBody>();
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3599 });
    expect(tokens.scope.split(' ')).toContain(SCOPES.policy);
    expect(typeof tokens.refresh_token).toBe('string');
    const jwks = createLocalJWKSet((await app.inject('/oauth2/v3/certs')).json());
    const { payload } = await jwtVerify(tokens.id_token, jwks, {
      issuer: ISSUER,
      audience: 'dev-client',
      currentDate: new Date(clock.now),
    });
    expect(payload).toMatchObject({
      email: OWNER,
      email_verified: true,
      hd: 'springfield.example',
      nonce: 'n-0S6_WzA2Mj',
    });
    expect(payload.at_hash).toBe(accessTokenHash(tokens.access_token));
    const userinfo = await app.inject({
      url: '/v1/userinfo',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(userinfo.json()).toMatchObject({ sub: payload.sub, email: OWNER });
    const probe = await app.inject({
      url: '/probe',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(probe.statusCode).toBe(200);
  });

  it('refuses a wrong or missing PKCE verifier and a replayed code', async () => {
    const { app } = await build();
    const first = await authorize(app);
    expect((await exchange(app, first.code, undefined)).json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Missing code verifier.',
    });
    const second = await authorize(app);
    const wrong = await exchange(app, second.code, pkcePair().verifier);
    expect(wrong.json().error).toBe('invalid_grant');
    const third = await authorize(app);
    const ok = await exchange(app, third.code, third.verifier);
    const replay = await exchange(app, third.code, third.verifier);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe('invalid_grant');
    const revoked = await app.inject({
      url: '/probe',
      headers: { authorization: `Bearer ${ok.json().access_token}` },
    });
    expect(revoked.statusCode).toBe(401);
  });

  it('grants only the scopes left ticked on the consent page', async () => {
    const { app } = await build();
    const { code, verifier, location } = await authorize(app, { untick: [SCOPES.policy] });
    expect(location.searchParams.get('scope')).not.toContain(SCOPES.policy);
    const tokens = (await exchange(app, code, verifier)).json<TokenBody>();
    expect(tokens.scope).toBe('openid email profile');
    const probe = await app.inject({
      url: '/probe',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(probe.statusCode).toBe(403);
  });
});
