import { applyNewestTelemetry } from '../fleet-store/telemetry-writer.ts';
import { syncDevices } from './device-phase.ts';
import type { SyncContext } from './sync-context.ts';
import { syncTelemetry } from './telemetry-phase.ts';

/**
 * Devices and telemetry at the same time: the device shards take `concurrency` lanes of Directory
 * calls and telemetry one lane of Chrome Management calls (another API, another quota), so the
 * telemetry chain no longer waits for the last device page. Each keeps its own checkpoints, so a
 * resumed run continues both. The phase reads `devices` until the device shards are done, then
 * `telemetry` while the telemetry chain finishes.
 */

/** Why: the two longest page chains of a sync overlap instead of adding up. */
export async function syncDevicesAndTelemetry(ctx: SyncContext): Promise<void> {
  ctx.tracker.enter('devices');
  const controller = new AbortController();
  const lane: SyncContext = { ...ctx, signal: AbortSignal.any([ctx.signal, controller.signal]) };
  let failure: { error: unknown } | undefined;
  // The first failure stops the other lane; it is the one reported, not the abort it caused.
  const settle = (work: Promise<void>) =>
    work.catch((error: unknown) => {
      failure ??= { error };
      controller.abort(error);
    });
  const telemetry = settle(syncTelemetry(lane));
  await settle(syncDevices(lane));
  if (!failure) ctx.tracker.enter('telemetry');
  await telemetry;
  if (failure) throw failure.error;
  ctx.signal.throwIfAborted();
  // Samples that committed before their device row existed are copied onto the row now.
  await applyNewestTelemetry(ctx.db, ctx.orgId);
}
