import type { ChromeOsDevice } from '@fleetdeck/google/directory/chromeos-device.schema';
import type { SyncError } from '@fleetdeck/shared/sync-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GoogleClientFactory } from '../src/modules/sync/sync-context.ts';
import { getRun } from '../src/modules/sync/sync-run.repository.ts';
import { startSyncEmulator, storedDevices, syncOnce, type SyncEmulator } from './sync-harness.ts';
import { backendName, createTestDatabase, type TestDatabase } from './test-database.ts';

const ORG = 'org-bad-devices';
const DAY_MS = 86_400_000;

/**
 * What Google keeps of what it was sent (a note with U+0000 or a lone surrogate) is stored cleaned,
 * and one device Google sends in a shape that cannot be stored is skipped and named in the run's
 * errors: neither stops a sync of the organization.
 */
describe(`a sync survives bad device values (${backendName})`, () => {
  let testDb: TestDatabase;
  let emulator: SyncEmulator;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    emulator = await startSyncEmulator({ size: 150, seed: 11 });
    await syncOnce(testDb.database, emulator, ORG, 'full');
  });
  afterAll(async () => {
    await emulator.close();
    await testDb.cleanup();
  });

  it('stores a note Google holds with NUL, control characters and a lone surrogate, cleaned', async () => {
    const [device] = await emulator.listAllDevices();
    if (!device) throw new Error('no device');
    await emulator.control('clock/advance', { ms: DAY_MS });
    await emulator.google.directory.patchChromeOsDevice(device.deviceId, {
      notes: 'cart\u0000 7\u0001\nshelf \ud800B',
      annotatedLocation: 'Room\u0000 12',
    });
    await syncOnce(testDb.database, emulator, ORG, 'incremental');
    await syncOnce(testDb.database, emulator, ORG, 'full');
    const stored = (await storedDevices(testDb.database, ORG)).find((d) => d.device_id === device.deviceId);
    expect(stored?.raw.notes).toBe('cart 7\nshelf \uFFFDB');
    expect(stored?.raw.annotatedLocation).toBe('Room 12');
  });

  it('skips one device it cannot store, names it in the run errors and keeps its stored row', async () => {
    const devices = await emulator.listAllDevices();
    const bad = devices[5] as ChromeOsDevice;
    // A device whose capacity is not a number (the client schema accepted it; the row cannot be built).
    const tamper = (device: ChromeOsDevice): ChromeOsDevice =>
      device.deviceId === bad.deviceId
        ? { ...device, diskVolumeReports: undefined, diskSpaceUsage: { capacityBytes: '1e', usedBytes: '1' } }
        : device;
    const createGoogleClient: GoogleClientFactory = (options) => {
      const client = emulator.clientFactory(options);
      const iterate = client.directory.iterateChromeOsDevicePages.bind(client.directory);
      client.directory.iterateChromeOsDevicePages = async function* (query, callOptions) {
        for await (const page of iterate(query, callOptions))
          yield { ...page, items: page.items.map(tamper) };
      };
      return client;
    };
    const runId = await syncOnce(testDb.database, emulator, ORG, 'full', { createGoogleClient });
    const run = await getRun(testDb.database.db, ORG, runId);
    expect(run?.status).toBe('succeeded');
    const errors = (run?.errors ?? []) as unknown as SyncError[];
    const skipped = errors.filter((error) => error.code === 'device_skipped');
    expect(skipped).toHaveLength(1);
    expect(skipped[0]?.message).toContain(bad.deviceId);
    const stored = await storedDevices(testDb.database, ORG);
    expect(stored.filter((d) => !d.deleted)).toHaveLength(devices.length);
    expect(stored.find((d) => d.device_id === bad.deviceId)?.deleted).toBe(false);
  });
});
