import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  apps,
  authorize,
  build,
  exchange,
  OWNER,
  REDIRECT,
  clock,
  refresh,
  type TokenBody,
} from './oauth-test-harness.ts';
import { SCOPES } from './scopes.ts';

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

describe('refresh tokens', () => {
  it('issues a refresh token only for offline access on first consent or prompt=consent', async () => {
    const { app } = await build();
    const online = await authorize(app, { accessType: 'online' });
    expect((await exchange(app, online.code, online.verifier)).json().refresh_token).toBeUndefined();
    const first = await authorize(app);
    expect((await exchange(app, first.code, first.verifier)).json().refresh_token).toBeDefined();
    const again = await authorize(app);
    expect((await exchange(app, again.code, again.verifier)).json().refresh_token).toBeUndefined();
    const forced = await authorize(app, { prompt: 'consent' });
    expect((await exchange(app, forced.code, forced.verifier)).json().refresh_token).toBeDefined();
  });

  it('keeps consents and refresh tokens in its grants file across a restart, revocations too', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'emulator-grants-'));
    const grantsFile = path.join(dir, 'grants.json');
    try {
      const before = await build({ grantsFile });
      const { code, verifier } = await authorize(before.app);
      const tokens = (await exchange(before.app, code, verifier)).json<TokenBody>();
      await before.app.close();
      expect(statSync(grantsFile).mode & 0o077).toBe(0);

      const restarted = await build({ grantsFile });
      const refreshed = await refresh(restarted.app, tokens.refresh_token ?? '');
      expect(refreshed.statusCode, refreshed.body).toBe(200);
      expect(restarted.oauth.grants().map((grant) => grant.email)).toEqual([OWNER]);
      // Consent is remembered: a second sign-in gives no new refresh token, as after first consent.
      const again = await authorize(restarted.app);
      expect(
        (await exchange(restarted.app, again.code, again.verifier)).json().refresh_token,
      ).toBeUndefined();
      expect(restarted.oauth.revokeGrant(OWNER)).toBe(1);
      await restarted.app.close();

      const third = await build({ grantsFile });
      expect((await refresh(third.app, tokens.refresh_token ?? '')).statusCode).toBe(400);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refreshes, then answers invalid_grant once the grant is revoked', async () => {
    const { app } = await build();
    const { code, verifier } = await authorize(app);
    const tokens = (await exchange(app, code, verifier)).json<TokenBody>();
    const refreshed = await refresh(app, tokens.refresh_token ?? '');
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().refresh_token).toBeUndefined();
    const fresh = refreshed.json().access_token;
    const revoke = await app.inject({
      method: 'POST',
      url: '/__emulator/oauth/revoke-grant',
      payload: { email: OWNER },
    });
    expect(revoke.json()).toEqual({ revoked: 1 });
    const after = await refresh(app, tokens.refresh_token ?? '');
    expect(after.statusCode).toBe(400);
    expect(after.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Token has been expired or revoked.',
    });
    const probe = await app.inject({ url: '/probe', headers: { authorization: `Bearer ${fresh}` } });
    expect(probe.statusCode).toBe(401);
  });

  it('revokes through /revoke and reports an unknown token as invalid_token', async () => {
    const { app } = await build();
    const { code, verifier } = await authorize(app);
    const tokens = (await exchange(app, code, verifier)).json<TokenBody>();
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const ok = await app.inject({
      method: 'POST',
      url: '/revoke',
      headers: form,
      payload: `token=${encodeURIComponent(tokens.refresh_token ?? '')}`,
    });
    expect(ok.statusCode).toBe(200);
    expect((await refresh(app, tokens.refresh_token ?? '')).json().error).toBe('invalid_grant');
    const again = await app.inject({
      method: 'POST',
      url: '/revoke',
      headers: form,
      payload: `token=${encodeURIComponent(tokens.refresh_token ?? '')}`,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: 'invalid_token', error_description: 'Token expired or revoked' });
  });
});

