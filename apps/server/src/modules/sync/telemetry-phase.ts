import { sql } from 'kysely';
import { GooglePermissionError } from '@fleetdeck/google/errors';
import type { TelemetryDevice } from '@fleetdeck/google/management/telemetry.schema';
import {
  HOUR_MS,
  TELEMETRY_PAGE_FIELDS,
  TELEMETRY_READ_MASK,
  toTelemetrySample,
  toTelemetrySamples,
  writeTelemetryPage,
  type TelemetryPageOptions,
  type TelemetrySampleRow,
} from '../fleet-store/telemetry-writer.ts';
import { walkShard, type PagedShard, type PagePace } from './paged-shard.ts';
import { runShards } from './shard-runner.ts';
import { listCheckpoints, planShards, type Checkpoint } from './sync-checkpoints.ts';
import type { SyncContext } from './sync-context.ts';
import { HISTORY_SHARD, readTelemetryHistory } from './telemetry-history.ts';

/**
 * Telemetry beside the devices: one page chain over the whole fleet, 1,000 devices a page, only the
 * report parts Fleetdeck stores. (Google's telemetry filter matches one OU's own devices, never a
 * subtree, so OU shards would cost one mostly empty page per OU.) An admin whose role lacks the
 * telemetry permission still gets a complete device sync: the phase is skipped and says so.
 */

const WHOLE_FLEET = 'fleet';

/**
 * Google uploads device telemetry every few hours, so an incremental run every ten minutes does not
 * list it again when a run refreshed it within this window. Full runs always do.
 */
export const TELEMETRY_REFRESH_MS = 3_600_000;

export const TELEMETRY_PAGE_SIZE = 1000;

/**
 * Why: battery, storage and OS update trends come only from Chrome Management. Runs as one more
 * lane beside the device shards (see device-telemetry-phase.ts), so it does not set the phase.
 * Says whether it listed samples (not when the last ones are fresh enough).
 */
export async function syncTelemetry(
  ctx: SyncContext,
  options: TelemetryPageOptions & {
    /**
     * A first copy keeps one sample per hour of the reports each page carries, and reads the
     * battery history Google keeps beside (telemetry-history.ts); later runs keep the newest.
     */
    readonly history?: boolean;
  },
  lead?: TelemetryLead,
): Promise<boolean> {
  if (ctx.kind === 'incremental' && (await telemetryIsFresh(ctx))) return false;
  const shards = options.history ? [WHOLE_FLEET, HISTORY_SHARD] : [WHOLE_FLEET];
  await planShards(ctx.db, ctx.orgId, ctx.runId, 'telemetry', shards);
  const checkpoints = await listCheckpoints(ctx.db, ctx.orgId, ctx.runId, 'telemetry');
  try {
    await runShards(checkpoints, ctx.concurrency, ctx.signal, async (checkpoint, signal) => {
      if (checkpoint.shard === HISTORY_SHARD) return readTelemetryHistory(ctx, checkpoint, signal);
      // The devices wait on the fleet chain alone, never on the history beside it.
      await walkShard(ctx, telemetryShard(ctx, checkpoint, options, lead), signal).finally(() =>
        lead?.release(),
      );
    });
    ctx.tracker.progress.telemetryRefreshed = true;
    return true;
  } catch (error) {
    if (!(error instanceof GooglePermissionError)) throw error;
    ctx.tracker.addError({
      code: 'telemetry_not_permitted',
      message: `Google refused telemetry for this account; battery and storage trends are not updated (${error.message})`,
      recovered: true,
    });
    // Pages before the refusal may have stored samples.
    return true;
  }
}

async function telemetryIsFresh(ctx: SyncContext): Promise<boolean> {
  const result = await sql<{ fresh: boolean }>`
    select exists (
      select 1 from sync_run
      where org_id = ${ctx.orgId} and status = 'succeeded' and (progress->>'telemetryRefreshed')::boolean
        and finished_at > now() - ${TELEMETRY_REFRESH_MS} * interval '1 millisecond'
    ) as fresh`.execute(ctx.db);
  return result.rows[0]?.fresh === true;
}

/**
 * Telemetry leading the devices of a first copy (device-telemetry-phase.ts): the device lanes wait
 * until `release` is called.
 */
export interface TelemetryLead {
  release(): void;
}

/**
 * Giving the lead up has a price: the rows the device lanes write meanwhile are written a second
 * time for their battery state, and those dead rows double the table the index builds then read.
 * So the chain keeps its lead until it waits for Google more than this many times as long as it
 * works (it then works less than a quarter of its time).
 */
const LEAD_WAIT_FACTOR = 3;

/**
 * Why: a lead pays only while the chain is bound by Fleetdeck's own work. Once the chain has
 * waited for Google well beyond the time it worked on what Google sent (from its second page on:
 * the first has no prefetch to hide behind, and its round trip also pays for the first request's
 * set-up), round trips set its pace, and the devices start beside it.
 */
export function leadPacer(lead: TelemetryLead): (pace: PagePace) => void {
  let pages = 0;
  let waited = 0;
  let worked = 0;
  return (pace) => {
    pages += 1;
    if (pages === 1) return;
    waited += pace.waitedMs;
    worked += pace.workedMs;
    if (waited > LEAD_WAIT_FACTOR * worked) lead.release();
  };
}

function telemetryShard(
  ctx: SyncContext,
  checkpoint: Checkpoint,
  options: TelemetryPageOptions & { readonly history?: boolean },
  lead: TelemetryLead | undefined,
): PagedShard<TelemetryDevice, TelemetrySampleRow[], number> {
  const now = new Date().toISOString();
  return {
    ...(lead && { paced: leadPacer(lead) }),
    phase: 'telemetry',
    checkpoint,
    pages: (pageToken, signal) =>
      ctx.google.management.iterateTelemetryDevicePages(
        {
          readMask: TELEMETRY_READ_MASK,
          fields: TELEMETRY_PAGE_FIELDS,
          pageSize: TELEMETRY_PAGE_SIZE,
          pageToken,
        },
        { signal },
      ),
    prepare: async (devices) =>
      devices.flatMap((device) =>
        options.history ? toTelemetrySamples(device, now, HOUR_MS) : (toTelemetrySample(device, now) ?? []),
      ),
    write: (trx, samples) => writeTelemetryPage(trx, ctx.orgId, samples, options),
    committed: (samples) => ctx.tracker.addTelemetryPage(samples),
  };
}
