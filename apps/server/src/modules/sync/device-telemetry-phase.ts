import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'kysely';
import {
  attachDevicePartition,
  openDeviceTarget,
  partitionIndexStatements,
} from '../fleet-store/device-partition.ts';
import { applyNewestTelemetry } from '../fleet-store/telemetry-writer.ts';
import { syncDevices } from './device-phase.ts';
import type { SyncContext } from './sync-context.ts';
import { releasable, runShards } from './shard-runner.ts';
import { listCheckpoints } from './sync-checkpoints.ts';
import { HISTORY_SHARD } from './telemetry-history.ts';
import { syncTelemetry } from './telemetry-phase.ts';

/**
 * Devices and telemetry at the same time: the device shards take `concurrency` lanes of Directory
 * calls and telemetry one lane of Chrome Management calls (another API, another quota), so the
 * telemetry chain no longer waits for the last device page. Each keeps its own checkpoints, so a
 * resumed run continues both. The phase reads `devices` until the device shards are done, then
 * `telemetry` while the telemetry chain finishes.
 *
 * A first copy of a fleet (no device row yet) is loaded into a table of its own and attached as the
 * organization's partition at the end (device-partition.ts). Its telemetry pages store only their
 * samples: a device row inserted later takes its battery state from them, and the rows inserted
 * before their sample get it from one statement before the attach, while the load table has no
 * index but its key.
 *
 * That statement rewrites each such row a second time, which is most rows when both chains run
 * from the start. So a first copy lets telemetry lead: one device lane lists meanwhile (so the
 * progress shows devices and a time left from the first page), the others start once its chain is
 * done, or as soon as the chain waits on Google well beyond its work (telemetry-phase.ts), where
 * running side by side is what saves time (decision 046).
 */

/**
 * Index builds of a first copy at once: the biggest (the trigram index) takes about as long as all
 * the B-trees together, so two lanes keep two cores busy.
 */
const INDEX_BUILD_LANES = 2;

/** Device lanes of a first copy while telemetry leads (decision 046). */
export const LANES_DURING_LEAD = 1;

/**
 * How long a first copy's device lane waits for Google's count of the fleet before listing, so
 * the first page already shows a time left; the telemetry chain leads meanwhile. A slower answer
 * still arrives and is used from then on.
 */
const ESTIMATE_WAIT_MS = 2000;

/** Why: the two longest page chains of a sync overlap instead of adding up. */
export async function syncDevicesAndTelemetry(ctx: SyncContext): Promise<void> {
  ctx.tracker.enter('devices');
  const target = await ctx.db.transaction().execute((trx) => openDeviceTarget(trx, ctx.orgId));
  const controller = new AbortController();
  const lane: SyncContext = {
    ...ctx,
    deviceTable: target.table,
    signal: AbortSignal.any([ctx.signal, controller.signal]),
  };
  let failure: { error: unknown } | undefined;
  // The first failure stops the other lane; it is the one reported, not the abort it caused.
  const settle = (work: Promise<void>) =>
    work.catch((error: unknown) => {
      failure ??= { error };
      controller.abort(error);
    });
  const listing = { telemetry: false };
  const lead = releasable();
  // A first sync has no earlier run to estimate from: Google's count scales it.
  const estimate =
    target.loading && ctx.tracker.progress.expectedDevices === null ? estimateFleet(lane) : undefined;
  const telemetry = settle(
    syncTelemetry(
      lane,
      { updateDevices: !target.loading, history: target.loading },
      target.loading ? lead : undefined,
    )
      .then((listed) => {
        listing.telemetry = listed;
      })
      .finally(lead.release),
  );
  // While telemetry leads a first copy, one device lane lists: devices are written from the first
  // page (the progress shows them and a rate at once), the other lanes join when the lead ends.
  let leading = true;
  void lead.released.then(() => {
    leading = false;
  });
  const limit = target.loading
    ? { allowed: () => (leading ? LANES_DURING_LEAD : ctx.concurrency), widened: lead.released }
    : undefined;
  if (estimate) await awaitEstimate(estimate, lane.signal);
  await settle(syncDevices(lane, limit));
  if (!failure) ctx.tracker.enter('telemetry');
  await telemetry;
  if (failure) throw failure.error;
  ctx.signal.throwIfAborted();
  // Samples that committed before their device row existed are copied onto the row now.
  if (!target.loading) {
    if (listing.telemetry) await applyNewestTelemetry(ctx.db, ctx.orgId);
    return;
  }
  // Rows inserted while only older samples were stored (a history page before the device's
  // recent one) take their newest sample too: the load table's rows hold the newest report.
  // Without history, a device's samples all commit in one fleet page, so a row has them all or none.
  const history = (await listCheckpoints(ctx.db, ctx.orgId, ctx.runId, 'telemetry')).some(
    (checkpoint) => checkpoint.shard === HISTORY_SHARD && checkpoint.items > 0,
  );
  await applyNewestTelemetry(ctx.db, ctx.orgId, target.table, history ? 'stale' : 'unset');
  const statements = await partitionIndexStatements(ctx.db, target.table);
  await runShards(statements, INDEX_BUILD_LANES, ctx.signal, async (statement) => {
    await sql.raw(statement).execute(ctx.db);
  });
  await ctx.db.transaction().execute((trx) => attachDevicePartition(trx, ctx.orgId, target.table));
}

/** Why: the estimate, or `ESTIMATE_WAIT_MS`, or an abort, whichever comes first; never throws. */
async function awaitEstimate(estimate: Promise<void>, signal: AbortSignal): Promise<void> {
  const done = new AbortController();
  const waited = delay(ESTIMATE_WAIT_MS, undefined, { signal: AbortSignal.any([signal, done.signal]) });
  await Promise.race([estimate, waited.catch(() => undefined)]);
  done.abort();
}

/**
 * Why: Google's hardware fleet report counts the devices in service by model; summed, it lets a
 * first sync show its progress and time left from the first pages (sync-progress.ts scales it).
 */
async function estimateFleet(ctx: SyncContext): Promise<void> {
  try {
    const report = await ctx.google.management.countChromeHardwareFleetDevices(
      { readMask: ['modelReports'] },
      { signal: ctx.signal },
    );
    const active = (report.modelReports ?? []).reduce((sum, bucket) => sum + Number(bucket.count ?? 0), 0);
    if (active > 0) ctx.tracker.expectFromActiveCount(active);
  } catch {
    // Only an estimate: without it the bar follows the groups of units listed, as before.
  }
}
