import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage, AuditVerifyResult } from '@fleetdeck/shared/audit-contract';
import { backendName } from './test-database.ts';
import type { TestApp } from './test-app.ts';
import { OWNER_EMAIL, startGoogleStandIn, type GoogleStandIn } from './google-sign-in-harness.ts';
import { Browser, createSignInTestApp, totpCode } from './identity-browser.ts';

/**
 * Sign-ins and failed sign-ins land in the member's organization with the address and browser
 * they came from, whatever the method; the log's own routes (export, verify, retention) work
 * through HTTP and are audited.
 */
describe(`audit log of sign-ins, and its routes, on ${backendName}`, () => {
  let google: GoogleStandIn;
  let t: TestApp;
  let owner: Browser;
  let orgId: string;
  beforeAll(async () => {
    google = await startGoogleStandIn();
    t = await createSignInTestApp(google);
    owner = new Browser(t.app, '10.0.7.1');
    expect((await owner.signInWithGoogle(OWNER_EMAIL)).statusCode).toBe(302);
    const connect = await owner.post('/api/onboarding/connect');
    expect(connect.statusCode, connect.body).toBe(200);
    orgId = connect.json<{ organization: { id: string } }>().organization.id;
  });
  afterAll(async () => {
    await t.close();
    await google.close();
  });

  const signIns = (ip: string) =>
    t.testDb.database.db
      .selectFrom('audit_log')
      .select([
        'action',
        'outcome',
        'org_id',
        'actor_user_id',
        'actor_label',
        'actor_name',
        'ip',
        'user_agent',
        'details',
      ])
      .where('ip', '=', ip)
      .orderBy('occurred_at')
      .orderBy('chain_seq')
      .execute();

  it('records a Google sign-in and a refused one with address and browser', async () => {
    const member = new Browser(t.app, '10.0.7.2');
    expect((await member.signInWithGoogle(OWNER_EMAIL)).statusCode).toBe(302);
    const refused = new Browser(t.app, '10.0.7.3');
    const callback = await refused.get('/api/identity/callback/google?code=forged&state=forged');
    expect(callback.statusCode).toBe(302);
    const [signedIn] = await signIns('10.0.7.2');
    expect(signedIn).toMatchObject({
      action: 'auth.sign_in',
      outcome: 'success',
      org_id: orgId,
      actor_label: OWNER_EMAIL,
      actor_name: expect.any(String),
      user_agent: 'lightMyRequest',
      details: { method: 'google' },
    });
    expect(await signIns('10.0.7.3')).toEqual([
      expect.objectContaining({
        action: 'auth.sign_in',
        outcome: 'failure',
        org_id: null,
        user_agent: 'lightMyRequest',
        details: { method: 'google', error: expect.any(String) },
      }),
    ]);
  });

  it("files a wrong password or email code for a member's address in their organization", async () => {
    const guesser = new Browser(t.app, '10.0.7.4');
    const wrong = await guesser.post('/api/identity/sign-in/email', {
      email: OWNER_EMAIL,
      password: 'not the password!',
    });
    expect(wrong.statusCode).toBe(401);
    await guesser.post('/api/identity/email-otp/send-verification-otp', {
      email: OWNER_EMAIL,
      type: 'sign-in',
    });
    const badCode = await guesser.post('/api/identity/sign-in/email-otp', {
      email: OWNER_EMAIL,
      otp: '000000',
    });
    expect(badCode.statusCode).toBeGreaterThanOrEqual(400);
    const stranger = await guesser.post('/api/identity/sign-in/email', {
      email: 'nobody@elsewhere.example',
      password: 'not the password!',
    });
    expect(stranger.statusCode).toBe(401);
    const rows = await signIns('10.0.7.4');
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'auth.sign_in',
        outcome: 'failure',
        org_id: orgId,
        actor_user_id: null,
        actor_label: OWNER_EMAIL,
        user_agent: 'lightMyRequest',
        details: expect.objectContaining({ method: 'password' }),
      }),
      expect.objectContaining({
        outcome: 'failure',
        org_id: orgId,
        actor_label: OWNER_EMAIL,
        details: expect.objectContaining({ method: 'email_otp' }),
      }),
      expect.objectContaining({ outcome: 'failure', org_id: null, actor_label: 'nobody@elsewhere.example' }),
    ]);
    const codeUser = new Browser(t.app, '10.0.7.5');
    await codeUser.signInWithEmailCode(OWNER_EMAIL);
    expect(await signIns('10.0.7.5')).toEqual([
      expect.objectContaining({
        action: 'auth.sign_in',
        outcome: 'success',
        org_id: orgId,
        actor_label: OWNER_EMAIL,
        details: { method: 'email_otp' },
      }),
    ]);
  });

  it('records a wrong and a right second-factor code with address and browser', async () => {
    const enable = await owner.post('/api/identity/two-factor/enable', {});
    expect(enable.statusCode, enable.body).toBe(200);
    const { totpURI } = enable.json<{ totpURI: string }>();
    expect(
      (await owner.post('/api/identity/two-factor/verify-totp', { code: totpCode(totpURI) })).statusCode,
    ).toBe(200);
    const again = new Browser(t.app, '10.0.7.6');
    await again.signInWithGoogle(OWNER_EMAIL);
    expect((await again.post('/api/identity/two-factor/verify-totp', { code: '000000' })).statusCode).toBe(
      401,
    );
    expect(
      (await again.post('/api/identity/two-factor/verify-totp', { code: totpCode(totpURI) })).statusCode,
    ).toBe(200);
    const rows = await signIns('10.0.7.6');
    expect(rows.map((row) => [row.action, row.outcome, row.org_id, row.user_agent])).toEqual([
      ['auth.sign_in', 'success', orgId, 'lightMyRequest'],
      ['mfa.challenge_failed', 'failure', orgId, 'lightMyRequest'],
      ['mfa.challenge_verified', 'success', orgId, 'lightMyRequest'],
    ]);
    expect(rows[1]).toMatchObject({ actor_label: OWNER_EMAIL, actor_name: expect.any(String) });
  });

  it('exports the filtered log as CSV, verifies the chain and changes retention, each audited', async () => {
    const csv = await owner.get('/api/audit/export.csv?category=security&outcome=failure');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="fleetdeck-audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^\uFEFFWhen \(UTC\),Who,Email,/);
    const failures = (
      await owner.get('/api/audit?category=security&outcome=failure&limit=200')
    ).json<AuditPage>();
    expect(lines).toHaveLength(failures.entries.length + 1);
    expect(lines.slice(1).every((line) => line.includes(',failure,'))).toBe(true);
    expect((await owner.get('/api/audit/export.csv?outcome=maybe')).statusCode).toBe(400);

    const verify = await owner.post('/api/audit/verify');
    expect(verify.statusCode, verify.body).toBe(200);
    expect(verify.json<AuditVerifyResult>()).toMatchObject({ ok: true, firstBad: null });

    expect((await owner.get('/api/audit/retention')).json()).toEqual({ days: 400 });
    const tooShort = await owner.request({
      method: 'PUT',
      url: '/api/audit/retention',
      payload: { days: 7 },
    });
    expect(tooShort.statusCode).toBe(400);
    const changed = await owner.request({
      method: 'PUT',
      url: '/api/audit/retention',
      payload: { days: 90 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await owner.get('/api/audit/retention')).json()).toEqual({ days: 90 });

    const own = (await owner.get('/api/audit?category=audit&limit=50')).json<AuditPage>().entries;
    expect(own.map((entry) => entry.action)).toEqual([
      'audit.retention_changed',
      'audit.verified',
      'audit.exported',
    ]);
    expect(own[0]).toMatchObject({ details: { before: 400, after: 90 }, actorLabel: OWNER_EMAIL });
    expect(own[2]?.details).toMatchObject({
      rows: failures.entries.length,
      filters: { category: 'security', outcome: 'failure' },
    });
  });
});
