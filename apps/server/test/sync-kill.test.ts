import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type DatabaseTarget } from '../src/db/client.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { storedJson } from '../src/modules/fleet-store/device-row.ts';
import { executeSyncRun } from '../src/modules/sync/sync-engine.ts';
import { createRun, getRun } from '../src/modules/sync/sync-run-repository.ts';
import { engineOptions, startSyncEmulator, storedDevices, type SyncEmulator } from './sync-harness.ts';
import { backendName, createTestDatabase, type TestDatabase } from './test-database.ts';

const WORKER = path.resolve(import.meta.dirname, 'fixtures/sync-worker-process.ts');
const LEASE_MS = 1500;
const ORG_ID = 'org-killed';

/**
 * Why: "a crash resumes where it stopped" must hold for a real crash, not only a polite abort. The
 * worker runs in its own process and gets SIGKILL right after a committed page (and on PGlite the
 * embedded database dies with it, mid-write); the next attempt resumes from the checkpoints.
 */
describe(`sync worker killed with SIGKILL (${backendName})`, () => {
  let emulator: SyncEmulator;
  let target: DatabaseTarget;
  let testDb: TestDatabase | undefined;
  let dataDir: string | undefined;

  beforeAll(async () => {
    emulator = await startSyncEmulator({ size: 900, seed: 23 });
    if (process.env.DATABASE_URL) {
      testDb = await createTestDatabase();
      target = { kind: 'postgres', url: testDb.url ?? '' };
    } else {
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'fleetdeck-kill-'));
      target = { kind: 'pglite', dataDir };
      const database = await openDatabase(target);
      await migrateToLatest(database.db);
      await database.close();
    }
  });
  afterAll(async () => {
    await emulator.close();
    await testDb?.cleanup();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** The parent's connection: PostgreSQL stays open; PGlite's folder belongs to one process at a time. */
  async function withDatabase<T>(work: (database: Database) => Promise<T>): Promise<T> {
    if (testDb) return work(testDb.database);
    const database = await openDatabase(target);
    try {
      return await work(database);
    } finally {
      await database.close();
    }
  }

  /** Runs the worker until it has committed `pages` device pages, then kills it with SIGKILL. */
  function runAndKill(runId: string, pages: number): Promise<number> {
    const owner = emulator.emu.oauth.admins()[0];
    if (!owner) throw new Error('the emulator has no demo admin');
    const child = spawn(process.execPath, [WORKER], {
      env: {
        ...process.env,
        WORKER_DATABASE: JSON.stringify(target),
        WORKER_EMULATOR_ORIGIN: emulator.origin,
        WORKER_ACCESS_TOKEN: emulator.emu.oauth.mintAccessToken({
          email: owner.email,
          scopes: [
            'https://www.googleapis.com/auth/admin.directory.device.chromeos',
            'https://www.googleapis.com/auth/admin.directory.orgunit',
            'https://www.googleapis.com/auth/admin.directory.customer.readonly',
            'https://www.googleapis.com/auth/chrome.management.telemetry.readonly',
            'https://www.googleapis.com/auth/chrome.management.reports.readonly',
          ],
        }),
        WORKER_CUSTOMER_ID: emulator.customerId,
        WORKER_RUN_ID: runId,
        WORKER_LEASE_MS: String(LEASE_MS),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return new Promise((resolve, reject) => {
      let committed = 0;
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        committed = (output.match(/^committed devices /gm) ?? []).length;
        if (committed >= pages && child.exitCode === null) child.kill('SIGKILL');
      });
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', (code, signal) => {
        if (signal === 'SIGKILL') resolve(committed);
        else
          reject(
            new Error(`the worker ended by itself (code ${code}) before the kill: ${output.slice(-2000)}`),
          );
      });
    });
  }

  it('resumes after each kill with no device lost or listed twice', async () => {
    const expected = (await emulator.listAllDevices())
      .map((device): [string, unknown] => [device.deviceId, storedJson(device)])
      .sort((a, b) => (a[0] < b[0] ? -1 : 1));
    const runId = await withDatabase(async (database) => {
      const { row } = await createRun(database.db, {
        orgId: ORG_ID,
        customerId: emulator.customerId,
        kind: 'full',
        trigger: 'manual',
        requestedBy: null,
      });
      return row.id;
    });

    for (const pages of [2, 3]) {
      const committed = await runAndKill(runId, pages);
      expect(committed).toBeGreaterThanOrEqual(pages);
      // The dead worker's lease must run out before another worker may claim the run.
      await sleep(LEASE_MS + 300);
    }

    await withDatabase(async (database) => {
      const outcome = await executeSyncRun(engineOptions(database, emulator), runId, {
        signal: new AbortController().signal,
        finalAttempt: true,
      });
      expect(outcome).toBe('succeeded');
      const stored = (await storedDevices(database, ORG_ID))
        .filter((row) => !row.deleted)
        .map((row): [string, unknown] => [row.device_id, row.raw]);
      expect(stored).toEqual(expected);
      const run = await getRun(database.db, ORG_ID, runId);
      expect(run?.attempts).toBe(3);
      const checkpoints = await sql<{ items: number; restarts: number }>`
        select coalesce(sum(items), 0)::int as items, coalesce(sum(restarts), 0)::int as restarts
        from sync_checkpoint where org_id = ${ORG_ID} and run_id = ${runId}::uuid and phase = 'devices'`.execute(
        database.db,
      );
      expect(checkpoints.rows[0]).toEqual({ items: expected.length, restarts: 0 });
    });
  });
});
