import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedBeforeSecondFactor } from '../src/modules/identity/identity-hooks.ts';
import { identityOf } from '../src/modules/identity/identity-plugin.ts';
import { Browser, PUBLIC_URL, totpCode } from './identity-browser.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { backendName } from './test-database.ts';

/** Routes closed to browsers altogether (404), so no session reaches them. */
const DISABLED = new Set(['/refresh-token', '/get-access-token', '/account-info']);

const EMAIL = 'two-factor-gate@school.example';

/**
 * A user with TOTP signs in with an email code: the session is aal1 until the challenge passes.
 * Every account-changing identity route must refuse it with MFA_REQUIRED until then.
 */
describe(`identity routes that change an account need the second factor, on ${backendName}`, () => {
  let t: TestApp;
  let totpURI: string;
  let pending: Browser;

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL });
    const enrolled = new Browser(t.app, '10.0.9.1');
    await enrolled.signInWithEmailCode(EMAIL);
    const enable = await enrolled.post('/api/identity/two-factor/enable', {});
    expect(enable.statusCode, enable.body).toBe(200);
    totpURI = enable.json<{ totpURI: string }>().totpURI;
    const verified = await enrolled.post('/api/identity/two-factor/verify-totp', { code: totpCode(totpURI) });
    expect(verified.statusCode, verified.body).toBe(200);
    pending = new Browser(t.app, '10.0.9.2');
    await pending.signInWithEmailCode(EMAIL);
    expect((await pending.get('/api/auth/me')).json()).toMatchObject({
      session: { aal: 'aal1', nextLevel: 'aal2' },
    });
  });
  afterAll(async () => t.close());

  const refusedForSecondFactor = async (method: 'GET' | 'POST', path: string, payload?: unknown) => {
    const response = await pending.request({
      method,
      url: `/api/identity${path}`,
      ...(method === 'POST' ? { payload: payload ?? {} } : {}),
    });
    expect(response.statusCode, `${method} ${path}: ${response.body}`).toBe(403);
    expect(response.json(), `${method} ${path}`).toMatchObject({ code: 'MFA_REQUIRED' });
  };

  it('refuses ending sessions: revoke one, the others, all; the app sign-out of other devices', async () => {
    await refusedForSecondFactor('POST', '/revoke-other-sessions');
    await refusedForSecondFactor('POST', '/revoke-sessions');
    await refusedForSecondFactor('POST', '/revoke-session', { token: 'any-session-token' });
    await refusedForSecondFactor('GET', '/list-sessions');
    await refusedForSecondFactor('POST', '/update-session', {});
    for (const scope of ['others', 'global']) {
      const response = await pending.post('/api/auth/sign-out', { scope });
      expect(response.statusCode, scope).toBe(403);
      expect(response.json()).toMatchObject({ error: 'mfa_required' });
    }
    // Every session of the user is still there.
    const sessions = await t.testDb.database.db
      .selectFrom('session')
      .innerJoin('user', 'user.id', 'session.userId')
      .select('session.id')
      .where('user.email', '=', EMAIL)
      .execute();
    expect(sessions).toHaveLength(2);
  });

  it('refuses changing the password, the email address or the profile', async () => {
    await refusedForSecondFactor('POST', '/change-password', {
      currentPassword: 'a long old password',
      newPassword: 'a long new password',
    });
    await refusedForSecondFactor('POST', '/change-email', { newEmail: 'elsewhere@school.example' });
    await refusedForSecondFactor('POST', '/email-otp/request-email-change', {
      newEmail: 'elsewhere@school.example',
    });
    await refusedForSecondFactor('POST', '/email-otp/change-email', {
      newEmail: 'elsewhere@school.example',
      otp: '123456',
    });
    await refusedForSecondFactor('POST', '/update-user', { name: 'Somebody Else' });
    await refusedForSecondFactor('POST', '/verify-password', { password: 'a guess of a password' });
    await refusedForSecondFactor('POST', '/delete-user', {});
  });

  it('refuses changing the second factor: enable, disable, backup codes, the TOTP secret', async () => {
    await refusedForSecondFactor('POST', '/two-factor/disable', {});
    await refusedForSecondFactor('POST', '/two-factor/enable', {});
    await refusedForSecondFactor('POST', '/two-factor/generate-backup-codes', {});
    await refusedForSecondFactor('POST', '/two-factor/get-totp-uri', {});
  });

  it('refuses linking and unlinking Google, listing linked accounts, and minting JWTs', async () => {
    await refusedForSecondFactor('POST', '/link-social', { provider: 'google' });
    await refusedForSecondFactor('POST', '/unlink-account', { providerId: 'google' });
    await refusedForSecondFactor('GET', '/list-accounts');
    await refusedForSecondFactor('GET', '/token');
  });

  it('gates every better-auth route but the sign-in, challenge, sign-out and mailed-token ones', async () => {
    const endpoints = Object.values(identityOf(t.app).auth.api as Record<string, unknown>).flatMap(
      (value) => {
        const endpoint = value as { path?: string; options?: { method?: string | string[] } };
        if (typeof endpoint.path !== 'string' || DISABLED.has(endpoint.path)) return [];
        const method: 'GET' | 'POST' =
          [endpoint.options?.method ?? 'POST'].flat()[0] === 'GET' ? 'GET' : 'POST';
        return [{ path: endpoint.path, method }];
      },
    );
    expect(endpoints.length).toBeGreaterThan(40);
    const open = endpoints.filter((endpoint) => allowedBeforeSecondFactor(endpoint.path)).map((e) => e.path);
    // The routes a session owing its second factor may call, judged one by one.
    expect(open.sort()).toEqual(
      [
        '/callback/:id',
        '/email-otp/check-verification-otp',
        '/email-otp/request-password-reset',
        '/email-otp/reset-password',
        '/email-otp/send-verification-otp',
        '/email-otp/verify-email',
        '/error',
        '/forget-password/email-otp',
        '/get-session',
        '/jwks',
        '/ok',
        '/request-password-reset',
        '/reset-password',
        '/reset-password/:token',
        '/send-verification-email',
        '/sign-in/email',
        '/sign-in/email-otp',
        '/sign-in/social',
        '/sign-out',
        '/sign-up/email',
        '/two-factor/send-otp',
        '/two-factor/verify-backup-code',
        '/two-factor/verify-otp',
        '/two-factor/verify-totp',
        '/verify-email',
      ].sort(),
    );
    for (const endpoint of endpoints.filter((e) => !allowedBeforeSecondFactor(e.path)))
      await refusedForSecondFactor(endpoint.method, endpoint.path.replace(/:(\w+)/g, 'x'));
  });

  it('lets the same routes through once the challenge passed', async () => {
    const passed = await pending.post('/api/identity/two-factor/verify-totp', {
      code: totpCode(totpURI, Date.now() + 30_000),
    });
    expect(passed.statusCode, passed.body).toBe(200);
    expect((await pending.get('/api/identity/list-sessions')).statusCode).toBe(200);
    expect((await pending.post('/api/identity/update-user', { name: 'Gate Keeper' })).statusCode).toBe(200);
    const revoked = await pending.post('/api/identity/revoke-other-sessions', {});
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await pending.post('/api/auth/sign-out', { scope: 'others' })).statusCode).toBe(204);
  });
});
