import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { executeSyncRun } from '../src/modules/sync/sync-engine.ts';
import { createRun } from '../src/modules/sync/sync-run.repository.ts';
import { useKilledWorkerHarness } from './killed-worker-harness.ts';
import { engineOptions } from './sync-harness.ts';
import {
  bothFleets,
  crowdedPair,
  crowdOneOrgUnit,
  deviceCheckpoints,
  type CrowdedOrgUnit,
} from './sync-two-ended-harness.ts';
import { backendName } from './test-database.ts';

const LEASE_MS = 1500;
const ORG_ID = 'org-killed-both-ends';
const FLEET = 2400;

/**
 * Why: a shard listed from both ends keeps two checkpoints and, in memory only, which chain took
 * which device. A worker killed with SIGKILL while both chains run loses that memory; the next
 * attempts must still converge to Google's fleet with
 * every device listed once.
 */
describe(`sync worker killed while a shard is listed from both ends (${backendName})`, () => {
  const harness = useKilledWorkerHarness({ size: FLEET, seed: 29 });
  const { withDatabase } = harness;
  let crowded: CrowdedOrgUnit;
  beforeAll(() => {
    crowded = crowdOneOrgUnit(harness.emulator, 2000);
  });

  /**
   * Runs the worker (two lanes) and kills it with SIGKILL once the crowded OU's descending chain
   * committed `pages` pages (counted in this attempt).
   */
  const runAndKill = (runId: string, pages: number) =>
    harness.runAndKill(runId, {
      pages,
      committed: new RegExp(`^committed devices \\d+ tree:${crowded.orgUnitId}~desc$`, 'gm'),
      leaseMs: LEASE_MS,
      env: { WORKER_HOLD_SHARD: `tree:${crowded.orgUnitId}` },
    });

  it('resumes after each kill with no device lost or listed twice', async () => {
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
    // The first kill comes once the second chain has committed a page; the resumed attempt runs
    // both chains from their checkpoints and is killed after its first page of the second chain.
    for (const pages of [1, 1]) {
      expect(await runAndKill(runId, pages)).toBeGreaterThanOrEqual(pages);
      // The dead worker's lease must run out before another worker may claim the run.
      await sleep(LEASE_MS + 300);
    }
    await withDatabase(async (database) => {
      const outcome = await executeSyncRun(engineOptions(database, harness.emulator), runId, {
        signal: new AbortController().signal,
        finalAttempt: true,
      });
      expect(outcome).toBe('succeeded');
      const { google, stored } = await bothFleets(database, harness.emulator, ORG_ID);
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
