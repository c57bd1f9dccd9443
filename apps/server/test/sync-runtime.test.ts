import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { startSyncRuntime } from '../src/jobs/sync-runtime.ts';
import { startSync } from '../src/modules/sync/sync.service.ts';
import { startSyncEmulator } from './sync-harness.ts';
import { TEST_AUTH_SECRET } from './test-app.ts';
import { backendName, createTestDatabase } from './test-database.ts';

const ORG = 'org-live-sync';

describe(`the app with sync jobs (${backendName})`, () => {
  it('starts the queue, the workers and the scheduler, and stops them before the database closes', async () => {
    const testDb = await createTestDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/nonexistent-fleetdeck-dist',
      AUTH_SECRET: TEST_AUTH_SECRET,
    });
    const app = await buildApp({ config, database: testDb.database, jobs: { connectionString: testDb.url } });
    await app.ready();
    const queues = await sql<{ name: string }>`select name from pgboss.queue order by name`.execute(
      testDb.database.db,
    );
    expect(queues.rows.map((row) => row.name)).toEqual(
      expect.arrayContaining(['sync-run', 'sync-schedule-tick']),
    );
    const schedules = await sql<{
      name: string;
      cron: string;
    }>`select name, cron from pgboss.schedule`.execute(testDb.database.db);
    expect(schedules.rows).toContainEqual({ name: 'sync-schedule-tick', cron: '* * * * *' });
    await app.close();
    // The database is still usable after the app closed: the queue let go of it first.
    await testDb.database.ping();
    await testDb.cleanup();
  });
});

describe(`the sync's realtime fleet.changed (${backendName})`, () => {
  it('tells open pages how many devices each run added to the copy', async () => {
    const testDb = await createTestDatabase();
    const emulator = await startSyncEmulator({ size: 120, seed: 11 });
    const runtime = await startSyncRuntime({
      database: testDb.database,
      connectionString: testDb.url,
      createGoogleClient: emulator.clientFactory,
      pollingIntervalSeconds: 0.5,
    });
    const events: unknown[] = [];
    const unsubscribe = runtime.hub.subscribe(ORG, (event, payload) => {
      if (event === 'fleet.changed') events.push(payload);
    });
    const syncAndWait = async (kind: 'full' | 'incremental') => {
      const { run } = await startSync(testDb.database.db, runtime.boss, {
        orgId: ORG,
        customerId: emulator.customerId,
        kind,
        trigger: 'manual',
        requestedBy: null,
      });
      await expect.poll(() => events.length, { timeout: 30_000, interval: 100 }).toBeGreaterThan(0);
      return { runId: run.id, changed: events.splice(0) };
    };
    try {
      const first = await syncAndWait('full');
      expect(first.changed).toEqual([{ reason: 'sync', runId: first.runId, added: 120 }]);

      const [changedId] = (await emulator.listAllDevices()).map((device) => device.deviceId);
      await emulator.google.directory.patchChromeOsDevice(changedId ?? '', { annotatedLocation: 'Room 12' });
      await emulator.control('devices/enroll', { count: 2 });
      const second = await syncAndWait('incremental');
      // A sync names no devices (any loaded row may have changed) and counts the new ones.
      expect(second.changed).toEqual([{ reason: 'sync', runId: second.runId, added: 2 }]);
    } finally {
      unsubscribe();
      await runtime.stop();
      await emulator.close();
      await testDb.cleanup();
    }
  });
});
