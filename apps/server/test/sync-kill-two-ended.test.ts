import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type DatabaseTarget } from '../src/db/client.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { executeSyncRun } from '../src/modules/sync/sync-engine.ts';
import { createRun } from '../src/modules/sync/sync-run-repository.ts';
import { engineOptions, startSyncEmulator, type SyncEmulator } from './sync-harness.ts';
import {
  bothFleets,
  crowdedPair,
  crowdOneOrgUnit,
  deviceCheckpoints,
  type CrowdedOrgUnit,
} from './sync-two-ended-harness.ts';
import { backendName, createTestDatabase, type TestDatabase } from './test-database.ts';

const WORKER = path.resolve(import.meta.dirname, 'fixtures/sync-worker-process.ts');
const LEASE_MS = 1500;
const ORG_ID = 'org-killed-both-ends';
const FLEET = 2400;
const SCOPES = [
  'admin.directory.device.chromeos',
  'admin.directory.orgunit',
  'admin.directory.customer.readonly',
  'chrome.management.telemetry.readonly',
  'chrome.management.reports.readonly',
].map((scope) => `https://www.googleapis.com/auth/${scope}`);

/**
 * Why: a shard listed from both ends keeps two checkpoints and, in memory only, which chain took
 * which device. A worker killed with SIGKILL while both chains run loses that memory (and, on
 * PGlite, its database mid-write); the next attempts must still converge to Google's fleet with
 * every device listed once.
 */
describe(`sync worker killed while a shard is listed from both ends (${backendName})`, () => {
  let emulator: SyncEmulator;
  let crowded: CrowdedOrgUnit;
  let target: DatabaseTarget;
  let testDb: TestDatabase | undefined;
  let dataDir: string | undefined;

  beforeAll(async () => {
    emulator = await startSyncEmulator({ size: FLEET, seed: 29 });
    crowded = crowdOneOrgUnit(emulator, 2000);
    if (process.env.DATABASE_URL) {
      testDb = await createTestDatabase();
      target = { kind: 'postgres', url: testDb.url ?? '' };
    } else {
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'fleetdeck-kill-ends-'));
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

  async function withDatabase<T>(work: (database: Database) => Promise<T>): Promise<T> {
    if (testDb) return work(testDb.database);
    const database = await openDatabase(target);
    try {
      return await work(database);
    } finally {
      await database.close();
    }
  }

  /**
   * Runs the worker (two lanes) and kills it with SIGKILL once the crowded OU's descending chain
   * committed `pages` pages (counted in this attempt).
   */
  function runAndKill(runId: string, pages: number): Promise<number> {
    const owner = emulator.emu.oauth.admins()[0];
    if (!owner) throw new Error('the emulator has no demo admin');
    const child = spawn(process.execPath, [WORKER], {
      env: {
        ...process.env,
        WORKER_DATABASE: JSON.stringify(target),
        WORKER_EMULATOR_ORIGIN: emulator.origin,
        WORKER_ACCESS_TOKEN: emulator.emu.oauth.mintAccessToken({ email: owner.email, scopes: SCOPES }),
        WORKER_CUSTOMER_ID: emulator.customerId,
        WORKER_RUN_ID: runId,
        WORKER_LEASE_MS: String(LEASE_MS),
        WORKER_HOLD_SHARD: `tree:${crowded.orgUnitId}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const descending = new RegExp(`^committed devices \\d+ tree:${crowded.orgUnitId}~desc$`, 'gm');
    return new Promise((resolve, reject) => {
      let committed = 0;
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        committed = (output.match(descending) ?? []).length;
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
    // The first kill comes once the second chain has committed a page; the resumed attempt runs
    // both chains from their checkpoints and is killed after its first page of the second chain.
    for (const pages of [1, 1]) {
      expect(await runAndKill(runId, pages)).toBeGreaterThanOrEqual(pages);
      // The dead worker's lease must run out before another worker may claim the run.
      await sleep(LEASE_MS + 300);
    }
    await withDatabase(async (database) => {
      const outcome = await executeSyncRun(engineOptions(database, emulator), runId, {
        signal: new AbortController().signal,
        finalAttempt: true,
      });
      expect(outcome).toBe('succeeded');
      const { google, stored } = await bothFleets(database, emulator, ORG_ID);
      expect(stored).toEqual(google);
      const checkpoints = await deviceCheckpoints(database, ORG_ID, runId);
      expect(checkpoints.reduce((sum, row) => sum + row.items, 0)).toBe(FLEET);
      expect(checkpoints.every((row) => row.done && row.restarts === 0)).toBe(true);
      const pair = crowdedPair(checkpoints, crowded);
      expect(pair).toHaveLength(2);
      expect(pair.reduce((sum, row) => sum + row.items, 0)).toBe(crowded.devices);
    });
  });
});
