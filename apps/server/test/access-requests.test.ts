import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  OTHER_CUSTOMER_EMAIL,
  OWNER_EMAIL,
  VIEWER_EMAIL,
  startGoogleStandIn,
  type GoogleStandIn,
} from './google-sign-in-harness.ts';
import { Browser, createSignInTestApp } from './identity-browser.ts';
import type { TestApp } from './test-app.ts';
import { backendName } from './test-database.ts';

/**
 * Membership you can trust: a Google admin of the same customer gets nothing by connecting; they
 * ask, an owner or admin approves with a role and units (never more than they hold) or declines;
 * the owner's domain rule is off until switched on; there is always an owner; step-ups expire.
 */
describe(`joining an organization on ${backendName}`, () => {
  let google: GoogleStandIn;
  let t: TestApp;
  let owner: Browser;
  let orgId: string;

  const outboxOf = async (browser: Browser, email: string) =>
    (await browser.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json<{
      messages: { subject: string; text: string; link: string | null }[];
    }>().messages;
  const auditActions = async () =>
    (await owner.get('/api/audit?limit=200')).json<{ entries: { action: string; outcome: string }[] }>()
      .entries;

  beforeAll(async () => {
    google = await startGoogleStandIn();
    t = await createSignInTestApp(google);
    owner = new Browser(t.app, '10.0.5.1');
    expect((await owner.signInWithGoogle(OWNER_EMAIL)).statusCode).toBe(302);
    const connect = await owner.post('/api/onboarding/connect');
    expect(connect.statusCode, connect.body).toBe(200);
    orgId = connect.json<{ organization: { id: string } }>().organization.id;
    expect((await owner.post('/api/onboarding/ou-scope', { ouPath: '/' })).statusCode).toBe(200);
    await t.testDb.database.db
      .insertInto('fleet_org_unit')
      .values(
        ['/Schools', '/Schools/North', '/Schools/South'].map((path) => ({
          org_id: orgId,
          org_unit_id: `ou${path.replaceAll('/', '-')}`,
          org_unit_path: path,
          parent_org_unit_id: null,
          name: path.split('/').pop() ?? '',
          description: null,
          raw: JSON.stringify({}),
          seen_run_id: null,
          updated_at: new Date(),
          deleted_at: null,
        })),
      )
      .execute();
  });
  afterAll(async () => {
    await t.close();
    await google.close();
  });

  it('gives an uninvited Google admin of the same customer no membership and no data', async () => {
    const librarian = new Browser(t.app, '10.0.5.2');
    await librarian.signInWithGoogle(VIEWER_EMAIL);
    const connect = await librarian.post('/api/onboarding/connect');
    expect(connect.statusCode).toBe(403);
    expect(connect.json()).toMatchObject({
      error: 'access_request_required',
      details: { organizationName: 'springfield.example' },
    });
    expect((await librarian.get('/api/onboarding/status')).json()).toMatchObject({ organization: null });
    for (const url of [
      '/api/devices',
      '/api/dashboard',
      '/api/organization/members',
      '/api/audit',
      '/api/org-units',
    ])
      expect((await librarian.get(url)).json(), url).toMatchObject({ error: 'membership_required' });
    const member = await t.testDb.database.db
      .selectFrom('org_member')
      .select('user_id')
      .innerJoin('user', 'user.id', 'org_member.user_id')
      .where('user.email', '=', VIEWER_EMAIL)
      .executeTakeFirst();
    expect(member).toBeUndefined();
    expect(await auditActions()).toContainEqual(
      expect.objectContaining({ action: 'access.denied', outcome: 'failure' }),
    );
  });

  it('tells someone in no organization what they can do before they try', async () => {
    const joinOf = async (browser: Browser) =>
      (await browser.get('/api/access-requests/mine')).json<{ join: unknown }>().join;
    const librarian = new Browser(t.app, '10.0.5.12');
    await librarian.signInWithGoogle(VIEWER_EMAIL);
    expect(await joinOf(librarian)).toEqual({ kind: 'ask', organizationName: 'springfield.example' });
    const elsewhere = new Browser(t.app, '10.0.5.13');
    await elsewhere.signInWithGoogle(OTHER_CUSTOMER_EMAIL);
    expect(await joinOf(elsewhere)).toEqual({ kind: 'set_up' });
    const stranger = new Browser(t.app, '10.0.5.14');
    await stranger.signInWithEmailCode('someone@unknown-school.example');
    const none = await joinOf(stranger);
    expect(none).toMatchObject({ kind: 'no_organization', message: expect.stringContaining('invitation') });
    const asked = await stranger.post('/api/access-requests', {});
    expect(asked.statusCode).toBe(404);
    expect(asked.json()).toMatchObject({
      error: 'no_organization_to_join',
      message: (none as { message: string }).message,
    });
    expect(await joinOf(owner)).toBeNull();
  });

  it('lets them ask; an owner approves with a role and units after a step-up; both are told by email', async () => {
    const admin = new Browser(t.app, '10.0.5.3');
    await admin.signInWithGoogle(ADMIN_EMAIL);
    const asked = await admin.post('/api/access-requests', { message: 'I run North.' });
    expect(asked.statusCode, asked.body).toBe(201);
    // Asking again updates the waiting request instead of adding one.
    const again = await admin.post('/api/access-requests', { message: 'I run North Elementary.' });
    expect(again.json<{ id: string }>().id).toBe(asked.json<{ id: string }>().id);
    expect((await admin.get('/api/access-requests/mine')).json()).toMatchObject({
      request: {
        status: 'pending',
        organizationName: 'springfield.example',
        message: 'I run North Elementary.',
      },
    });
    const mailed = await outboxOf(owner, OWNER_EMAIL);
    expect(mailed.filter((m) => m.subject.includes('asks for access'))).toHaveLength(1);

    const pending = (await owner.get('/api/organization/access-requests')).json<{
      requests: { id: string; email: string; status: string }[];
    }>().requests;
    expect(pending).toEqual([expect.objectContaining({ email: ADMIN_EMAIL, status: 'pending' })]);
    const id = pending[0]?.id ?? '';
    const decision = { role: 'technician', ouScope: ['/Schools/North'] };
    const held = await owner.post(`/api/organization/access-requests/${id}/approve`, decision);
    expect(held.json()).toMatchObject({ error: 'step_up_required', details: { reason: 'access_approve' } });
    await owner.stepUpWithEmailCode(OWNER_EMAIL);
    const approved = await owner.post(`/api/organization/access-requests/${id}/approve`, decision);
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await owner.post(`/api/organization/access-requests/${id}/approve`, decision)).statusCode).toBe(
      409,
    );

    const me = (await admin.get('/api/auth/me')).json();
    expect(me).toMatchObject({ organization: { id: orgId, role: 'technician', units: ['/Schools/North'] } });
    expect((await admin.get('/api/devices')).statusCode).toBe(200);
    const told = await outboxOf(owner, ADMIN_EMAIL);
    expect(told.map((m) => m.subject)).toContain('You have access to springfield.example on Fleetdeck');
    expect(await auditActions()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'access.requested' }),
        expect.objectContaining({ action: 'access.approved' }),
        expect.objectContaining({ action: 'auth.step_up', outcome: 'success' }),
      ]),
    );
  });

  it('declines, and tells the requester', async () => {
    const db = t.testDb.database.db;
    const stranger = new Browser(t.app, '10.0.5.4');
    const userId = await stranger.signInWithEmailCode('visitor@springfield.example');
    // An address at the organization's primary domain, verified by the emailed code, may ask too.
    const asked = await stranger.post('/api/access-requests', {});
    expect(asked.statusCode, asked.body).toBe(201);
    const id = asked.json<{ id: string }>().id;
    const declined = await owner.post(`/api/organization/access-requests/${id}/decline`);
    expect(declined.statusCode, declined.body).toBe(200);
    expect((await stranger.get('/api/access-requests/mine')).json()).toMatchObject({
      request: { status: 'declined' },
    });
    expect((await outboxOf(owner, 'visitor@springfield.example')).map((m) => m.subject)).toContain(
      'Your request to join springfield.example on Fleetdeck was declined',
    );
    expect(await db.selectFrom('org_member').where('user_id', '=', userId).selectAll().execute()).toEqual([]);
    // Another organization's request ids answer 404, as unknown ones do.
    expect((await owner.post('/api/organization/access-requests/not-a-request/decline')).statusCode).toBe(
      404,
    );
  });

  it('lets people at a domain join as viewers of the chosen units only once the owner switches it on', async () => {
    const rule = { enabled: true, domains: ['springfield.example'], ouScope: ['/Schools/South'] };
    const saved = await owner.request({ method: 'PUT', url: '/api/organization/auto-join', payload: rule });
    expect(saved.statusCode, saved.body).toBe(200);
    const librarian = new Browser(t.app, '10.0.5.6');
    await librarian.signInWithGoogle(VIEWER_EMAIL);
    const connect = await librarian.post('/api/onboarding/connect');
    expect(connect.statusCode, connect.body).toBe(200);
    expect((await librarian.get('/api/auth/me')).json()).toMatchObject({
      organization: { role: 'viewer', units: ['/Schools/South'] },
    });
    expect(await auditActions()).toContainEqual(expect.objectContaining({ action: 'access.auto_joined' }));
    // Switched off again, nobody else gets in that way.
    await owner.request({
      method: 'PUT',
      url: '/api/organization/auto-join',
      payload: { ...rule, enabled: false },
    });
    expect((await owner.get('/api/organization/auto-join')).json()).toMatchObject({ enabled: false });
  });

  it('keeps a scoped admin from granting more than they hold', async () => {
    const scoped = new Browser(t.app, '10.0.5.7');
    const userId = await scoped.signInWithEmailCode('north-admin@springfield.example');
    await t.testDb.database.db
      .insertInto('org_member')
      .values({ org_id: orgId, user_id: userId, role: 'admin', ou_scope: JSON.stringify(['/Schools/North']) })
      .execute();
    await scoped.stepUpWithEmailCode('north-admin@springfield.example');
    const invite = (ouScope: string[]) =>
      scoped.post('/api/organization/invitations', {
        email: 'new@springfield.example',
        role: 'viewer',
        ouScope,
      });
    expect((await invite([])).json()).toMatchObject({ error: 'forbidden' });
    expect((await invite(['/Schools/South'])).json()).toMatchObject({ error: 'forbidden' });
    expect((await invite(['/Schools/North'])).statusCode).toBe(201);
    // The librarian (South) is outside the scoped admin's units: not theirs to change.
    const librarianId = (
      await t.testDb.database.db
        .selectFrom('user')
        .select('id')
        .where('email', '=', VIEWER_EMAIL)
        .executeTakeFirstOrThrow()
    ).id;
    const change = await scoped.request({
      method: 'PATCH',
      url: `/api/organization/members/${librarianId}`,
      payload: { ouScope: ['/Schools/North'] },
    });
    expect(change.json()).toMatchObject({ error: 'forbidden' });
  });

  it('always keeps an owner: the last one cannot leave; ownership moves with a step-up', async () => {
    expect((await owner.post('/api/organization/leave')).json()).toMatchObject({ status: 409 });
    const members = (await owner.get('/api/organization/members')).json<{
      members: { userId: string; email: string }[];
    }>().members;
    const adminId = members.find((m) => m.email === ADMIN_EMAIL)?.userId ?? '';
    // The owner's step-up is older than 10 minutes: it no longer counts.
    await t.testDb.database.db
      .updateTable('session_step_up')
      .set({ verified_at: new Date(Date.now() - 11 * 60_000) })
      .execute();
    const held = await owner.post('/api/organization/transfer-ownership', { userId: adminId });
    expect(held.json()).toMatchObject({
      error: 'step_up_required',
      details: { reason: 'ownership_transfer' },
    });
    const wrong = await owner.post('/api/auth/step-up', { method: 'email_code', code: '000000' });
    expect(wrong.statusCode).toBe(400);
    await owner.stepUpWithEmailCode(OWNER_EMAIL);
    const moved = await owner.post('/api/organization/transfer-ownership', { userId: adminId });
    expect(moved.statusCode, moved.body).toBe(204);
    expect((await owner.get('/api/auth/me')).json()).toMatchObject({ organization: { role: 'admin' } });
    const roles = (await owner.get('/api/organization/members')).json<{
      members: { email: string; role: string; ouScope: string[] }[];
    }>().members;
    expect(roles.find((m) => m.email === ADMIN_EMAIL)).toMatchObject({ role: 'owner', ouScope: [] });
    expect(await auditActions()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'members.ownership_transferred' }),
        expect.objectContaining({ action: 'auth.step_up', outcome: 'failure' }),
      ]),
    );
    // No longer the only owner: leaving is allowed now.
    expect((await owner.post('/api/organization/leave')).statusCode).toBe(204);
  });
});
