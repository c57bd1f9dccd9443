import { GooglePermissionError } from '@fleetdeck/google/errors';
import type { TelemetryDevice } from '@fleetdeck/google/management/telemetry.schema';
import { TELEMETRY_READ_MASK, toTelemetrySample, writeTelemetryPage } from '../fleet-store/telemetry-writer.ts';
import { walkShard, type PagedShard } from './paged-shard.ts';
import { runShards } from './shard-runner.ts';
import { listCheckpoints, planShards, type Checkpoint } from './sync-checkpoints.ts';
import type { SyncContext } from './sync-context.ts';

/**
 * Telemetry after devices: one page chain over the whole fleet, 1,000 devices a page, only the
 * report parts Fleetdeck stores. (Google's telemetry filter matches one OU's own devices, never a
 * subtree, so OU shards would cost one mostly empty page per OU.) An admin whose role lacks the
 * telemetry permission still gets a complete device sync: the phase is skipped and says so.
 */

const WHOLE_FLEET = 'fleet';

export const TELEMETRY_PAGE_SIZE = 1000;

/** Why: battery, storage and OS update trends come only from Chrome Management. */
export async function syncTelemetry(ctx: SyncContext): Promise<void> {
  ctx.tracker.enter('telemetry');
  await planShards(ctx.db, ctx.orgId, ctx.runId, 'telemetry', [WHOLE_FLEET]);
  const checkpoints = await listCheckpoints(ctx.db, ctx.orgId, ctx.runId, 'telemetry');
  try {
    await runShards(checkpoints, ctx.concurrency, ctx.signal, (checkpoint, signal) =>
      walkShard(ctx, telemetryShard(ctx, checkpoint), signal),
    );
  } catch (error) {
    if (!(error instanceof GooglePermissionError)) throw error;
    ctx.tracker.addError({
      code: 'telemetry_not_permitted',
      message: `Google refused telemetry for this account; battery and storage trends are not updated (${error.message})`,
      recovered: true,
    });
  }
}

function telemetryShard(ctx: SyncContext, checkpoint: Checkpoint): PagedShard<TelemetryDevice, number> {
  const now = new Date().toISOString();
  return {
    phase: 'telemetry',
    checkpoint,
    pages: (pageToken, signal) =>
      ctx.google.management.iterateTelemetryDevicePages(
        {
          readMask: TELEMETRY_READ_MASK,
          pageSize: TELEMETRY_PAGE_SIZE,
          pageToken,
        },
        { signal },
      ),
    write: (trx, devices) =>
      writeTelemetryPage(
        trx,
        ctx.orgId,
        devices.flatMap((device) => toTelemetrySample(device, now) ?? []),
      ),
    committed: (samples) => ctx.tracker.addTelemetryPage(samples),
  };
}
