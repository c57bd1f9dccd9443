import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { storedJson } from '../src/modules/fleet-store/device-row.ts';
import { executeSyncRun } from '../src/modules/sync/sync-engine.ts';
import { createRun, getRun } from '../src/modules/sync/sync-run.repository.ts';
import { useKilledWorkerHarness } from './killed-worker-harness.ts';
import { engineOptions, storedDevices } from './sync-harness.ts';
import { backendName } from './test-database.ts';

const LEASE_MS = 1500;
const ORG_ID = 'org-killed';

/**
 * Why: "a crash resumes where it stopped" must hold for a real crash, not only a polite abort. The
 * worker runs in its own process and gets SIGKILL right after a committed page; the next attempt
 * resumes from the checkpoints.
 */
describe(`sync worker killed with SIGKILL (${backendName})`, () => {
  const harness = useKilledWorkerHarness({ size: 900, seed: 23 });
  const { withDatabase } = harness;
  /** Runs the worker until it has committed `pages` device pages, then kills it with SIGKILL. */
  const runAndKill = (runId: string, pages: number) =>
    harness.runAndKill(runId, { pages, committed: /^committed devices /gm, leaseMs: LEASE_MS });

  it('resumes after each kill with no device lost or listed twice', async () => {
    const expected = (await harness.emulator.listAllDevices())
      .map((device): [string, unknown] => [device.deviceId, storedJson(device)])
      .sort((a, b) => (a[0] < b[0] ? -1 : 1));
    const runId = await withDatabase(async (database) => {
      const { row } = await createRun(database.db, {
        orgId: ORG_ID,
        customerId: harness.emulator.customerId,
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
      const outcome = await executeSyncRun(engineOptions(database, harness.emulator), runId, {
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
