import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListChromeOsDevicesQuery } from '@fleetdeck/google/directory/chromeos-device-query.schema';
import type { CommittedPage, GoogleClientFactory } from '../src/modules/sync/sync-context.ts';
import { executeSyncRun } from '../src/modules/sync/sync-engine.ts';
import { createRun, getRun } from '../src/modules/sync/sync-run.repository.ts';
import { engineOptions, startSyncEmulator, syncOnce, type SyncEmulator } from './sync-harness.ts';
import {
  bothFleets,
  crowdedPair,
  crowdOneOrgUnit,
  deviceCheckpoints,
  holdUntilSecondChain,
  type CrowdedOrgUnit,
} from './sync-two-ended-harness.ts';
import { backendName, createTestDatabase, type TestDatabase } from './test-database.ts';

const FLEET = 2400;

/**
 * Why: one OU's own devices cannot be cut into OU shards, so a large OU is listed by two page
 * chains meeting in the middle (by serial number, ascending and descending). These tests hold that
 * listing to what every sync promises: the copy equals Google's field by field, each device is
 * written and counted once, a crash anywhere resumes to the same copy, and an expired page token
 * restarts only its own chain.
 */
describe(`a large OU listed from both ends (${backendName})`, () => {
  let testDb: TestDatabase;
  let emulator: SyncEmulator;
  let crowded: CrowdedOrgUnit;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    emulator = await startSyncEmulator({ size: FLEET, seed: 31 });
    crowded = crowdOneOrgUnit(emulator, 1800);
  });
  afterAll(async () => {
    await emulator.close();
    await testDb.cleanup();
  });

  /**
   * Holds the crowded OU's first chain after its second page until the second chain committed a
   * page: the other lanes run out of shards meanwhile and start it, whatever the machine's speed.
   */
  function holdCrowdedChain(): (page: CommittedPage) => Promise<void> {
    return holdUntilSecondChain(`tree:${crowded.orgUnitId}`);
  }

  async function expectExactCopy(orgId: string, runId: string): Promise<void> {
    const { google, stored } = await bothFleets(testDb.database, emulator, orgId);
    expect(stored).toEqual(google);
    const checkpoints = await deviceCheckpoints(testDb.database, orgId, runId);
    expect(checkpoints.reduce((sum, row) => sum + row.items, 0)).toBe(FLEET);
    expect(checkpoints.every((row) => row.done)).toBe(true);
    const pair = crowdedPair(checkpoints, crowded);
    expect(pair.map((row) => row.shard)).toEqual([
      `tree:${crowded.orgUnitId}`,
      `tree:${crowded.orgUnitId}~desc`,
    ]);
    expect(pair.every((row) => row.items > 0)).toBe(true);
    expect(pair.reduce((sum, row) => sum + row.items, 0)).toBe(crowded.devices);
  }

  it('copies the fleet field by field, each device written and counted once', async () => {
    const runId = await syncOnce(testDb.database, emulator, 'org-both-ends', 'full', {
      concurrency: 3,
      onPageCommitted: holdCrowdedChain(),
    });
    await expectExactCopy('org-both-ends', runId);
    const run = await getRun(testDb.database.db, 'org-both-ends', runId);
    const shards = (await deviceCheckpoints(testDb.database, 'org-both-ends', runId)).length - 1;
    expect(run?.progress).toMatchObject({
      devicesSeen: FLEET,
      devicesCreated: FLEET,
      devicesWritten: FLEET,
      historyRows: 0,
      devicesDeleted: 0,
      shardsTotal: shards,
      shardsDone: shards,
    });
  });

  it('splits the OU known to be largest at once, in full and incremental runs, counting exactly', async () => {
    const orgId = 'org-known-sizes';
    await syncOnce(testDb.database, emulator, orgId, 'full');
    // The last sync's counts show the crowded OU outlasting the rest: its second chain starts early.
    const fullId = await syncOnce(testDb.database, emulator, orgId, 'full', { concurrency: 10 });
    await expectExactCopy(orgId, fullId);
    const full = await getRun(testDb.database.db, orgId, fullId);
    expect(full?.progress).toMatchObject({ devicesSeen: FLEET, devicesWritten: 0, devicesCreated: 0 });

    const devices = await emulator.listAllDevices();
    const changed = devices.filter((_, index) => index % 80 === 0);
    expect(changed.some((device) => device.orgUnitId === crowded.orgUnitId)).toBe(true);
    for (const [index, device] of changed.entries()) {
      await emulator.google.directory.patchChromeOsDevice(device.deviceId, { notes: `Keyboard ${index}` });
    }
    const incrementalId = await syncOnce(testDb.database, emulator, orgId, 'incremental', {
      concurrency: 10,
    });
    await expectExactCopy(orgId, incrementalId);
    const incremental = await getRun(testDb.database.db, orgId, incrementalId);
    expect(incremental?.progress).toMatchObject({
      devicesSeen: FLEET,
      devicesWritten: changed.length,
      devicesCreated: 0,
      historyRows: changed.length,
    });
  });

  it('restarts only the descending chain when its page token expires', async () => {
    const orgId = 'org-token-desc';
    await syncOnce(testDb.database, emulator, orgId, 'full');
    let spoiled = 0;
    // Google answers a spoiled token as it does an expired one (400 on a page-token request).
    const clientFactory: GoogleClientFactory = (org) => {
      const client = emulator.clientFactory(org);
      const directory = client.directory;
      const list = directory.listChromeOsDevices.bind(directory);
      directory.listChromeOsDevices = (query: ListChromeOsDevicesQuery, options) => {
        const descending = query.sortOrder === 'DESCENDING' && query.pageToken !== undefined;
        if (!descending || spoiled > 0) return list(query, options);
        spoiled += 1;
        return list({ ...query, pageToken: `${query.pageToken ?? ''}x` }, options);
      };
      return client;
    };
    const { row } = await createRun(testDb.database.db, {
      orgId,
      customerId: emulator.customerId,
      kind: 'full',
      trigger: 'manual',
      requestedBy: null,
    });
    const options = engineOptions(testDb.database, { ...emulator, clientFactory }, { concurrency: 10 });
    const outcome = await executeSyncRun(options, row.id, {
      signal: new AbortController().signal,
      finalAttempt: true,
    });
    expect(outcome).toBe('succeeded');
    expect(spoiled).toBe(1);
    await expectExactCopy(orgId, row.id);
    const checkpoints = await deviceCheckpoints(testDb.database, orgId, row.id);
    expect(checkpoints.filter((c) => c.restarts > 0).map((c) => [c.shard, c.restarts])).toEqual([
      [`tree:${crowded.orgUnitId}~desc`, 1],
    ]);
    const run = await getRun(testDb.database.db, orgId, row.id);
    expect(run?.progress).toMatchObject({ shardRestarts: 1, devicesSeen: FLEET, devicesWritten: 0 });
    const errors = (run?.errors ?? []) as { code: string; shard?: string }[];
    expect(errors.filter((e) => e.code === 'page_token_expired').map((e) => e.shard)).toEqual([
      `tree:${crowded.orgUnitId}~desc`,
    ]);
  });

  it('resumes a two-ended listing interrupted at random points and converges, exactly once', async () => {
    let seed = 11;
    const random = () => {
      seed = (Math.imul(seed, 1_664_525) + 1_013_904_223) >>> 0;
      return seed / 2 ** 32;
    };
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const orgId = `org-both-ends-crash-${attempt}`;
      const { row } = await createRun(testDb.database.db, {
        orgId,
        customerId: emulator.customerId,
        kind: 'full',
        trigger: 'manual',
        requestedBy: null,
      });
      const crashes = Array.from({ length: 1 + (attempt % 2) }, () => 1 + Math.floor(random() * 4));
      let crashed = 0;
      let finished = false;
      for (const crashAfter of crashes) {
        // Interrupted after a random number of the crowded OU's pages once both chains run.
        const controller = new AbortController();
        let pages = 0;
        let bothEnds = false;
        const hold = holdCrowdedChain();
        const onPageCommitted = async (page: CommittedPage) => {
          if (!page.shard.startsWith(`tree:${crowded.orgUnitId}`)) return;
          bothEnds ||= page.shard.endsWith('~desc');
          if (bothEnds) pages += 1;
          if (bothEnds && pages >= crashAfter) controller.abort(new Error('worker killed'));
          await hold(page);
        };
        const options = engineOptions(testDb.database, emulator, { concurrency: 3, onPageCommitted });
        const outcome = await executeSyncRun(options, row.id, {
          signal: controller.signal,
          finalAttempt: false,
        }).catch(() => 'interrupted');
        // A resumed listing may have fewer pages left than the random point.
        if (outcome === 'succeeded') finished = true;
        else crashed += 1;
        if (finished) break;
      }
      expect(crashed).toBeGreaterThan(0);
      if (!finished) {
        const resumed = await executeSyncRun(engineOptions(testDb.database, emulator), row.id, {
          signal: new AbortController().signal,
          finalAttempt: true,
        });
        expect(resumed).toBe('succeeded');
      }
      await expectExactCopy(orgId, row.id);
      const restarts = await sql<{ restarts: number }>`
        select coalesce(sum(restarts), 0)::int as restarts from sync_checkpoint
        where org_id = ${orgId} and run_id = ${row.id}::uuid`.execute(testDb.database.db);
      expect(restarts.rows[0]?.restarts).toBe(0);
    }
  });
});
