import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Database, DatabaseTarget } from '../src/db/client.ts';
import { startSyncEmulator, SYNC_SCOPES, type SyncEmulator } from './sync-harness.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

const WORKER = path.resolve(import.meta.dirname, 'fixtures/sync-worker-process.ts');

/**
 * Sync workers killed with SIGKILL in a process of their own (fixtures/sync-worker-process.ts),
 * against one emulator and one database the parent keeps open. Registers its own beforeAll/afterAll.
 */
export interface KilledWorkerHarness {
  /** Set once the suite's beforeAll ran. */
  readonly emulator: SyncEmulator;
  /** The parent's connection to the database the workers use. */
  readonly withDatabase: <T>(work: (database: Database) => Promise<T>) => Promise<T>;
  /**
   * Runs the worker on `runId` and kills it once its output has `pages` lines matching
   * `committed`; resolves with the count seen by then.
   */
  readonly runAndKill: (runId: string, kill: KillPoint) => Promise<number>;
}

export interface KillPoint {
  readonly pages: number;
  /** A committed-page line of the worker's output (global, multiline). */
  readonly committed: RegExp;
  readonly leaseMs: number;
  readonly env?: Readonly<Record<string, string>>;
}

export function useKilledWorkerHarness(options: {
  readonly size: number;
  readonly seed: number;
}): KilledWorkerHarness {
  let emulator: SyncEmulator | undefined;
  let target: DatabaseTarget;
  let testDb: TestDatabase | undefined;

  beforeAll(async () => {
    emulator = await startSyncEmulator(options);
    testDb = await createTestDatabase();
    target = { kind: 'postgres', url: testDb.url };
  });
  afterAll(async () => {
    await emulator?.close();
    await testDb?.cleanup();
  });

  const started = (): SyncEmulator => {
    if (!emulator) throw new Error('the killed-worker harness is used before its beforeAll ran');
    return emulator;
  };

  return {
    get emulator() {
      return started();
    },
    withDatabase: async (work) => {
      if (!testDb) throw new Error('the killed-worker harness is used before its beforeAll ran');
      return work(testDb.database);
    },
    runAndKill: (runId, kill) => {
      const emu = started();
      const owner = emu.emu.oauth.admins()[0];
      if (!owner) throw new Error('the emulator has no demo admin');
      const child = spawn(process.execPath, [WORKER], {
        env: {
          ...process.env,
          WORKER_DATABASE: JSON.stringify(target),
          WORKER_EMULATOR_ORIGIN: emu.origin,
          WORKER_ACCESS_TOKEN: emu.emu.oauth.mintAccessToken({ email: owner.email, scopes: SYNC_SCOPES }),
          WORKER_CUSTOMER_ID: emu.customerId,
          WORKER_RUN_ID: runId,
          WORKER_LEASE_MS: String(kill.leaseMs),
          ...kill.env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      return new Promise((resolve, reject) => {
        let committed = 0;
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          committed = (output.match(kill.committed) ?? []).length;
          if (committed >= kill.pages && child.exitCode === null) child.kill('SIGKILL');
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
    },
  };
}