describe('token endpoint errors and strict clients', () => {
  it('answers in the flat OAuth error shape', async () => {
    const { app } = await build();
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const unsupported = await app.inject({
      method: 'POST',
      url: '/token',
      headers: form,
      payload: 'grant_type=password&client_id=a',
    });
    expect(unsupported.json()).toEqual({
      error: 'unsupported_grant_type',
      error_description: 'Invalid grant_type: password',
    });
    const noCode = await app.inject({
      method: 'POST',
      url: '/token',
      headers: form,
      payload: 'grant_type=authorization_code&client_id=a',
    });
    expect(noCode.json()).toEqual({
      error: 'invalid_request',
      error_description: 'Missing required parameter: code',
    });
    const noClient = await app.inject({
      method: 'POST',
      url: '/token',
      headers: form,
      payload: 'grant_type=refresh_token&refresh_token=x',
    });
    expect(noClient.statusCode).toBe(400);
    expect(noClient.json().error).toBe('invalid_request');
  });

  it('checks configured clients, secrets and redirect URIs in strict mode', async () => {
    const { app } = await build({
      strictClients: [{ clientId: 'fleetdeck', clientSecret: 's3cret', redirectUris: [REDIRECT] }],
    });
    const unknown = await app.inject(
      `/o/oauth2/v2/auth?client_id=other&redirect_uri=${encodeURIComponent(REDIRECT)}&response_type=code&scope=openid`,
    );
    expect(unknown.statusCode).toBe(401);
    expect(unknown.body).toContain('invalid_client');
    const badUri = await app.inject(
      `/o/oauth2/v2/auth?client_id=fleetdeck&redirect_uri=${encodeURIComponent('http://evil.test/cb')}&response_type=code&scope=openid`,
    );
    expect(badUri.statusCode).toBe(400);
    expect(badUri.body).toContain('redirect_uri_mismatch');
    expect(badUri.headers.location).toBeUndefined();
    const basic = (id: string, secret: string) =>
      `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
    const form = 'grant_type=refresh_token&refresh_token=x';
    const wrongSecret = await app.inject({
      method: 'POST',
      url: '/token',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: basic('fleetdeck', 'nope'),
      },
      payload: form,
    });
    expect(wrongSecret.statusCode).toBe(401);
    expect(wrongSecret.json()).toEqual({ error: 'invalid_client', error_description: 'Unauthorized' });
    const rightSecret = await app.inject({
      method: 'POST',
      url: '/token',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: basic('fleetdeck', 's3cret'),
      },
      payload: form,
    });
    expect(rightSecret.json().error).toBe('invalid_grant');
  });
});

describe('silent authorization', () => {
  it('answers prompt=none with login_required, consent_required, or a code', async () => {
    const { app } = await build();
    const base = `/o/oauth2/v2/auth?client_id=dev-client&redirect_uri=${encodeURIComponent(REDIRECT)}&response_type=code&scope=openid&prompt=none`;
    const noHint = new URL(String((await app.inject(base)).headers.location));
    expect(noHint.searchParams.get('error')).toBe('login_required');
    const noGrant = new URL(String((await app.inject(`${base}&login_hint=${OWNER}`)).headers.location));
    expect(noGrant.searchParams.get('error')).toBe('consent_required');
    const { code, verifier } = await authorize(app, { scopes: ['openid'] });
    await exchange(app, code, verifier);
    const silent = new URL(String((await app.inject(`${base}&login_hint=${OWNER}`)).headers.location));
    expect(silent.searchParams.get('code')).toMatch(/^4\//);
  });
});

describe('expiry through the clock', () => {
  it('expires access tokens after the configured lifetime', async () => {
    const { app, oauth } = await build({ accessTokenTtlSeconds: 60 });
    const token = oauth.mintAccessToken({ email: OWNER, scopes: [SCOPES.policyReadonly] });
    expect(
      (await app.inject({ url: '/probe', headers: { authorization: `Bearer ${token}` } })).statusCode,
    ).toBe(200);
    clock.now += 61_000;
    const expired = await app.inject({ url: '/probe', headers: { authorization: `Bearer ${token}` } });
    expect(expired.statusCode).toBe(401);
    expect(String(expired.headers['www-authenticate'])).toContain('error="invalid_token"');
  });
});
