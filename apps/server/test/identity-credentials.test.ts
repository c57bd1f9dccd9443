import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_MESSAGES } from '@fleetdeck/shared/identity-messages';
import { identityOf } from '../src/modules/identity/identity-plugin.ts';
import { backendName } from './test-database.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { Browser, PUBLIC_URL } from './identity-browser.ts';

/** Routes that are public on purpose; everything else under /api/ must demand a session. */
const PUBLIC_API_ROUTES = new Set(['GET /api/dev/outbox', 'HEAD /api/dev/outbox']);

describe(`sessions, bearer JWTs, sign-in methods and their limits on ${backendName}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL });
  });
  afterAll(async () => t.close());

  /** Email one-time-code sign-in, reading the code from the development outbox. */
  const signInWithEmailCode = async (browser: Browser, email: string) => {
    const sent = await browser.post('/api/identity/email-otp/send-verification-otp', {
      email,
      type: 'sign-in',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const outbox = await browser.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
    const text = outbox.json<{ messages: { text: string }[] }>().messages[0]?.text ?? '';
    const otp = /\b(\d{6})\b/.exec(text)?.[1] ?? '';
    const signedIn = await browser.post('/api/identity/sign-in/email-otp', { email, otp });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
  };

  it('rejects unauthenticated calls to every product route with 401 "Auth session missing!"', async () => {
    const routes = identityOf(t.app).routes.filter(
      (r) =>
        r.url.startsWith('/api/') && !PUBLIC_API_ROUTES.has(`${r.method} ${r.url}`) && r.method !== 'HEAD',
    );
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: route.url.replace(/:(\w+)/g, 'x'),
        headers: { origin: PUBLIC_URL },
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json()).toMatchObject({
        error: 'session_missing',
        message: IDENTITY_MESSAGES.sessionMissing,
      });
    }
  });

  it('answers a wrong email code with words that say what to do, keeping the stable code', async () => {
    const browser = new Browser(t.app, '10.0.2.9');
    const email = 'wrong-code@school.example';
    await browser.post('/api/identity/email-otp/send-verification-otp', { email, type: 'sign-in' });
    const outbox = await browser.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
    const sent = /\b(\d{6})\b/.exec(outbox.json<{ messages: { text: string }[] }>().messages[0]?.text ?? '');
    const wrong = await browser.post('/api/identity/sign-in/email-otp', {
      email,
      otp: sent?.[1] === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      code: 'INVALID_OTP',
      message:
        'That code is not right. Use the code from the latest email (asking again replaces the earlier code), or choose Resend code.',
    });
  });

  it('signs in with an email code and accepts a bearer JWT; rejects tampered and expired ones', async () => {
    const browser = new Browser(t.app, '10.0.2.1');
    await signInWithEmailCode(browser, 'tech@school.example');
    const jwt = (await browser.get('/api/identity/token')).json<{ token: string }>().token;
    const jwks = await t.app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
    expect(jwks.json<{ keys: { kty: string; crv: string }[] }>().keys[0]).toMatchObject({
      kty: 'OKP',
      crv: 'Ed25519',
    });

    const bearer = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    const me = await bearer(jwt);
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({
      user: { email: 'tech@school.example' },
      session: { aal: 'aal1' },
      organization: null,
    });
    // A bearer write needs no Origin: CSRF applies to cookies only.
    const status = await t.app.inject({
      method: 'POST',
      url: '/api/auth/session-status',
      headers: { authorization: `Bearer ${jwt}` },
    });
    expect(status.json()).toEqual({ onboarded: false });

    const [header, payload, signature] = jwt.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url');
    const tampered = await bearer(`${header}.${forged}.${signature}`);
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json()).toMatchObject({
      error: 'invalid_jwt',
      message: IDENTITY_MESSAGES.invalidJwtSignature,
    });

    const now = Math.floor(Date.now() / 1000);
    const { token: expired } = await identityOf(t.app).auth.api.signJWT({
      body: { payload: { ...claims, iat: now - 3600, exp: now - 60 } },
    });
    const late = await bearer(expired);
    expect(late.statusCode).toBe(401);
    expect(late.json<{ error: string; message: string }>()).toMatchObject({ error: 'invalid_jwt' });
    expect(late.json<{ message: string }>().message).toMatch(/expired/);
    expect((await bearer('not-a-jwt')).statusCode).toBe(401);
  });

  it('logs out with 204, after which cookie and JWT fail; a second logout is 401', async () => {
    const browser = new Browser(t.app, '10.0.2.2');
    await signInWithEmailCode(browser, 'librarian@school.example');
    const jwt = (await browser.get('/api/identity/token')).json<{ token: string }>().token;
    const cookie = browser.jar.header();
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ error: 'csrf_origin_mismatch' });

    const logout = await browser.post('/api/auth/logout');
    expect(logout.statusCode).toBe(204);
    expect(String(logout.headers['set-cookie'])).toMatch(/session_token=;|Max-Age=0/);
    const replay = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(replay.statusCode).toBe(401);
    const jwtAfter = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${jwt}` },
    });
    expect(jwtAfter.statusCode).toBe(401);
    expect((await browser.post('/api/auth/logout')).statusCode).toBe(401);
  });

  it('revokes the previous session when the same browser signs in again, and signs out other devices', async () => {
    const laptop = new Browser(t.app, '10.0.2.3');
    await signInWithEmailCode(laptop, 'owner@school.example');
    const firstCookie = laptop.jar.header();
    const phone = new Browser(t.app, '10.0.2.4');
    await signInWithEmailCode(phone, 'owner@school.example');
    await signInWithEmailCode(laptop, 'owner@school.example');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: firstCookie } }))
        .statusCode,
    ).toBe(401);
    expect((await laptop.post('/api/auth/sign-out', { scope: 'others' })).statusCode).toBe(204);
    expect((await phone.get('/api/auth/me')).statusCode).toBe(401);
    expect((await laptop.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('answers brute-force password sign-in with 429', async () => {
    const attacker = new Browser(t.app, '10.0.2.5');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      statuses.push(
        (
          await attacker.post('/api/identity/sign-in/email', {
            email: 'owner@school.example',
            password: `guess-${i}-wrong-password`,
          })
        ).statusCode,
      );
    }
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.at(-1)).toBe(429);
  });

  it("answers with the specification's validation messages word for word", async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      [
        '/api/identity/sign-in/email',
        { email: 'a@school.example' },
        IDENTITY_MESSAGES.passwordCredentialsMissing,
      ],
      [
        '/api/identity/sign-up/email',
        { password: 'long-enough-password', name: 'A' },
        IDENTITY_MESSAGES.passwordCredentialsMissing,
      ],
      ['/api/identity/sign-in/email-otp', { otp: '123456' }, IDENTITY_MESSAGES.otpRecipientMissing],
      [
        '/api/identity/email-otp/send-verification-otp',
        { type: 'sign-in' },
        IDENTITY_MESSAGES.otpRecipientMissing,
      ],
      [
        '/api/identity/email-otp/send-verification-otp',
        { email: 'a@school.example' },
        IDENTITY_MESSAGES.resendTypeMissing,
      ],
    ];
    let address = 10;
    for (const [url, payload, message] of cases) {
      address += 1;
      const res = await new Browser(t.app, `10.0.3.${address}`).post(url, payload);
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(message);
    }
    expect(IDENTITY_MESSAGES.passwordCredentialsMissing).toBe(
      'You must provide either an email or phone number and a password',
    );
    expect(IDENTITY_MESSAGES.otpRecipientMissing).toBe('You must provide either an email or phone number.');
    expect(IDENTITY_MESSAGES.resendTypeMissing).toBe(
      'You must provide either an email or phone number and a type',
    );
  });

  it('Forgot password? mails a link that really sets a password, here a first one, then signs in with it', async () => {
    const email = 'forgetful@school.example';
    await signInWithEmailCode(new Browser(t.app, '10.0.2.20'), email);
    const browser = new Browser(t.app, '10.0.2.21');
    const link = await browser.passwordResetLink(email);
    // The emailed link leads to the reset page with its token.
    const opened = await browser.get(link.pathname + link.search);
    expect(opened.statusCode).toBe(302);
    const landing = new URL(String(opened.headers.location));
    expect(`${landing.origin}${landing.pathname}`).toBe(`${PUBLIC_URL}/reset-password`);
    const token = landing.searchParams.get('token') ?? '';
    expect(token).not.toBe('');
    const reset = await browser.post('/api/identity/reset-password', {
      token,
      newPassword: 'a long first password',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const signedIn = await browser.post('/api/identity/sign-in/email', {
      email,
      password: 'a long first password',
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const wrong = await new Browser(t.app, '10.7.7.7').post('/api/identity/sign-in/email', {
      email,
      password: 'not the password at all',
    });
    expect(wrong.statusCode, wrong.body).toBe(401);
    expect(wrong.json()).toMatchObject({ error_code: 'invalid_credentials', reasons: ['email_or_password'] });
    expect(wrong.json<{ message: string }>().message).toMatch(/^Invalid login credentials: /);
    // Both steps are in the log, once each; the reset names whose password it was.
    const log = await t.testDb.database.db
      .selectFrom('audit_log')
      .select(['action', 'outcome', 'actor_label', 'actor_user_id', 'org_id'])
      .where('action', 'like', 'auth.password_reset%')
      .orderBy('occurred_at')
      .execute();
    const member = await t.testDb.database.db
      .selectFrom('user')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(log.map(({ action, outcome }) => `${action}:${outcome}`)).toEqual([
      'auth.password_reset_requested:success',
      'auth.password_reset:success',
    ]);
    expect(log[0]).toMatchObject({ actor_label: email });
    // (Not a member of any organization yet, so the entry is in no organization's log.)
    expect(log[1]).toMatchObject({ actor_label: email, actor_user_id: member.id, org_id: null });
  });

  it('keeps Google token routes closed to browsers', async () => {
    const browser = new Browser(t.app, '10.0.2.6');
    await signInWithEmailCode(browser, 'viewer@school.example');
    for (const path of ['/refresh-token', '/get-access-token', '/account-info']) {
      const res = await browser.post(`/api/identity${path}`, { providerId: 'google' });
      expect(res.statusCode, path).toBe(404);
    }
  });
  it('answers a too short password as a weak password listing its reasons', async () => {
    const browser = new Browser(t.app, '10.7.7.8');
    const weak = await browser.post('/api/identity/reset-password', {
      token: 'x'.repeat(24),
      newPassword: 'short',
    });
    expect(weak.statusCode, weak.body).toBe(400);
    expect(weak.json()).toMatchObject({
      code: 'PASSWORD_TOO_SHORT',
      error_code: 'weak_password',
      weak_password: { reasons: ['length'] },
    });
    expect(weak.json<{ message: string }>().message).toContain('at least 12 characters');
  });
});
