import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardResponse, ReplacementCosts } from '@fleetdeck/shared/dashboard-contract';
import { registerErrorHandling } from '../src/plugins/error-handler.ts';
import { loadDashboard } from '../src/modules/dashboard/dashboard.service.ts';
import { dashboardRoutes, type DashboardCaller } from '../src/routes/dashboard.routes.ts';
import { startSyncEmulator, syncOnce, type SyncEmulator } from './sync-harness.ts';
import { backendName, createTestDatabase, type TestDatabase } from './test-database.ts';

const ORG = 'org-dashboard';
const DAY_MS = 86_400_000;

/**
 * Reference counts written straight against fleet_device, independently of the rollup SQL: the
 * dashboard's number for each tile must equal what a plain query over the copy returns.
 */
const REFERENCE: Record<string, string> = {
  active7: `last_sync > now() - interval '7 days' or last_sync = now() - interval '7 days'`,
  active30: `not (last_sync < now() - interval '30 days')`,
  ghost30: `coalesce(last_sync < now() - interval '30 days', true)`,
  ghost90: `coalesce(last_sync < now() - interval '90 days', true)`,
  compliant: `os_compliance = 'compliant'`,
  aueExpired: `aue_date < current_date`,
  aue6m: `aue_date between current_date and (current_date + interval '6 months')::date - 1`,
  aue12m: `aue_date between current_date and (current_date + interval '1 year')::date - 1`,
  batteryReplaceSoon: `battery_health = 'BATTERY_REPLACE_SOON'`,
  batteryReplaceNow: `battery_health = 'BATTERY_REPLACE_NOW'`,
  lowStorage: `storage_free_bytes::numeric / nullif(storage_total_bytes, 0) < 0.1`,
  devMode: `boot_mode = 'Dev'`,
};

