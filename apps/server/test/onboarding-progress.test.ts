import { sql, type Kysely } from 'kysely';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OnboardingStatusResponse } from '@fleetdeck/shared/organization-contract';
import * as migration0014 from '../src/db/migrations/0014-onboarding-scope-chosen.ts';
import { startJobQueue } from '../src/jobs/job-queue.ts';
import { ensureSyncRunQueue } from '../src/jobs/sync-run.job.ts';
import { emptyProgress } from '../src/modules/sync/sync-progress.ts';
import { claimRun, finishRun } from '../src/modules/sync/sync-run.repository.ts';
import { startSync } from '../src/modules/sync/sync.service.ts';
import {
  ADMIN_EMAIL,
  OTHER_CUSTOMER_EMAIL,
  OWNER_EMAIL,
  startGoogleStandIn,
  VIEWER_EMAIL,
  type GoogleStandIn,
} from './google-sign-in-harness.ts';
import { Browser, createSignInTestApp } from './identity-browser.ts';
import type { TestApp } from './test-app.ts';
import { backendName, createTestDatabase } from './test-database.ts';

const WORKER = 'onboarding-test-worker';

/**
 * Onboarding's steps as the server records them (connect → OU scope → first sync → complete): a
 * reload, another tab or another admin gets the same step back, saving the scope again never leads
 * to a second first sync, and the organization counts as set up once its first full sync succeeded.
 */
