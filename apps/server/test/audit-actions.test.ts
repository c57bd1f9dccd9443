import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleCan, type MemberRole } from '@fleetdeck/shared/permissions';
import { appErrors } from '../src/errors/app-error.ts';
import { startJobQueue } from '../src/jobs/job-queue.ts';
import { ensureSyncRunQueue } from '../src/jobs/sync-run.job.ts';
import { registerErrorHandling } from '../src/plugins/error-handler.ts';
import { fleetRoutes, type FleetRouteAccess } from '../src/routes/fleet-api.ts';
import { syncRoutes, type SyncRouteAccess } from '../src/routes/sync-runs.ts';
import { backendName, createTestDatabase, type TestDatabase } from './test-database.ts';

/**
 * An audit log entry for every action: starting a sync, changing the sync schedule and creating,
 * changing or deleting a (shared) saved view.
 */

const ORG = 'org-audit-review';
const USER = 'user-audit-review';

const permission = (required: Parameters<typeof roleCan>[1]) => async (request: FastifyRequest) => {
  const role = request.headers['x-role'] as MemberRole | undefined;
  if (!role) throw appErrors.unauthenticated();
  if (!roleCan(role, required)) throw appErrors.forbidden();
};
const syncAccess: SyncRouteAccess = {
  requirePermission: permission,
  tenantOf: async () => ({ orgId: ORG, customerId: 'C0review', userId: USER }),
};
const fleetAccess: FleetRouteAccess = {
  requirePermission: permission,
  callerOf: async () => ({
    orgId: ORG,
    userId: USER,
    email: 'admin@review.example',
    ouPaths: ['/'],
    managesShared: true,
  }),
};

describe(`actions leave an audit entry (${backendName})`, () => {
  let testDb: TestDatabase;
  let boss: PgBoss;
  let app: FastifyInstance;
  const admin = { 'x-role': 'admin' };

  beforeAll(async () => {
    testDb = await createTestDatabase();
    boss = await startJobQueue({ database: testDb.database, connectionString: testDb.url });
    await ensureSyncRunQueue(boss);
    app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    await app.register(syncRoutes, { db: testDb.database.db, access: syncAccess, boss });
    await app.register(fleetRoutes, { db: testDb.database.db, access: fleetAccess });
  });
  afterAll(async () => {
    await app.close();
    await boss.stop({ graceful: false, close: true });
    await testDb.cleanup();
  });

  const auditActions = async () =>
    (
      await testDb.database.db
        .selectFrom('audit_log')
        .select('action')
        .where('org_id', '=', ORG)
        .orderBy('occurred_at')
        .execute()
    ).map((row) => row.action);

  it('audits Sync now', async () => {
    const before = (await auditActions()).length;
    const response = await app.inject({
      method: 'POST',
      url: '/api/sync/runs',
      headers: admin,
      payload: { kind: 'full' },
    });
    expect(response.statusCode, response.body).toBe(202);
    expect((await auditActions()).length).toBeGreaterThan(before);
  });

  it('audits a change of the sync schedule (turning scheduled syncs off)', async () => {
    const before = (await auditActions()).length;
    const response = await app.inject({
      method: 'PUT',
      url: '/api/sync/schedule',
      headers: admin,
      payload: { enabled: false, intervalMinutes: 60, fullEveryHours: 24 },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await auditActions()).length).toBeGreaterThan(before);
  });

  it('audits creating, changing and deleting a view shared with the organization', async () => {
    const before = (await auditActions()).length;
    const view = {
      name: 'Lost devices',
      shared: true,
      q: 'status:DISABLED',
      columns: ['serialNumber'],
      sort: 'serialNumber',
      dir: 'asc',
    };
    const created = await app.inject({
      method: 'POST',
      url: '/api/saved-views',
      headers: admin,
      payload: view,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: string }>().id;
    const changed = await app.inject({
      method: 'PUT',
      url: `/api/saved-views/${id}`,
      headers: admin,
      payload: { ...view, q: '' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const deleted = await app.inject({ method: 'DELETE', url: `/api/saved-views/${id}`, headers: admin });
    expect(deleted.statusCode).toBe(204);
    expect((await auditActions()).slice(before)).toEqual([
      'saved_view.created',
      'saved_view.updated',
      'saved_view.deleted',
    ]);
  });

  it('audits nothing for a refused change, and keeps the view', async () => {
    const before = (await auditActions()).length;
    const response = await app.inject({
      method: 'POST',
      url: '/api/saved-views',
      headers: admin,
      payload: {
        name: 'Broken',
        shared: true,
        q: 'nonsense:(',
        columns: ['serialNumber'],
        sort: 'serialNumber',
        dir: 'asc',
      },
    });
    expect(response.statusCode).toBe(400);
    expect((await auditActions()).length).toBe(before);
  });
});
