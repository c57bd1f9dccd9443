import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleCan, type MemberRole } from '@fleetdeck/shared/permissions';
import { appErrors } from '../src/errors/app-error.ts';
import { startJobQueue } from '../src/jobs/job-queue.ts';
import { ensureSyncRunQueue } from '../src/jobs/sync-run.job.ts';
import { registerErrorHandling } from '../src/plugins/error-handler.ts';
import { syncRoutes, type SyncRouteAccess } from '../src/routes/sync-runs.routes.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { backendName, createTestDatabase, type TestDatabase } from './test-database.ts';

/** The caller is named by test headers; identity's real guards are exercised by its own tests. */
const headerAccess: SyncRouteAccess = {
  requirePermission: (permission) => async (request: FastifyRequest) => {
    const role = request.headers['x-role'] as MemberRole | undefined;
    if (!role) throw appErrors.unauthenticated();
    if (!roleCan(role, permission)) throw appErrors.forbidden();
  },
  tenantOf: async (request) => ({
    orgId: String(request.headers['x-org']),
    customerId: 'C0customer',
    userId: 'user-1',
    actorLabel: 'tech@example.edu',
  }),
};

describe(`sync API (${backendName})`, () => {
  let testDb: TestDatabase;
  let boss: PgBoss;
  let app: FastifyInstance;
  const as = (org: string, role: MemberRole) => ({ 'x-org': org, 'x-role': role });

  beforeAll(async () => {
    testDb = await createTestDatabase();
    boss = await startJobQueue({ database: testDb.database, connectionString: testDb.url });
    await ensureSyncRunQueue(boss);
    app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    await app.register(syncRoutes, { db: testDb.database.db, access: headerAccess, boss });
  });
  afterAll(async () => {
    await app.close();
    await boss.stop({ graceful: false, close: true });
    await testDb.cleanup();
  });

  const audited = (orgId: string) =>
    testDb.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id', 'actor_label', 'target_type', 'target_id', 'details'])
      .where('org_id', '=', orgId)
      .orderBy('occurred_at')
      .execute();

  it('records the first sync of onboarding as such and refuses triggers a person may not claim', async () => {
    const scheduled = await app.inject({
      method: 'POST',
      url: '/api/sync/runs',
      headers: as('org-onboarding', 'owner'),
      payload: { kind: 'full', trigger: 'schedule' },
    });
    expect(scheduled.statusCode).toBe(400);
    const onboarding = await app.inject({
      method: 'POST',
      url: '/api/sync/runs',
      headers: as('org-onboarding', 'owner'),
      payload: { kind: 'full', trigger: 'onboarding' },
    });
    expect(onboarding.statusCode).toBe(202);
    expect(onboarding.json()).toMatchObject({ run: { kind: 'full', trigger: 'onboarding' } });
  });

  it('starts one run per organization on Sync now and returns the open run to a second press', async () => {
    const first = await app.inject({
      method: 'POST',
      url: '/api/sync/runs',
      headers: as('org-a', 'technician'),
      payload: { kind: 'full' },
    });
    expect(first.statusCode).toBe(202);
    expect(first.json()).toMatchObject({
      created: true,
      run: { kind: 'full', status: 'queued', trigger: 'manual' },
    });
    const second = await app.inject({
      method: 'POST',
      url: '/api/sync/runs',
      headers: as('org-a', 'admin'),
      payload: {},
    });
    expect(second.json()).toMatchObject({
      created: false,
      run: { id: first.json<{ run: { id: string } }>().run.id },
    });
    const jobs = await boss.findJobs('sync-run', { queued: true });
    expect(jobs.filter((job) => (job.data as { orgId: string }).orgId === 'org-a')).toHaveLength(1);
    // The press that started the run is audited; the second press started nothing.
    expect(await audited('org-a')).toEqual([
      {
        action: 'sync.started',
        actor_user_id: 'user-1',
        actor_label: 'tech@example.edu',
        target_type: 'sync_run',
        target_id: first.json<{ run: { id: string } }>().run.id,
        details: { kind: 'full', trigger: 'manual' },
      },
    ]);
  });

  it('makes the first run of an organization a full one, whatever was asked', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/sync/runs',
      headers: as('org-d', 'admin'),
      payload: { kind: 'incremental' },
    });
    expect(response.json()).toMatchObject({ created: true, run: { kind: 'full' } });
  });

  it('refuses viewers and unauthenticated callers, and validates the body', async () => {
    const viewer = await app.inject({
      method: 'POST',
      url: '/api/sync/runs',
      headers: as('org-a', 'viewer'),
      payload: {},
    });
    expect(viewer.statusCode).toBe(403);
    const anonymous = await app.inject({ method: 'GET', url: '/api/sync/runs' });
    expect(anonymous.statusCode).toBe(401);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/sync/runs',
      headers: as('org-a', 'admin'),
      payload: { kind: 'everything' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('lists runs newest first in keyset pages and hides other organizations', async () => {
    for (let i = 0; i < 5; i += 1) {
      await testDb.database.db
        .insertInto('sync_run')
        .values({
          org_id: 'org-b',
          customer_id: 'C0',
          kind: 'incremental',
          trigger: 'schedule',
          requested_by: null,
          status: 'succeeded',
        })
        .execute();
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/sync/runs?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await app.inject({ method: 'GET', url, headers: as('org-b', 'viewer') });
      expect(page.statusCode).toBe(200);
      const body = page.json<{ runs: { id: string; createdAt: string }[]; nextCursor: string | null }>();
      expect(body.runs.length).toBeLessThanOrEqual(2);
      seen.push(...body.runs.map((r) => r.id));
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
    const own = await app.inject({
      method: 'GET',
      url: `/api/sync/runs/${seen[0]}`,
      headers: as('org-b', 'viewer'),
    });
    expect(own.statusCode).toBe(200);
    const foreign = await app.inject({
      method: 'GET',
      url: `/api/sync/runs/${seen[0]}`,
      headers: as('org-a', 'admin'),
    });
    expect(foreign.statusCode).toBe(404);
    const forged = await app.inject({
      method: 'GET',
      url: '/api/sync/runs?cursor=bm90LWEtY3Vyc29y',
      headers: as('org-b', 'viewer'),
    });
    expect(forged.statusCode).toBe(400);
  });

  it('reads and changes the schedule, within bounds, for admins only', async () => {
    const initial = await app.inject({
      method: 'GET',
      url: '/api/sync/schedule',
      headers: as('org-c', 'viewer'),
    });
    expect(initial.json()).toEqual({
      enabled: true,
      intervalMinutes: 10,
      fullEveryHours: 24,
      nextRunAt: null,
    });
    const body = { enabled: true, intervalMinutes: 30, fullEveryHours: 12 };
    const denied = await app.inject({
      method: 'PUT',
      url: '/api/sync/schedule',
      headers: as('org-c', 'technician'),
      payload: body,
    });
    expect(denied.statusCode).toBe(403);
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/sync/schedule',
      headers: as('org-c', 'admin'),
      payload: body,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ intervalMinutes: 30, fullEveryHours: 12 });
    const tooOften = await app.inject({
      method: 'PUT',
      url: '/api/sync/schedule',
      headers: as('org-c', 'admin'),
      payload: { ...body, intervalMinutes: 1 },
    });
    expect(tooOften.statusCode).toBe(400);
    expect(await audited('org-c')).toMatchObject([
      {
        action: 'sync.schedule_changed',
        actor_label: 'tech@example.edu',
        details: {
          before: { enabled: true, intervalMinutes: 10, fullEveryHours: 24 },
          after: body,
        },
      },
    ]);
  });
});

describe(`sync API inside the app (${backendName})`, () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('requires a session for the sync routes and the realtime socket', async () => {
    for (const url of ['/api/sync/runs', '/api/sync/schedule', '/api/realtime']) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect([url, response.statusCode]).toEqual([url, 401]);
    }
  });
});
