import { sql } from 'kysely';
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
 *
 * On a first copy of a fleet (no device row yet) the telemetry pages store only their samples: a
 * device row inserted later takes its battery state from them, and the rows inserted before their
 * sample get it from one statement at the end. Every row is then written once; updating rows from
 * each telemetry page rewrote about half of them a second time, with all their indexes.
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
  const firstCopy = !(await hasDeviceRows(ctx));
  const telemetry = settle(syncTelemetry(lane, { updateDevices: !firstCopy }));
  await settle(syncDevices(lane));
  if (!failure) ctx.tracker.enter('telemetry');
  await telemetry;
  if (failure) throw failure.error;
  ctx.signal.throwIfAborted();
  // Samples that committed before their device row existed are copied onto the row now.
  await applyNewestTelemetry(ctx.db, ctx.orgId);
}

async function hasDeviceRows(ctx: SyncContext): Promise<boolean> {
  const result = await sql<{ found: boolean }>`
    select exists (select 1 from fleet_device where org_id = ${ctx.orgId}) as found`.execute(ctx.db);
  return result.rows[0]?.found === true;
}
