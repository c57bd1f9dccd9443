import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/db/embedded/embedded-postgres.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { storedJson } from '../src/modules/fleet-store/device-row.ts';
import { executeSyncRun } from '../src/modules/sync/sync-engine.ts';
import { createRun, getRun } from '../src/modules/sync/sync-run.repository.ts';
import { engineOptions, startSyncEmulator, storedDevices, type SyncEmulator } from './sync-harness.ts';
import { runWorkerUntil, workerEnv } from './worker-process.ts';
import { recordAudit } from '../src/modules/audit/audit-log.ts';

const WORKER = path.resolve(import.meta.dirname, 'fixtures/sync-worker-process.ts');
const ORG_ID = 'org-postgres-killed';
const LEASE_MS = 1500;

/**
 * Why: the embedded default runs PostgreSQL as a process of its own, which can die on its own (the
 * OOM killer, an operator's kill -9). Mid first sync, the postmaster gets SIGKILL; the next start
 * on the same folder recovers from the WAL, every audit entry committed before the kill is there,
 * and the run resumes from its checkpoints to exactly Google's fleet, no device lost or twice.
 */
describe('the embedded PostgreSQL killed with SIGKILL mid first sync', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fleetdeck-pg-kill-'));
  let server: EmbeddedPostgres;
  let database: Database;
  let emulator: SyncEmulator;

  beforeAll(async () => {
    emulator = await startSyncEmulator({ size: 900, seed: 31 });
    server = await startEmbeddedPostgres({ dataDir });
    database = await openDatabase({ kind: 'postgres', url: server.url });
    await migrateToLatest(database.db);
  });
  afterAll(async () => {
    await database.close();
    await server.stop();
    await emulator.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('recovers on the next start: committed audit entries kept, the run converges', async () => {
    const expected = (await emulator.listAllDevices())
      .map((device): [string, unknown] => [device.deviceId, storedJson(device)])
      .sort((a, b) => (a[0] < b[0] ? -1 : 1));
    const { row } = await createRun(database.db, {
      orgId: ORG_ID,
      customerId: emulator.customerId,
      kind: 'full',
      trigger: 'manual',
      requestedBy: null,
    });

    const postmaster = Number.parseInt(readFileSync(path.join(server.pgdata, 'postmaster.pid'), 'utf8'), 10);
    const committedAudit = await runUntilPagesThenKill(row.id, 3, async () => {
      // Audit entries committed while the sync runs, right before the kill.
      for (let i = 0; i < 20; i += 1) {
        await recordAudit(database.db, {
          orgId: null,
          action: `committed.${i}` as never,
          outcome: 'success',
        });
      }
      process.kill(postmaster, 'SIGKILL');
      return 20;
    });
    await database.close();

    server = await startEmbeddedPostgres({ dataDir });
    database = await openDatabase({ kind: 'postgres', url: server.url });
    const audit = await database.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'like', 'committed.%')
      .execute();
    expect(audit).toHaveLength(committedAudit);

    // The killed worker's lease must run out before another worker may claim the run.
    await sleep(LEASE_MS + 300);
    const outcome = await executeSyncRun(engineOptions(database, emulator), row.id, {
      signal: new AbortController().signal,
      finalAttempt: true,
    });
    expect(outcome).toBe('succeeded');
    const stored = (await storedDevices(database, ORG_ID))
      .filter((device) => !device.deleted)
      .map((device): [string, unknown] => [device.device_id, device.raw]);
    expect(stored).toEqual(expected);
    expect((await getRun(database.db, ORG_ID, row.id))?.status).toBe('succeeded');
  }, 180_000);

  /** Runs a sync worker process until `pages` device pages are committed, then calls `kill`. */
  async function runUntilPagesThenKill(runId: string, pages: number, kill: () => Promise<number>) {
    const env = workerEnv(
      emulator,
      { kind: 'postgres', url: server.url },
      {
        WORKER_RUN_ID: runId,
        WORKER_LEASE_MS: String(LEASE_MS),
      },
    );
    const stopped = await runWorkerUntil(WORKER, env, {
      line: /^committed devices /gm,
      reached: (seen) => seen >= pages,
      act: kill,
    });
    return stopped.value;
  }
});
