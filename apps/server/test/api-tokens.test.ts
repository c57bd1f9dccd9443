import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { ApiToken, ApiTokenCreated } from '@fleetdeck/shared/api-token-contract';
import type { ListDevicesResponse } from '@fleetdeck/shared/fleet-contract';
import { seedDevices, seedOrgUnits } from './devices-fleet-harness.ts';
import { Browser, PUBLIC_URL } from './identity-browser.ts';
import { backendName } from './test-database.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Personal API tokens in the real app: a script's `Authorization: Bearer fdk_…` reaches the same
 * routes as the console, never with more than its creator holds now, and not at all once revoked,
 * expired, or its creator gone. The secret is shown once and kept nowhere.
 */

const ORG = 'org-tokens';
const OTHER_ORG = 'org-tokens-other';
const ADMIN_EMAIL = 'admin@tokens.example';
const TECH_EMAIL = 'tech@tokens.example';

describe(`personal API tokens on ${backendName}`, () => {
  let t: TestApp;
  let admin: Browser;
  let tech: Browser;
  let stranger: Browser;
  let adminId: string;
  let techId: string;
  const secrets: string[] = [];

  const db = () => t.testDb.database.db;
  /** A script: no cookie, no Origin, only the bearer token. */
  const script = (
    secret: string,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    address = '10.9.9.9',
  ) =>
    t.app.inject({
      method,
      url,
      remoteAddress: address,
      headers: { authorization: `Bearer ${secret}` },
      ...(payload ? { payload } : {}),
    });
  const deviceIds = async (secret: string) => {
    const response = await script(secret, 'GET', '/api/devices?q=status:ACTIVE');
    expect(response.statusCode, response.body).toBe(200);
    return response
      .json<ListDevicesResponse>()
      .devices.map((device) => device.deviceId)
      .sort();
  };
  const create = async (browser: Browser, body: object) => {
    const response = await browser.post('/api/api-tokens', body);
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<ApiTokenCreated>();
    secrets.push(created.secret);
    return created;
  };

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL });
    admin = new Browser(t.app, '10.8.0.1');
    tech = new Browser(t.app, '10.8.0.2');
    stranger = new Browser(t.app, '10.8.0.3');
    adminId = await admin.signInWithEmailCode(ADMIN_EMAIL);
    techId = await tech.signInWithEmailCode(TECH_EMAIL);
    const strangerId = await stranger.signInWithEmailCode('admin@elsewhere.example');
    await sql`insert into org (id, name, google_customer_id, onboarding_completed_at) values
      (${ORG}, 'Token district', 'C-tokens', now()), (${OTHER_ORG}, 'Elsewhere', 'C-else', now())`.execute(
      db(),
    );
    await sql`insert into org_member (org_id, user_id, role, ou_scope) values
      (${ORG}, ${adminId}, 'admin', '[]'::jsonb),
      (${ORG}, ${techId}, 'technician', '["/Schools/North"]'::jsonb),
      (${OTHER_ORG}, ${strangerId}, 'admin', '[]'::jsonb)`.execute(db());
    await seedOrgUnits(db(), ORG, ['/', '/Schools', '/Schools/North', '/Schools/South']);
    await seedDevices(db(), [
      { id: 'dev-north', org: ORG, serial: 'NORTH1', ou: '/Schools/North' },
      { id: 'dev-south', org: ORG, serial: 'SOUTH1', ou: '/Schools/South' },
      { id: 'dev-else', org: OTHER_ORG, serial: 'ELSE1', ou: '/' },
    ]);
    await admin.stepUpWithEmailCode(ADMIN_EMAIL);
    await tech.stepUpWithEmailCode(TECH_EMAIL);
    await stranger.stepUpWithEmailCode('admin@elsewhere.example');
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('asks for a step-up before a token is made (it outlives the session that made it)', async () => {
    const fresh = new Browser(t.app, '10.8.0.9');
    await fresh.signInWithEmailCode(ADMIN_EMAIL);
    const refused = await fresh.post('/api/api-tokens', { name: 'no step-up', role: 'viewer' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      error: 'step_up_required',
      details: { reason: 'api_token_create' },
    });
  });

  it('reads only within its units: the list, and 404 by id outside them', async () => {
    const { secret, token } = await create(admin, {
      name: 'North inventory',
      role: 'viewer',
      units: ['/Schools/North'],
      expiresInDays: 30,
    });
    expect(secret).toMatch(/^fdk_[A-Za-z0-9_-]{43}$/);
    expect(token).toMatchObject({
      role: 'viewer',
      units: ['/Schools/North'],
      status: 'active',
      lastUsedAt: null,
    });
    expect(Date.parse(token.expiresAt) - Date.now()).toBeGreaterThan(29 * 86_400_000);
    expect(await deviceIds(secret)).toEqual(['dev-north']);
    expect((await script(secret, 'GET', '/api/devices/dev-north')).statusCode).toBe(200);
    expect((await script(secret, 'GET', '/api/devices/dev-south')).statusCode).toBe(404);
    expect((await script(secret, 'GET', '/api/devices/dev-else')).statusCode).toBe(404);
    const me = await script(secret, 'GET', '/api/auth/me');
    expect(me.json()).toMatchObject({
      user: { id: adminId },
      organization: { id: ORG, role: 'viewer', units: ['/Schools/North'] },
    });
  });

  it('cannot act beyond its role: a viewer token of an admin cannot move a device', async () => {
    const { secret } = await create(admin, { name: 'Read only', role: 'viewer' });
    expect(await deviceIds(secret)).toEqual(['dev-north', 'dev-south']);
    const move = await script(secret, 'POST', '/api/devices/dev-north/move', {
      orgUnitPath: '/Schools/South',
    });
    expect(move.statusCode).toBe(403);
    expect(move.json()).toMatchObject({ error: 'forbidden' });
    const annotate = await script(secret, 'PATCH', '/api/devices/dev-north', { notes: 'x' });
    expect(annotate.statusCode).toBe(403);
  });

  it('never grants more than its creator holds: role, units, never owner', async () => {
    const tooHigh = await tech.post('/api/api-tokens', { name: 'x', role: 'admin' });
    expect(tooHigh.statusCode).toBe(403);
    expect(tooHigh.json<{ message: string }>().message).toMatch(/technician or viewer/);
    const wholeTree = await tech.post('/api/api-tokens', { name: 'x', role: 'viewer', units: [] });
    expect(wholeTree.statusCode).toBe(403);
    const outside = await tech.post('/api/api-tokens', {
      name: 'x',
      role: 'viewer',
      units: ['/Schools/South'],
    });
    expect(outside.statusCode).toBe(403);
    const owner = await admin.post('/api/api-tokens', { name: 'x', role: 'owner' });
    expect(owner.statusCode).toBe(400);
    for (const expiresInDays of [0, 366, 1.5])
      expect(
        (await admin.post('/api/api-tokens', { name: 'x', role: 'viewer', expiresInDays })).statusCode,
      ).toBe(400);
    expect((await admin.post('/api/api-tokens', { name: '   ', role: 'viewer' })).statusCode).toBe(400);
    const { secret } = await create(tech, {
      name: 'Tech script',
      role: 'technician',
      units: ['/Schools/North'],
    });
    expect(await deviceIds(secret)).toEqual(['dev-north']);
  });

  it('follows its creator: demoted, narrowed, then removed', async () => {
    const { secret } = await create(admin, { name: 'Admin script', role: 'admin' });
    const patch = () => script(secret, 'PATCH', '/api/devices/dev-south', { notes: 'checked' });
    expect((await script(secret, 'GET', '/api/organization/members')).statusCode).toBe(200);
    await sql`update org_member set role = 'viewer' where user_id = ${adminId}`.execute(db());
    expect((await script(secret, 'GET', '/api/auth/me')).json()).toMatchObject({
      organization: { role: 'viewer' },
    });
    expect((await patch()).statusCode).toBe(403);
    expect((await script(secret, 'GET', '/api/organization/members')).statusCode).toBe(403);
    await sql`update org_member set role = 'admin', ou_scope = '["/Schools/South"]'::jsonb where user_id = ${adminId}`.execute(
      db(),
    );
    expect(await deviceIds(secret)).toEqual(['dev-south']);
    // The first token made was limited to /Schools/North: its creator holds none of it now.
    const north = secrets[0] ?? '';
    expect((await script(north, 'GET', '/api/devices')).statusCode).toBe(403);
    await sql`delete from org_member where user_id = ${adminId}`.execute(db());
    const gone = await script(secret, 'GET', '/api/devices');
    expect(gone.statusCode).toBe(401);
    expect(gone.json()).toMatchObject({ error: 'api_token_invalid' });
    await sql`insert into org_member (org_id, user_id, role, ou_scope) values (${ORG}, ${adminId}, 'admin', '[]'::jsonb)`.execute(
      db(),
    );
    expect((await script(secret, 'GET', '/api/devices')).statusCode).toBe(200);
  });

  it('is refused once revoked, and once expired', async () => {
    const { secret, token } = await create(admin, { name: 'Short-lived', role: 'viewer' });
    expect((await script(secret, 'GET', '/api/devices')).statusCode).toBe(200);
    expect((await admin.request({ method: 'DELETE', url: `/api/api-tokens/${token.id}` })).statusCode).toBe(
      204,
    );
    const revoked = await script(secret, 'GET', '/api/devices');
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toMatchObject({ error: 'api_token_revoked' });
    // Revoking again changes nothing and is not audited twice.
    expect((await admin.request({ method: 'DELETE', url: `/api/api-tokens/${token.id}` })).statusCode).toBe(
      204,
    );
    const entries = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', token.id)
      .where('action', '=', 'api_token.revoked')
      .execute();
    expect(entries).toHaveLength(1);

    const other = await create(admin, { name: 'Expiring', role: 'viewer' });
    expect((await script(other.secret, 'GET', '/api/devices')).statusCode).toBe(200);
    await sql`update api_token set expires_at = now() - interval '1 second' where id = ${other.token.id}`.execute(
      db(),
    );
    const expired = await script(other.secret, 'GET', '/api/devices');
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ error: 'api_token_expired' });
    const listed = (await admin.get('/api/api-tokens')).json<{ tokens: ApiToken[] }>().tokens;
    expect(listed.find((row) => row.id === token.id)?.status).toBe('revoked');
    expect(listed.find((row) => row.id === other.token.id)?.status).toBe('expired');

    const forged = await script(`fdk_${'A'.repeat(43)}`, 'GET', '/api/devices');
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ error: 'api_token_invalid' });
  });

  it('cannot step up, so step-up actions are refused with a pointer to the console', async () => {
    const { secret } = await create(admin, { name: 'Admin automation', role: 'admin' });
    const change = await script(secret, 'PATCH', `/api/organization/members/${techId}`, { role: 'viewer' });
    expect(change.statusCode).toBe(403);
    expect(change.json()).toMatchObject({
      error: 'api_token_step_up_refused',
      message: expect.stringMatching(/web console/) as string,
    });
    const stepUp = await script(secret, 'POST', '/api/auth/step-up', {
      method: 'email_code',
      code: '123456',
    });
    expect(stepUp.statusCode).toBe(403);
    expect(stepUp.json()).toMatchObject({ error: 'api_token_not_allowed' });
    const member = await db()
      .selectFrom('org_member')
      .select('role')
      .where('user_id', '=', techId)
      .executeTakeFirstOrThrow();
    expect(member.role).toBe('technician');
  });

  it('cannot manage tokens, sign out or leave, and needs no Origin for its writes', async () => {
    const { secret, token } = await create(admin, { name: 'Automation', role: 'admin' });
    for (const [method, url] of [
      ['GET', '/api/api-tokens'],
      ['POST', '/api/api-tokens'],
      ['DELETE', `/api/api-tokens/${token.id}`],
      ['GET', '/api/organization/api-tokens'],
      ['POST', '/api/auth/sign-out'],
      ['POST', '/api/organization/leave'],
    ] as const) {
      const response = await script(
        secret,
        method,
        url,
        method === 'POST' ? { name: 'x', role: 'viewer' } : undefined,
      );
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toMatchObject({ error: 'api_token_not_allowed' });
    }
    const resolved = await script(secret, 'POST', '/api/devices/resolve', { text: 'NORTH1\nSOUTH1' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json<{ summary: { one: number } }>().summary.one).toBe(2);
    expect((await script(secret, 'GET', '/api/devices')).statusCode).toBe(200);
    expect(
      await db().selectFrom('org_member').select('user_id').where('user_id', '=', adminId).execute(),
    ).toHaveLength(1);
  });

  it("answers 404 for another organization's token, and for another member's to a non-manager", async () => {
    const elsewhere = await create(stranger, { name: 'Other district', role: 'viewer' });
    const revoke = await admin.request({ method: 'DELETE', url: `/api/api-tokens/${elsewhere.token.id}` });
    expect(revoke.statusCode).toBe(404);
    const orgList = (await admin.get('/api/organization/api-tokens')).json<{ tokens: ApiToken[] }>().tokens;
    expect(orgList.map((row) => row.id)).not.toContain(elsewhere.token.id);
    expect(await deviceIds(elsewhere.secret)).toEqual(['dev-else']);

    const adminToken = orgList.find((row) => row.creator.userId === adminId && row.status === 'active');
    expect(
      (await tech.request({ method: 'DELETE', url: `/api/api-tokens/${adminToken!.id}` })).statusCode,
    ).toBe(404);
    expect((await tech.get('/api/organization/api-tokens')).statusCode).toBe(403);
    const techToken = orgList.find((row) => row.creator.userId === techId);
    // An admin revokes any token of the organization.
    expect(
      (await admin.request({ method: 'DELETE', url: `/api/api-tokens/${techToken!.id}` })).statusCode,
    ).toBe(204);
  });

  it('records last use, audits creation, revocation and a new address once an hour, and keeps the secret nowhere', async () => {
    const { secret, token } = await create(admin, {
      name: 'Audited',
      role: 'viewer',
      units: ['/Schools/South'],
    });
    await script(secret, 'GET', '/api/devices', undefined, '10.1.1.1');
    await script(secret, 'GET', '/api/devices', undefined, '10.1.1.1');
    await script(secret, 'GET', '/api/devices', undefined, '10.2.2.2');
    const mine = (await admin.get('/api/api-tokens')).json<{ tokens: ApiToken[] }>().tokens;
    const listed = mine.find((row) => row.id === token.id)!;
    expect(listed.lastUsedIp).toBe('10.2.2.2');
    expect(Date.now() - Date.parse(listed.lastUsedAt!)).toBeLessThan(60_000);

    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'details', 'ip', 'actor_user_id'])
      .where('target_id', '=', token.id)
      .orderBy('occurred_at')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['api_token.created', 'api_token.used']);
    expect(audit[0]).toMatchObject({
      actor_user_id: adminId,
      details: { name: 'Audited', role: 'viewer', units: ['/Schools/South'] },
    });
    expect(audit[1]).toMatchObject({ ip: '10.1.1.1' });

    // Nothing but the create answer ever held a secret: not the lists, the audit log or the token table.
    const everything = JSON.stringify([
      (await admin.get('/api/api-tokens')).body,
      (await admin.get('/api/organization/api-tokens')).body,
      (await admin.get('/api/audit?limit=200')).body,
      await db().selectFrom('audit_log').selectAll().execute(),
      await db().selectFrom('api_token').selectAll().execute(),
    ]);
    for (const known of secrets) expect(everything).not.toContain(known.slice(4));
    expect(everything).toContain(secret.slice(0, 8));
  });
});