describe(`onboarding progress on ${backendName}`, () => {
  let google: GoogleStandIn;
  let t: TestApp;
  let boss: PgBoss;

  beforeAll(async () => {
    google = await startGoogleStandIn();
    t = await createSignInTestApp(google);
    boss = await startJobQueue({ database: t.testDb.database, connectionString: t.testDb.url });
    await ensureSyncRunQueue(boss);
  });
  afterAll(async () => {
    await boss.stop({ graceful: false, close: true });
    await t.close();
    await google.close();
  });

  const statusOf = async (browser: Browser) => {
    const response = await browser.get('/api/onboarding/status');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<OnboardingStatusResponse>();
  };
  const onboardedOf = async (browser: Browser) =>
    (await browser.post('/api/auth/session-status')).json<{ onboarded: boolean }>().onboarded;
  const saveScope = (browser: Browser, ouPath: string) =>
    browser.post('/api/onboarding/ou-scope', { ouPath });

  /** What the first-sync step's `POST /api/sync/runs` (full, onboarding) does on the server. */
  const startFirstSync = (status: OnboardingStatusResponse) =>
    startSync(t.testDb.database.db, boss, {
      orgId: status.organization?.id ?? '',
      customerId: status.organization?.customerId ?? '',
      kind: 'full',
      trigger: 'onboarding',
      requestedBy: null,
    });
  const finishFirstSync = async (runId: string, status: 'succeeded' | 'failed') => {
    const db = t.testDb.database.db;
    expect(await claimRun(db, runId, WORKER, 60_000)).toBeDefined();
    const outcome = { status, phase: 'done', progress: emptyProgress(), errors: [] };
    expect(await finishRun(db, runId, WORKER, outcome)).toBe(true);
  };
  const runsOf = async (orgId: string) => {
    const row = await t.testDb.database.db
      .selectFrom('sync_run')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('org_id', '=', orgId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const auditOf = async (browser: Browser, action: string) => {
    const page = await browser.get(`/api/audit?limit=200&action=${action}`);
    expect(page.statusCode, page.body).toBe(200);
    return page.json<{ entries: { details: Record<string, unknown>; targetId: string | null }[] }>().entries;
  };

  it('walks connect → scope → first sync → complete, and a reload answers the step recorded', async () => {
    const owner = new Browser(t.app, '10.0.3.1');
    await owner.signInWithGoogle(OWNER_EMAIL);
    expect(await statusOf(owner)).toMatchObject({ step: 'signed_in', onboarded: false, progress: null });
    expect((await saveScope(owner, '/')).json()).toMatchObject({ error: 'membership_required' });

    const connected = (await owner.post('/api/onboarding/connect')).json<OnboardingStatusResponse>();
    expect(connected).toMatchObject({
      step: 'connected',
      onboarded: false,
      progress: { scopeChosenAt: null, firstSync: null, completedAt: null },
    });
    const early = await owner.post('/api/onboarding/complete');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ error: 'onboarding_scope_required' });

    const saved = await saveScope(owner, '/Schools');
    expect(saved.statusCode, saved.body).toBe(200);
    const chosen = saved.json<OnboardingStatusResponse>();
    expect(chosen).toMatchObject({
      step: 'scope_chosen',
      onboarded: false,
      organization: { managedOuPath: '/Schools' },
      progress: { firstSync: null, completedAt: null },
    });
    expect(Date.parse(chosen.progress?.scopeChosenAt ?? '')).not.toBeNaN();
    // A reload, and another admin of the same Workspace, resume at the first sync.
    expect(await statusOf(owner)).toEqual(chosen);
    // Another Google admin of the same Workspace is not let in by connecting: they ask, the owner approves.
    const admin = new Browser(t.app, '10.0.3.2');
    await admin.signInWithGoogle(ADMIN_EMAIL);
    expect((await admin.post('/api/onboarding/connect')).json()).toMatchObject({
      error: 'access_request_required',
    });
    expect(await statusOf(admin)).toMatchObject({ step: 'signed_in', organization: null });
    const asked = await admin.post('/api/access-requests', { message: 'sysadmin' });
    expect(asked.statusCode, asked.body).toBe(201);
    await owner.stepUpWithEmailCode(OWNER_EMAIL);
    const approved = await owner.post(
      `/api/organization/access-requests/${asked.json<{ id: string }>().id}/approve`,
      {
        role: 'admin',
        ouScope: [],
      },
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await statusOf(admin)).toMatchObject({ step: 'scope_chosen', organization: { role: 'admin' } });
    expect(await onboardedOf(owner)).toBe(false);

    const { run } = await startFirstSync(chosen);
    expect(await statusOf(owner)).toMatchObject({
      step: 'scope_chosen',
      progress: { firstSync: { runId: run.id, status: 'queued', finishedAt: null } },
    });
    await finishFirstSync(run.id, 'succeeded');
    const synced = await statusOf(owner);
    expect(synced).toMatchObject({
      step: 'complete',
      onboarded: true,
      progress: { scopeChosenAt: chosen.progress?.scopeChosenAt, completedAt: null },
    });
    expect(synced.progress?.firstSync).toMatchObject({ runId: run.id, status: 'succeeded' });
    expect(Date.parse(synced.progress?.firstSync?.finishedAt ?? '')).not.toBeNaN();
    // The route guard and the sign-in check let members in without "Go to the dashboard".
    expect(await onboardedOf(owner)).toBe(true);
    expect(await onboardedOf(admin)).toBe(true);

    const finished = await owner.post('/api/onboarding/complete');
    expect(finished.json()).toMatchObject({ step: 'complete', onboarded: true });
    expect(finished.json<OnboardingStatusResponse>().progress?.completedAt).toEqual(expect.any(String));
    expect((await admin.post('/api/onboarding/complete')).statusCode).toBe(200);
    const completed = await auditOf(owner, 'onboarding.completed');
    expect(completed).toHaveLength(1);
    expect(completed[0]?.targetId).toBe(chosen.organization?.id);
  });

  it('starts no second first sync when the scope is saved again, queued, running or succeeded', async () => {
    const owner = new Browser(t.app, '10.0.3.3');
    await owner.signInWithGoogle(OTHER_CUSTOMER_EMAIL);
    await owner.post('/api/onboarding/connect');
    const chosen = (await saveScope(owner, '/')).json<OnboardingStatusResponse>();
    const orgId = chosen.organization?.id ?? '';
    const first = await startFirstSync(chosen);
    expect(first.created).toBe(true);

    // Queued: saving again keeps the step and its time; the first-sync step gets the same run back.
    const again = (await saveScope(owner, '/Staff')).json<OnboardingStatusResponse>();
    expect(again).toMatchObject({
      step: 'scope_chosen',
      organization: { managedOuPath: '/Staff' },
      progress: { scopeChosenAt: chosen.progress?.scopeChosenAt, firstSync: { runId: first.run.id } },
    });
    expect(await startFirstSync(again)).toMatchObject({ created: false, run: { id: first.run.id } });
    // Running.
    expect(await claimRun(t.testDb.database.db, first.run.id, WORKER, 60_000)).toBeDefined();
    expect((await saveScope(owner, '/')).json()).toMatchObject({
      step: 'scope_chosen',
      progress: { firstSync: { runId: first.run.id, status: 'running' } },
    });
    expect(await startFirstSync(again)).toMatchObject({ created: false, run: { id: first.run.id } });
    expect(await runsOf(orgId)).toBe(1);
    // Succeeded: onboarding is past the first sync, and saving the scope leaves it there.
    const outcome = { status: 'succeeded' as const, phase: 'done', progress: emptyProgress(), errors: [] };
    expect(await finishRun(t.testDb.database.db, first.run.id, WORKER, outcome)).toBe(true);
    expect((await saveScope(owner, '/Staff')).json()).toMatchObject({ step: 'complete', onboarded: true });
    expect(await statusOf(owner)).toMatchObject({
      step: 'complete',
      progress: { firstSync: { runId: first.run.id, status: 'succeeded' } },
    });
    expect(await runsOf(orgId)).toBe(1);

    const audited = await auditOf(owner, 'onboarding.ou_scope_set');
    expect(audited.map((entry) => entry.details)).toEqual([
      { ouPath: '/Staff', previousOuPath: '/', firstTime: false },
      { ouPath: '/', previousOuPath: '/Staff', firstTime: false },
      { ouPath: '/Staff', previousOuPath: '/', firstTime: false },
      { ouPath: '/', previousOuPath: '/', firstTime: true },
    ]);
    expect(audited.every((entry) => entry.targetId === orgId)).toBe(true);
  });

  it('keeps a failed first sync at the first-sync step, where a retry starts a new run', async () => {
    const db = t.testDb.database.db;
    const owner = new Browser(t.app, '10.0.3.4');
    await owner.signInWithGoogle(OWNER_EMAIL);
    const status = await statusOf(owner);
    const orgId = status.organization?.id ?? '';
    // A second organization, mid-onboarding, whose first sync failed (rows as the sync writes them).
    const other = await db
      .insertInto('org')
      .values({
        name: 'failed.example',
        google_customer_id: 'C0failed',
        onboarding_scope_chosen_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const failed = await startSync(db, boss, {
      orgId: other.id,
      customerId: 'C0failed',
      kind: 'full',
      trigger: 'onboarding',
      requestedBy: null,
    });
    await finishFirstSync(failed.run.id, 'failed');
    const retried = await startSync(db, boss, {
      orgId: other.id,
      customerId: 'C0failed',
      kind: 'full',
      trigger: 'onboarding',
      requestedBy: null,
    });
    expect(retried.created).toBe(true);
    // Tenant first: none of that organization's runs shows in this one's status.
    expect((await statusOf(owner)).progress).toEqual(status.progress);
    expect(await runsOf(orgId)).toBe(1);
  });

  it('bounds the scope: a path Google could not have, an over-long one or another field is refused', async () => {
    const owner = new Browser(t.app, '10.0.3.5');
    await owner.signInWithGoogle(OWNER_EMAIL);
    for (const payload of [
      { ouPath: 'Schools/' },
      { ouPath: `/${'a'.repeat(1100)}` },
      { ouPath: '/', orgId: 'someone-else' },
    ]) {
      const response = await owner.post('/api/onboarding/ou-scope', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await statusOf(owner)).organization?.managedOuPath).toBe('/Schools');
  });

  it('refuses a viewer who tries to reconnect the organization’s lost Google grant; an owner may', async () => {
    const db = t.testDb.database.db;
    const owner = new Browser(t.app, '10.0.3.6');
    await owner.signInWithGoogle(OWNER_EMAIL);
    const orgId = (await statusOf(owner)).organization?.id ?? '';
    const viewer = new Browser(t.app, '10.0.3.7');
    await viewer.signInWithGoogle(VIEWER_EMAIL);
    const viewerId = (await viewer.get('/api/auth/me')).json<{ user: { id: string } }>().user.id;
    await db
      .insertInto('org_member')
      .values({ org_id: orgId, user_id: viewerId, role: 'viewer', ou_scope: JSON.stringify([]) })
      .execute();
    const grantOf = () =>
      db
        .selectFrom('org_google_connection')
        .select(['user_id', 'status'])
        .where('org_id', '=', orgId)
        .executeTakeFirstOrThrow();
    const before = await grantOf();
    await db
      .updateTable('org_google_connection')
      .set({ status: 'needs_reconsent' })
      .where('org_id', '=', orgId)
      .execute();
    expect(await statusOf(viewer)).toMatchObject({
      organization: { role: 'viewer' },
      google: { status: 'needs_reconsent' },
    });

    const refused = await viewer.post('/api/onboarding/connect');
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({
      error: 'owner_required',
      message:
        'Only an owner of your organization can connect or reconnect Google Workspace. Ask one of them to do it.',
    });
    // The organization still runs on the owner's grant, still waiting for a reconnect.
    expect(await grantOf()).toEqual({ user_id: before.user_id, status: 'needs_reconsent' });
    const connected = await db
      .selectFrom('audit_log')
      .select('actor_user_id')
      .where('org_id', '=', orgId)
      .where('action', '=', 'onboarding.connected')
      .execute();
    expect(connected.map((entry) => entry.actor_user_id)).not.toContain(viewerId);

    // Replacing the grant the organization runs on asks the owner to confirm it is them first.
    const held = await owner.post('/api/onboarding/connect');
    expect(held.json()).toMatchObject({
      error: 'step_up_required',
      details: { reason: 'google_connection' },
    });
    await owner.stepUpWithEmailCode(OWNER_EMAIL);
    const reconnected = await owner.post('/api/onboarding/connect');
    expect(reconnected.statusCode, reconnected.body).toBe(200);
    expect(await grantOf()).toEqual({ user_id: before.user_id, status: 'connected' });
  });
});

describe(`migration 0014 on ${backendName}`, () => {
  it('records the scope as chosen for organizations already past that step, and only for them', async () => {
    const testDb = await createTestDatabase();
    try {
      const db = testDb.database.db;
      const completedAt = new Date('2025-03-01T10:00:00Z');
      const [finished, syncing, fresh] = await db
        .insertInto('org')
        .values([
          { name: 'finished', google_customer_id: 'C0finished', onboarding_completed_at: completedAt },
          { name: 'syncing', google_customer_id: 'C0syncing' },
          { name: 'fresh', google_customer_id: 'C0fresh' },
        ])
        .returning('id')
        .execute();
      const syncStartedAt = new Date('2025-03-02T09:00:00Z');
      await db
        .insertInto('sync_run')
        .values({
          org_id: syncing?.id ?? '',
          customer_id: 'C0syncing',
          kind: 'full',
          trigger: 'onboarding',
          requested_by: null,
          created_at: syncStartedAt,
        })
        .execute();
      // Migrations are written against an untyped schema.
      const untyped = db as unknown as Kysely<unknown>;
      await migration0014.down(untyped);
      await migration0014.up(untyped);
      const rows = await sql<{ id: string; chosen: Date | string | null }>`
        select id, onboarding_scope_chosen_at as chosen from org`.execute(db);
      const chosenOf = (id: string | undefined) => {
        const chosen = rows.rows.find((row) => row.id === id)?.chosen ?? null;
        return chosen === null ? null : new Date(chosen).toISOString();
      };
      expect(chosenOf(finished?.id)).toBe(completedAt.toISOString());
      expect(chosenOf(syncing?.id)).toBe(syncStartedAt.toISOString());
      expect(chosenOf(fresh?.id)).toBeNull();
    } finally {
      await testDb.cleanup();
    }
  });
});
