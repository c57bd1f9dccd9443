import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityOf } from '../src/modules/identity/identity-plugin.ts';
import { GoogleReconsentRequiredError } from '../src/modules/identity/google-access-token.ts';
import { memberScope } from '../src/modules/organizations/ou-scope.ts';
import { backendName } from './test-database.ts';
import type { TestApp } from './test-app.ts';
import {
  OTHER_CUSTOMER_EMAIL,
  OWNER_EMAIL,
  VIEWER_EMAIL,
  startGoogleStandIn,
  type GoogleStandIn,
} from './google-sign-in-harness.ts';
import { Browser, createSignInTestApp, PUBLIC_URL, seenResponses, totpCode } from './identity-browser.ts';

describe(`Google sign-in, onboarding, tenants and second factor on ${backendName}`, () => {
  let google: GoogleStandIn;
  let t: TestApp;
  let owner: Browser;
  let orgId: string;
  beforeAll(async () => {
    google = await startGoogleStandIn();
    t = await createSignInTestApp(google);
    owner = new Browser(t.app, '10.0.1.1');
  });
  afterAll(async () => {
    await t.close();
    await google.close();
  });

  const onboard = async (browser: Browser, email: string) => {
    expect((await browser.signInWithGoogle(email)).statusCode).toBe(302);
    const connect = await browser.post('/api/onboarding/connect');
    expect(connect.statusCode, connect.body).toBe(200);
    expect((await browser.post('/api/onboarding/ou-scope', { ouPath: '/' })).statusCode).toBe(200);
    expect((await browser.post('/api/onboarding/complete')).statusCode).toBe(200);
    return connect.json<{ organization: { id: string } }>().organization.id;
  };

  it('signs in with Google (HttpOnly session cookie) and reports onboarded only after onboarding', async () => {
    const callback = await owner.signInWithGoogle(OWNER_EMAIL);
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/dashboard');
    const session = [...owner.jar.cookies].find(([name]) => name.endsWith('session_token'));
    expect(session?.[1].httpOnly).toBe(true);
    expect(String(callback.headers['set-cookie'])).toMatch(/SameSite=Lax/i);

    const before = await owner.request({
      method: 'POST',
      url: '/api/auth/session-status',
      payload: { providerRefreshToken: 'not-stored-and-not-echoed' },
    });
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toEqual({ onboarded: false });
    expect(before.body).not.toContain('not-stored-and-not-echoed');

    const connect = await owner.post('/api/onboarding/connect');
    expect(connect.statusCode, connect.body).toBe(200);
    expect(connect.json()).toMatchObject({
      step: 'connected',
      onboarded: false,
      organization: {
        customerId: 'C01234567',
        primaryDomain: 'springfield.example',
        role: 'owner',
        managedOuPath: '/',
      },
      google: { status: 'connected', missingScopes: [] },
    });
    orgId = connect.json<{ organization: { id: string } }>().organization.id;
    const scope = await owner.post('/api/onboarding/ou-scope', { ouPath: '/Schools' });
    expect(scope.json()).toMatchObject({ organization: { managedOuPath: '/Schools' } });
    expect((await owner.post('/api/onboarding/ou-scope', { ouPath: 'Schools/' })).statusCode).toBe(400);
    const complete = await owner.post('/api/onboarding/complete');
    expect(complete.json()).toMatchObject({ step: 'complete', onboarded: true });
    expect((await owner.post('/api/auth/session-status')).json()).toEqual({ onboarded: true });
  });

  it('refuses to connect a grant with unticked scopes, naming them', async () => {
    const partial = new Browser(t.app, '10.0.1.2');
    await partial.signInWithGoogle(
      OTHER_CUSTOMER_EMAIL,
      (scope) => !scope.includes('chrome.management.policy'),
    );
    const connect = await partial.post('/api/onboarding/connect');
    expect(connect.statusCode).toBe(409);
    expect(connect.json()).toMatchObject({
      error: 'google_scopes_missing',
      details: { missingScopes: ['https://www.googleapis.com/auth/chrome.management.policy'] },
    });
  });

  it('gives a member of organization A 404 for organization B ids, and B sees none of A', async () => {
    const other = new Browser(t.app, '10.0.1.3');
    await onboard(other, OTHER_CUSTOMER_EMAIL);
    const invite = await other.post('/api/organization/invitations', {
      email: 'someone@other.example',
      role: 'viewer',
    });
    expect(invite.statusCode, invite.body).toBe(201);
    const otherInvitation = invite.json<{ id: string }>().id;
    const otherMember = (await other.get('/api/auth/me')).json<{ user: { id: string } }>().user.id;

    expect(
      (await owner.request({ method: 'DELETE', url: `/api/organization/invitations/${otherInvitation}` }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await owner.request({
          method: 'PATCH',
          url: `/api/organization/members/${otherMember}`,
          payload: { role: 'viewer' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await owner.request({ method: 'DELETE', url: `/api/organization/members/${otherMember}` })).statusCode,
    ).toBe(404);
    const members = (await other.get('/api/organization/members')).json<{ members: { userId: string }[] }>()
      .members;
    expect(members.map((m) => m.userId)).toEqual([otherMember]);
    const audit = (await other.get('/api/audit?limit=200')).json<{
      entries: { actorLabel: string | null }[];
    }>();
    expect(audit.entries.some((e) => e.actorLabel === OWNER_EMAIL)).toBe(false);
  });

  it('invites a viewer by email, who accepts, is limited to an OU subtree and gets 403 on admin actions', async () => {
    const invite = await owner.post('/api/organization/invitations', {
      email: VIEWER_EMAIL,
      role: 'viewer',
      ouScope: ['/Schools/North'],
    });
    expect(invite.statusCode, invite.body).toBe(201);
    const outbox = await owner.get(`/api/dev/outbox?to=${encodeURIComponent(VIEWER_EMAIL)}`);
    const link = outbox.json<{ messages: { link: string }[] }>().messages[0]?.link ?? '';
    const token = new URL(link).searchParams.get('token') ?? '';
    expect(link.startsWith(`${PUBLIC_URL}/invitations/accept?token=`)).toBe(true);

    const viewer = new Browser(t.app, '10.0.1.4');
    expect((await viewer.get(`/api/invitations/preview?token=${token}`)).statusCode).toBe(401);
    await viewer.signInWithGoogle(VIEWER_EMAIL);
    // Before accepting, the link says what it joins and who asked.
    // Anyone else holding the link (a forwarded mail) learns only which address it is for.
    const forwarded = await owner.get(`/api/invitations/preview?token=${token}`);
    expect(forwarded.statusCode).toBe(403);
    expect(forwarded.json()).toMatchObject({
      error: 'invitation_email_mismatch',
      message: `This invitation was sent to ${VIEWER_EMAIL}. Sign in with that address to accept it.`,
    });
    expect(Object.keys(forwarded.json<Record<string, unknown>>()).sort()).toEqual(
      ['error', 'message', 'requestId', 'status'].sort(),
    );
    const preview = await viewer.get(`/api/invitations/preview?token=${token}`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      organizationName: expect.any(String) as string,
      email: VIEWER_EMAIL,
      role: 'viewer',
      ouScope: ['/Schools/North'],
      invitedBy: expect.stringContaining(OWNER_EMAIL) as string,
    });
    const accepted = await viewer.post('/api/invitations/accept', { token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await viewer.post('/api/invitations/accept', { token })).statusCode).toBe(404);
    expect((await viewer.get(`/api/invitations/preview?token=${token}`)).json()).toMatchObject({
      error: 'not_found',
      message: 'This invitation link is invalid, expired or already used. Ask for a new invitation.',
    });
    expect((await viewer.post('/api/auth/session-status')).json()).toEqual({ onboarded: true });

    expect(
      (await viewer.post('/api/organization/invitations', { email: 'x@springfield.example', role: 'admin' }))
        .statusCode,
    ).toBe(403);
    expect((await viewer.get('/api/audit')).statusCode).toBe(403);
    expect((await viewer.post('/api/onboarding/ou-scope', { ouPath: '/' })).statusCode).toBe(403);
    const me = (await viewer.get('/api/auth/me')).json<{ user: { id: string } }>();
    expect((await memberScope(t.testDb.database.db, { orgId, userId: me.user.id }))?.paths).toEqual([
      '/Schools/North',
    ]);
    const ownerMe = (await owner.get('/api/auth/me')).json<{ user: { id: string } }>();
    expect((await memberScope(t.testDb.database.db, { orgId, userId: ownerMe.user.id }))?.paths).toEqual([
      '/Schools',
    ]);

    const promotion = {
      method: 'PATCH' as const,
      url: `/api/organization/members/${me.user.id}`,
      payload: { role: 'technician' },
    };
    // A role change asks the owner to confirm it is them first (step-up).
    const held = await owner.request(promotion);
    expect(held.statusCode, held.body).toBe(403);
    expect(held.json()).toMatchObject({ error: 'step_up_required', details: { reason: 'member_change' } });
    await owner.stepUpWithEmailCode(OWNER_EMAIL);
    const promote = await owner.request(promotion);
    expect(promote.statusCode, promote.body).toBe(204);
    // Every role but owner may be limited to units: a technician keeps the viewer's school.
    const promoted = await t.testDb.database.db
      .selectFrom('org_member')
      .select('ou_scope')
      .where('user_id', '=', me.user.id)
      .executeTakeFirstOrThrow();
    expect(promoted.ou_scope).toEqual(['/Schools/North']);
    // The log names the member changed by address, not by an id nobody recognises.
    const changed = (await owner.get('/api/audit?action=members.role_changed')).json<{
      entries: { targetType: string; details: Record<string, unknown> }[];
    }>().entries;
    expect(changed[0]).toMatchObject({
      targetType: 'user',
      details: { email: VIEWER_EMAIL, from: 'viewer', to: 'technician' },
    });
    const actions = (await owner.get('/api/audit?limit=200'))
      .json<{ entries: { action: string }[] }>()
      .entries.map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'onboarding.completed',
        'onboarding.connected',
        'members.invited',
        'members.invitation_accepted',
        'members.role_changed',
      ]),
    );
  });

  it('explains an invitation link cut short or altered in plain words, before any lookup', async () => {
    const invite = await owner.post('/api/organization/invitations', {
      email: 'cut-short@springfield.example',
      role: 'viewer',
    });
    expect(invite.statusCode, invite.body).toBe(201);
    const outbox = await owner.get(
      `/api/dev/outbox?to=${encodeURIComponent('cut-short@springfield.example')}`,
    );
    const link = outbox.json<{ messages: { link: string }[] }>().messages[0]?.link ?? '';
    const token = new URL(link).searchParams.get('token') ?? '';
    expect(token).toHaveLength(43);
    const incomplete =
      'This invitation link is incomplete — open the full link from the email, or ask an admin to send a new invitation.';
    for (const cut of [token.slice(0, 30), token.slice(0, 5)]) {
      const preview = await owner.get(`/api/invitations/preview?token=${cut}`);
      expect(preview.statusCode, preview.body).toBe(400);
      expect(preview.json()).toMatchObject({ error: 'invitation_link_incomplete', message: incomplete });
      const accept = await owner.post('/api/invitations/accept', { token: cut });
      expect(accept.statusCode, accept.body).toBe(400);
      expect(accept.json()).toMatchObject({ error: 'invitation_link_incomplete', message: incomplete });
    }
    const altered = await owner.get(`/api/invitations/preview?token=${token}.`);
    expect(altered.json()).toMatchObject({
      error: 'invitation_link_altered',
      message:
        'This invitation link has been changed since it was sent — open the full link from the email, or ask an admin to send a new invitation.',
    });
    expect((await owner.get('/api/invitations/preview')).json()).toMatchObject({
      error: 'invitation_link_missing',
      message: 'This link has no invitation in it. Open the link from the email again.',
    });
    // Still bounded: an over-long token is refused by the schema.
    expect((await owner.get(`/api/invitations/preview?token=${'a'.repeat(1001)}`)).statusCode).toBe(400);
    // The whole link still reads (it was sent to another address than the owner's).
    const whole = await owner.get(`/api/invitations/preview?token=${token}`);
    expect(whole.json()).toMatchObject({ error: 'invitation_email_mismatch' });
  });

  it('refuses an OU scope that would not limit the member as the admin meant', async () => {
    const invite = (role: string, ouScope: string[]) =>
      owner.post('/api/organization/invitations', { email: 'scoped@springfield.example', role, ouScope });
    const refused = async (role: string, ouScope: string[], message: string) => {
      const response = await invite(role, ouScope);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ error: 'invalid_request', message, status: 400 });
    };
    await refused(
      'owner',
      ['/Schools/North'],
      'Owners work on every device Fleetdeck manages and cannot be limited to units. Clear the units, or choose another role.',
    );
    await refused(
      'viewer',
      ['/Staff'],
      '/Staff is outside /Schools, the part of your organization Fleetdeck manages. Choose a unit within /Schools.',
    );
    // Once a sync has copied the organization's units, a unit it does not have is a typo.
    await t.testDb.database.db
      .insertInto('fleet_org_unit')
      .values({
        org_id: orgId,
        org_unit_id: 'ou-north',
        org_unit_path: '/Schools/North',
        parent_org_unit_id: null,
        name: 'North',
        description: null,
        raw: JSON.stringify({}),
        seen_run_id: null,
        updated_at: new Date(),
        deleted_at: null,
      })
      .execute();
    await refused(
      'viewer',
      ['/Schools/Nroth'],
      'Your organization has no organizational unit /Schools/Nroth (as of the last sync). Check the spelling, or run a sync if the unit is new.',
    );
    const accepted = await invite('viewer', ['/schools/north']);
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json()).toMatchObject({ ouScope: ['/schools/north'] });
    await t.testDb.database.db.deleteFrom('fleet_org_unit').where('org_id', '=', orgId).execute();
  });

  it('keeps a TOTP user at aal1 after Google sign-in with mfa_required until the challenge passes', async () => {
    const enable = await owner.post('/api/identity/two-factor/enable', {});
    expect(enable.statusCode, enable.body).toBe(200);
    const { totpURI, backupCodes } = enable.json<{ totpURI: string; backupCodes: string[] }>();
    expect(backupCodes.length).toBeGreaterThan(5);
    const qr = await owner.post('/api/auth/two-factor/qr-code', { totpURI });
    expect(qr.json<{ svg: string }>().svg).toMatch(/^<svg/);
    expect(
      (await owner.post('/api/identity/two-factor/verify-totp', { code: totpCode(totpURI) })).statusCode,
    ).toBe(200);
    expect((await owner.get('/api/auth/me')).json()).toMatchObject({
      session: { aal: 'aal2', nextLevel: 'aal2' },
    });

    const again = new Browser(t.app, '10.0.1.5');
    await again.signInWithGoogle(OWNER_EMAIL);
    expect((await again.get('/api/auth/me')).json()).toMatchObject({
      session: { aal: 'aal1', nextLevel: 'aal2' },
    });
    const blocked = await again.post('/api/auth/session-status');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ error: 'mfa_required' });
    expect((await again.get('/api/organization/members')).json()).toMatchObject({ error: 'mfa_required' });
    expect((await again.post('/api/identity/two-factor/disable', {})).statusCode).toBe(403);
    expect((await again.post('/api/identity/two-factor/verify-totp', { code: '000000' })).statusCode).toBe(
      401,
    );
    const passed = await again.post('/api/identity/two-factor/verify-totp', { code: totpCode(totpURI) });
    expect(passed.statusCode, passed.body).toBe(200);
    expect((await again.post('/api/auth/session-status')).json()).toEqual({ onboarded: true });
    expect((await again.get('/api/auth/me')).json()).toMatchObject({ session: { aal: 'aal2' } });

    // The organization's log names the member for each step, never "Fleetdeck".
    const log = await t.testDb.database.db
      .selectFrom('audit_log')
      .select(['action', 'outcome', 'actor_label'])
      .where('org_id', '=', orgId)
      .where('action', 'like', 'mfa.%')
      .orderBy('occurred_at')
      .execute();
    expect(log).toEqual([
      { action: 'mfa.enrollment_started', outcome: 'success', actor_label: OWNER_EMAIL },
      { action: 'mfa.enabled', outcome: 'success', actor_label: OWNER_EMAIL },
      { action: 'mfa.challenge_failed', outcome: 'failure', actor_label: OWNER_EMAIL },
      { action: 'mfa.challenge_verified', outcome: 'success', actor_label: OWNER_EMAIL },
    ]);
  });

  it('narrows the audit log by category, member and time', async () => {
    type Page = { entries: { action: string; actorUserId: string | null }[] };
    const read = async (query: string) => {
      const response = await owner.get(`/api/audit?limit=200&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Page>().entries;
    };
    const security = await read('category=security');
    expect(security.map((e) => e.action)).toEqual(expect.arrayContaining(['auth.sign_in', 'mfa.enabled']));
    expect(security.every((e) => /^(auth|mfa|identity)\./.test(e.action))).toBe(true);
    const setup = await read('category=setup');
    expect(setup.map((e) => e.action)).toContain('onboarding.connected');
    expect(setup.every((e) => /^(onboarding|google)\./.test(e.action))).toBe(true);

    const me = (await owner.get('/api/auth/me')).json<{ user: { id: string } }>().user.id;
    const mine = await read(`actorUserId=${me}`);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((e) => e.actorUserId === me)).toBe(true);
    expect(await read(`from=${encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString())}`)).toEqual(
      [],
    );
    const unknown = await owner.get('/api/audit?category=everything');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('refreshes the organization Google token server-side and asks for reconsent on invalid_grant', async () => {
    const identity = identityOf(t.app);
    const db = t.testDb.database.db;
    const expire = () =>
      db
        .updateTable('account')
        .set({ accessTokenExpiresAt: new Date(0) } as never)
        .where('providerId', '=', 'google')
        .execute();
    const first = await identity.google.forOrganization(orgId);
    await expire();
    const refreshed = await identity.google.forOrganization(orgId);
    expect(refreshed).not.toBe(first);
    expect(google.oauth.verifyAccessToken(refreshed)?.email).toBe(OWNER_EMAIL);

    google.oauth.revokeGrant(OWNER_EMAIL);
    // Google refuses the cached token (401): the API client asks again with forceRefresh, and the
    // refused refresh marks the connection, so Settings → Google stops saying "Connected".
    const forced = await identity.google
      .forOrganization(orgId, { forceRefresh: true })
      .catch((error: unknown) => error);
    expect(forced).toBeInstanceOf(GoogleReconsentRequiredError);
    expect((await owner.get('/api/onboarding/status')).json()).toMatchObject({
      google: { status: 'needs_reconsent' },
    });
    await expire();
    const failure = await identity.google.forOrganization(orgId).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(GoogleReconsentRequiredError);
    expect((failure as Error).message).toMatch(/reconnect/);
    expect((await owner.get('/api/onboarding/status')).json()).toMatchObject({
      google: { status: 'needs_reconsent' },
      onboarded: false,
    });
    expect((await owner.post('/api/auth/session-status')).json()).toEqual({ onboarded: false });
  });

  it('never shows a Google access, refresh or id token in a response body or a script-readable cookie', () => {
    expect(google.issuedTokens.size).toBeGreaterThan(4);
    expect(seenResponses.length).toBeGreaterThan(30);
    for (const response of seenResponses) {
      const readable = [response.headers['set-cookie'] ?? []]
        .flat()
        .filter((line) => !/;\s*httponly/i.test(line))
        .join('\n');
      for (const token of google.issuedTokens) {
        expect(response.body.includes(token)).toBe(false);
        expect(readable.includes(token)).toBe(false);
      }
    }
  });
});
