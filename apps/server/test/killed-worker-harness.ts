import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Database, DatabaseTarget } from '../src/db/client.ts';
import { startSyncEmulator, type SyncEmulator } from './sync-harness.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { killWorker, runWorkerUntil, workerEnv } from './worker-process.ts';

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
    runAndKill: async (runId, kill) => {
      const env = workerEnv(started(), target, {
        WORKER_RUN_ID: runId,
        WORKER_LEASE_MS: String(kill.leaseMs),
        ...kill.env,
      });
      const stopped = await runWorkerUntil(WORKER, env, {
        line: kill.committed,
        reached: (seen) => seen >= kill.pages,
        act: killWorker,
      });
      if (stopped.signal !== 'SIGKILL')
        throw new Error(`the worker ended by itself before the kill: ${stopped.output.slice(-2000)}`);
      return stopped.seen;
    },
  };
}