describe(`dashboard rollups and API (${backendName})`, () => {
  let testDb: TestDatabase;
  let emulator: SyncEmulator;
  let app: FastifyInstance;
  let caller: DashboardCaller;
  let role: 'admin' | 'viewer';

  beforeAll(async () => {
    testDb = await createTestDatabase();
    emulator = await startSyncEmulator({ size: 300, seed: 11 });
    caller = { orgId: ORG, userId: 'user-1', email: 'admin@example.edu', ouPaths: ['/'] };
    role = 'admin';
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    await app.register(dashboardRoutes, {
      db: testDb.database.db,
      access: {
        requirePermission: (permission) => async () => {
          if (permission === 'settings.manage' && role !== 'admin') {
            const { appErrors } = await import('../src/errors/app-error.ts');
            throw appErrors.forbidden();
          }
        },
        callerOf: async () => caller,
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await emulator.close();
    await testDb.cleanup();
  });

  async function dashboard(): Promise<DashboardResponse> {
    const response = await app.inject({ method: 'GET', url: '/api/dashboard' });
    expect(response.statusCode).toBe(200);
    return response.json<DashboardResponse>();
  }

  async function referenceCount(where: string, ouPath?: string): Promise<number> {
    const scope = ouPath
      ? sql`and (org_unit_path = ${ouPath} or org_unit_path like ${`${ouPath}/%`})`
      : sql``;
    const result = await sql<{ n: number }>`
      select count(*)::int as n from fleet_device
      where org_id = ${ORG} and deleted_at is null and status = 'ACTIVE' and (${sql.raw(where)}) ${scope}`.execute(
      testDb.database.db,
    );
    return result.rows[0]?.n ?? -1;
  }

  async function expectMatchesTable(view: DashboardResponse, ouPath?: string): Promise<void> {
    for (const tile of view.tiles) {
      const reference = REFERENCE[tile.key];
      if (!reference) throw new Error(`no reference count for ${tile.key}`);
      expect([tile.key, tile.count]).toEqual([tile.key, await referenceCount(reference, ouPath)]);
    }
    const statuses = await sql<{ status: string; n: number }>`
      select coalesce(status, 'UNKNOWN') as status, count(*)::int as n from fleet_device
      where org_id = ${ORG} and deleted_at is null
      ${ouPath ? sql`and (org_unit_path = ${ouPath} or org_unit_path like ${`${ouPath}/%`})` : sql``}
      group by 1`.execute(testDb.database.db);
    expect(Object.fromEntries(view.statuses.map((s) => [s.key, s.count]))).toEqual(
      Object.fromEntries(statuses.rows.map((r) => [r.status, r.n])),
    );
    for (const year of view.aue.schoolYears) {
      expect(year.count).toBe(
        await referenceCount(`aue_date between '${year.from}' and '${year.to}'`, ouPath),
      );
      expect(year.models.reduce((sum, m) => sum + m.count, 0)).toBe(year.count);
    }
    for (const version of view.os.versions) {
      expect(version.count).toBe(await referenceCount(`os_version like '${version.major}.%'`, ouPath));
    }
    for (const model of view.models.slice(0, 5)) {
      expect(model.count).toBe(await referenceCount(`model = '${model.key.replaceAll("'", "''")}'`, ouPath));
    }
    const attention = new Map(view.attention.map((a) => [a.key, a.count]));
    expect(attention.get('osNotCompliant')).toBe(
      await referenceCount(`os_compliance = 'notCompliant'`, ouPath),
    );
    expect(attention.get('pendingUpdate')).toBe(await referenceCount(`os_compliance = 'pending'`, ouPath));
    expect(attention.get('unsupportedPolicy')).toBe(await referenceCount(`aue_date < current_date`, ouPath));
    const activity = view.attention.find((a) => a.key === 'noUserActivity');
    const day = /\.\.(\d{4}-\d{2}-\d{2})$/.exec(activity?.query ?? '')?.[1];
    expect(activity?.count).toBe(
      await referenceCount(`last_sync < (date '${day}' + 1)::timestamp at time zone 'UTC'`, ouPath),
    );
    expect(attention.get('noPolicySync')).toBe(
      await referenceCount(`last_sync is null or last_sync < now() - interval '28 days'`, ouPath),
    );
  }

  it('shows an intentional empty state before the first sync', async () => {
    const view = await dashboard();
    expect(view.state).toBe('never_synced');
    expect(view.asOf).toBeNull();
    expect(view.total.count).toBe(0);
  });

  it('counts every tile and chart exactly as a direct query after a full sync', async () => {
    await syncOnce(testDb.database, emulator, ORG, 'full');
    const view = await dashboard();
    expect(view.state).toBe('ready');
    expect(view.asOf).not.toBeNull();
    expect(view.total.count).toBe(300);
    // A generated fleet gives every tile something to count.
    for (const key of ['batteryReplaceSoon', 'aueExpired', 'aue12m', 'compliant', 'ghost90']) {
      expect([key, (view.tiles.find((t) => t.key === key)?.count ?? 0) > 0]).toEqual([key, true]);
    }
    expect(view.os.referenceMajor).toBeGreaterThan(100);
    expect(view.attention.every((a) => a.googleCount !== null && a.count !== null)).toBe(true);
    expect(view.trends).toHaveLength(1);
    expect(view.trends[0]?.active).toBe(view.inService.count);
    await expectMatchesTable(view);
    const live = await loadDashboard(testDb.database.db, { orgId: ORG, ouPaths: ['/'], source: 'live' });
    expect({ ...live, trends: view.trends }).toEqual(view);
  });

  it('stays equal to the direct counts after an incremental sync that changed the fleet', async () => {
    const before = await dashboard();
    const devices = await emulator.listAllDevices();
    const active = devices.filter((d) => d.status === 'ACTIVE').slice(0, 7);
    await emulator.control('clock/advance', { ms: 3 * DAY_MS });
    await emulator.google.directory.batchChangeStatus({
      deviceIds: active.map((d) => d.deviceId),
      action: 'CHANGE_CHROME_OS_DEVICE_STATUS_ACTION_DISABLE',
    });
    await syncOnce(testDb.database, emulator, ORG, 'incremental');
    const view = await dashboard();
    expect(view.inService.count).toBe(before.inService.count - 7);
    expect(view.statuses.find((s) => s.key === 'DISABLED')?.count).toBe(
      (before.statuses.find((s) => s.key === 'DISABLED')?.count ?? 0) + 7,
    );
    expect(view.trends).toHaveLength(1);
    expect(view.trends[0]?.active).toBe(view.inService.count);
    await expectMatchesTable(view);
  });

  it('counts a member limited to one OU subtree over that subtree only, without fleet-wide data', async () => {
    const top = await sql<{ path: string }>`
      select split_part(org_unit_path, '/', 2) as path from fleet_device where org_id = ${ORG}
      and org_unit_path <> '/' group by 1 order by count(*) desc limit 1`.execute(testDb.database.db);
    const ouPath = `/${top.rows[0]?.path}`;
    caller = { ...caller, ouPaths: [ouPath] };
    try {
      const view = await dashboard();
      const whole = await sql<{ n: number }>`
        select count(*)::int as n from fleet_device where org_id = ${ORG} and deleted_at is null`.execute(
        testDb.database.db,
      );
      expect(view.total.count).toBeGreaterThan(0);
      expect(view.total.count).toBeLessThan(whole.rows[0]?.n ?? 0);
      expect(view.scopeOuPaths).toEqual([ouPath]);
      // Their trends count their units; Google's report counts the whole organization: not shown.
      expect(view.trends).toHaveLength(1);
      expect(view.trends[0]?.active).toBe(view.inService.count);
      expect(view.attention.every((a) => a.googleCount === null)).toBe(true);
      expect(view.attentionFetchedAt).toBeNull();
      const live = await loadDashboard(testDb.database.db, { orgId: ORG, ouPaths: [ouPath], source: 'live' });
      expect({ ...live, trends: view.trends }).toEqual(view);
      // The cost form's device counts are theirs too.
      const costs = await app.inject({ method: 'GET', url: '/api/dashboard/replacement-costs' });
      const models = costs.json<ReplacementCosts>().models;
      expect(models.reduce((sum, m) => sum + m.devices, 0)).toBe(view.inService.count);
      await expectMatchesTable(view, ouPath);
    } finally {
      caller = { ...caller, ouPaths: ['/'] };
    }
  });

  it('links every number to the fleet-table query that defines it', async () => {
    const view = await dashboard();
    const ghost = view.tiles.find((t) => t.key === 'ghost90');
    expect(ghost?.query).toBe('status:ACTIVE stale:90d');
    const year = view.aue.schoolYears[0];
    expect(year?.query).toBe(`status:ACTIVE aue:${year?.from}..${year?.to}`);
    expect(year?.from).toMatch(/-07-01$/);
    expect(year?.models[0]?.query).toBe(`${year?.query} model:"${year?.models[0]?.model}"`);
    expect(view.os.versions[0]?.query).toBe(`status:ACTIVE chrome_version:${view.os.referenceMajor};prefix`);
  });

  it('counts devices still in service past AUE as a forecast line of their own, in the total', async () => {
    const view = await dashboard();
    const current = view.aue.schoolYears.find((y) => y.timing === 'current');
    const startYear = current?.startYear ?? Number(view.aue.schoolYears.at(-1)?.startYear);
    const { pastDue } = view.aue;
    expect(pastDue.query).toBe(`status:ACTIVE aue:..${startYear}-06-30`);
    expect(pastDue.count).toBe(await referenceCount(`aue_date < '${startYear}-07-01'`));
    expect(pastDue.count).toBeGreaterThan(0);
    expect(pastDue.models.reduce((sum, m) => sum + m.count, 0)).toBe(pastDue.count);
    expect(pastDue.costCents).toBe(pastDue.models.reduce((sum, m) => sum + m.count * m.unitCostCents, 0));
    const years = view.aue.schoolYears
      .filter((y) => y.startYear >= startYear && y.startYear < startYear + 4)
      .reduce((sum, y) => sum + y.costCents, 0);
    expect(view.aue.forecastCents).toBe(pastDue.costCents + years);
  });

  it('prices the AUE forecast per model, with an organization default, and audits each change', async () => {
    const before = await dashboard();
    const future = before.aue.schoolYears.find((y) => y.timing !== 'past' && y.count > 0);
    if (!future) throw new Error('the generated fleet has no device reaching AUE this year or later');
    const model = future.models[0]?.model ?? '';
    const costs = await app.inject({ method: 'GET', url: '/api/dashboard/replacement-costs' });
    expect(costs.json<ReplacementCosts>().defaultCostCents).toBe(30_000);

    role = 'viewer';
    const denied = await app.inject({
      method: 'PUT',
      url: '/api/dashboard/replacement-costs',
      payload: { currency: 'EUR', defaultCostCents: 10_000, models: [] },
    });
    expect(denied.statusCode).toBe(403);
    role = 'admin';

    const saved = await app.inject({
      method: 'PUT',
      url: '/api/dashboard/replacement-costs',
      payload: { currency: 'EUR', defaultCostCents: 10_000, models: [{ model, costCents: 50_000 }] },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<ReplacementCosts>().models.find((m) => m.model === model)?.costCents).toBe(50_000);
    const after = (await dashboard()).aue.schoolYears.find((y) => y.startYear === future.startYear);
    const expected = future.models.reduce(
      (sum, m) => sum + m.count * (m.model === model ? 50_000 : 10_000),
      0,
    );
    expect(after?.costCents).toBe(expected);
    const audit = await sql<{ action: string; actor_user_id: string }>`
      select action, actor_user_id from audit_log where org_id = ${ORG}`.execute(testDb.database.db);
    expect(audit.rows).toEqual([{ action: 'dashboard.replacement_costs.update', actor_user_id: 'user-1' }]);

    const invalid = await app.inject({
      method: 'PUT',
      url: '/api/dashboard/replacement-costs',
      payload: { currency: 'euro', defaultCostCents: -1, models: [] },
    });
    expect(invalid.statusCode).toBe(400);
  });
});
