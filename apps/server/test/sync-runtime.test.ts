import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { backendName, createTestDatabase } from './test-database.ts';

describe(`the app with sync jobs (${backendName})`, () => {
  it('starts the queue, the workers and the scheduler, and stops them before the database closes', async () => {
    const testDb = await createTestDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/nonexistent-fleetdeck-dist',
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
