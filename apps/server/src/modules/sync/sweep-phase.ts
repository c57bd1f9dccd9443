import { GoogleNotFoundError } from '@fleetdeck/google/errors';
import type { ChromeOsDevice } from '@fleetdeck/google/directory/chromeos-device.schema';
import { writeDevicePage } from '../fleet-store/device-page-writer.ts';
import { toDeviceRow } from '../fleet-store/device-row.ts';
import { listUnseenDevices, markDevicesDeleted } from '../fleet-store/device-sweep.ts';
import { runShards } from './shard-runner.ts';
import type { SyncContext } from './sync-context.ts';

/**
 * Devices this run did not list are asked for one by one: a 404 means Google deleted it (marked,
 * with a history row), an answer means it moved between two shards while they were listed (stored
 * like any listed device). Nothing is marked deleted on a guess.
 */

/** Candidates confirmed with Google, then written, per transaction. */
const SWEEP_BATCH = 200;

/** Why: devices deleted at Google must leave the fleet view, and moved ones must not. */
export async function sweepDeletedDevices(ctx: SyncContext): Promise<void> {
  ctx.tracker.enter('sweep');
  // One query for every candidate: a resumed sweep asks again, and finds only the devices it has
  // not yet confirmed (marked ones are deleted, found ones were written by this run).
  const candidates = await listUnseenDevices(ctx.db, ctx.orgId, ctx.runId);
  for (let start = 0; start < candidates.length; start += SWEEP_BATCH) {
    ctx.signal.throwIfAborted();
    const { gone, found } = await confirmWithGoogle(ctx, candidates.slice(start, start + SWEEP_BATCH));
    await ctx.db.transaction().execute(async (trx) => {
      if (found.length) {
        const rows = found.map((device) => toDeviceRow(ctx.orgId, ctx.customerId, device));
        await writeDevicePage(trx, { orgId: ctx.orgId, runId: ctx.runId, rows });
      }
      ctx.tracker.progress.devicesDeleted += await markDevicesDeleted(trx, ctx.orgId, ctx.runId, gone);
    });
  }
}

async function confirmWithGoogle(
  ctx: SyncContext,
  deviceIds: readonly string[],
): Promise<{ gone: string[]; found: ChromeOsDevice[] }> {
  const gone: string[] = [];
  const found: ChromeOsDevice[] = [];
  await runShards(deviceIds, ctx.concurrency, ctx.signal, async (deviceId, signal) => {
    try {
      found.push(await ctx.google.directory.getChromeOsDevice(deviceId, { projection: 'FULL', signal }));
    } catch (error) {
      if (!(error instanceof GoogleNotFoundError)) throw error;
      gone.push(deviceId);
    }
  });
  return { gone, found };
}
