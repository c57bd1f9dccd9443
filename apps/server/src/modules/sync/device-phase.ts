import type { ChromeOsDevice } from '@fleetdeck/google/directory/chromeos-device.schema';
import { GoogleNotFoundError } from '@fleetdeck/google/errors';
import {
  forgetSeenDevices,
  readStoredEtags,
  writeDevicePage,
  type DevicePageOutcome,
  type SeenDevice,
} from '../fleet-store/device-page-writer.ts';
import {
  ETAG_LISTING_FIELDS,
  FULL_LISTING_FIELDS,
  STORED_DEVICE_SELECTION,
  toDeviceRow,
  type DeviceRow,
} from '../fleet-store/device-row.ts';
import { DEVICE_TABLE } from '../fleet-store/device-partition.ts';
import { countDevicesPerOrgUnit, listLiveOrgUnits, replaceOrgUnits } from '../fleet-store/org-unit-writer.ts';
import { DeviceListingQueue, sharedDeviceListing, type DeviceChain } from './device-listing-queue.ts';
import { parseDeviceShard, planDeviceShards } from './device-shard-planner.ts';
import { walkShard, type PagedShard } from './paged-shard.ts';
import { runLanes, runShards, WorkSignal } from './shard-runner.ts';
import { addShard, listCheckpoints, planShards } from './sync-checkpoints.ts';
import type { SyncContext } from './sync-context.ts';

/**
 * Org units first (one call, one transaction), then devices in parallel OU shards (subtrees or
 * single OUs that never overlap, see device-shard-planner.ts), 300 per page. A full sync lists the
 * FULL projection's stored fields; an incremental one lists ids and etags and fetches only the
 * devices that changed, with the same fields. With more than one lane, shards are listed in serial
 * number order, so a lane left without a shard can list a running one from its other end
 * (device-listing-queue.ts, two-ended-listing.ts).
 */

export const DEVICE_PAGE_SIZE = 300;
/** An incremental listing in serial number order also reads the serial, its sort key. */
const ORDERED_ETAG_LISTING_FIELDS = 'nextPageToken,chromeosdevices(deviceId,etag,serialNumber)';
/** Changed devices of one incremental page read again one by one at once, when their batch part failed. */
const FETCHES_PER_PAGE = 8;

/** Why: the shards of the device phase are the OUs, so the tree must be stored first. */
export async function syncOrgUnits(ctx: SyncContext): Promise<void> {
  ctx.tracker.enter('org_units');
  const units = await ctx.google.directory.listOrgUnits(
    { type: 'allIncludingParent', orgUnitPath: '/' },
    { signal: ctx.signal },
  );
  await ctx.db.transaction().execute((trx) => replaceOrgUnits(trx, ctx.orgId, ctx.runId, units));
  ctx.tracker.progress.orgUnits = units.length;
}

/**
 * How many device lanes may list at once: all of them, except while telemetry leads a first copy
 * (decision 020), when one lane lists so devices are written from the first page (decision 046).
 */
export interface LaneLimit {
  /** Lanes allowed now. */
  allowed(): number;
  /** Resolves when every lane is allowed. */
  readonly widened: Promise<void>;
}

/** Why: the bulk of a sync; resumable per shard from its last committed page. */
export async function syncDevices(ctx: SyncContext, limit?: LaneLimit): Promise<void> {
  ctx.tracker.enter('devices');
  let checkpoints = await listCheckpoints(ctx.db, ctx.orgId, ctx.runId, 'devices');
  let devices: Map<string, number> | undefined;
  if (checkpoints.length === 0) {
    await forgetSeenDevices(ctx.db, ctx.orgId, ctx.runId);
    const units = await listLiveOrgUnits(ctx.db, ctx.orgId);
    const counts = await countDevicesPerOrgUnit(ctx.db, ctx.orgId);
    const shards = planDeviceShards(units, counts, ctx.concurrency);
    // Weights are device counts when the last sync's are known (otherwise OUs).
    if (counts) devices = new Map(shards.map((shard) => [shard.key, shard.weight]));
    await planShards(
      ctx.db,
      ctx.orgId,
      ctx.runId,
      'devices',
      shards.map((shard) => shard.key),
    );
    checkpoints = await listCheckpoints(ctx.db, ctx.orgId, ctx.runId, 'devices');
  }
  const tracker = ctx.tracker;
  const work = new WorkSignal();
  const lanes = ctx.concurrency;
  const queue = new DeviceListingQueue(checkpoints, { lanes, pageSize: DEVICE_PAGE_SIZE, work, devices });
  tracker.progress.shardsTotal = queue.shardCount;
  tracker.progress.shardsDone = queue.doneCount;
  // One read of every stored etag instead of one indexed lookup of 300 ids per page. An etag our
  // own action changes meanwhile only makes that device be fetched once more.
  const stored =
    ctx.kind === 'incremental' ? await readStoredEtags(ctx.db, ctx.orgId, ctx.deviceTable) : new Map();
  let listing = 0;
  void limit?.widened.then(() => work.notify());
  await runLanes(lanes, ctx.signal, work, () => {
    const narrowed = limit !== undefined && limit.allowed() < lanes;
    if (narrowed && listing >= limit.allowed()) return undefined;
    const chain = queue.next(narrowed ? 'last' : 'first');
    if (!chain) return undefined;
    listing += 1;
    return async (signal, release) => {
      try {
        const key = { orgId: ctx.orgId, runId: ctx.runId, phase: 'devices', shard: chain.key } as const;
        if (chain.create) await addShard(ctx.db, key, chain.checkpoint.position);
        await walkShard(ctx, deviceShard(ctx, chain, stored), signal, release);
        if (queue.chainEnded(chain)) tracker.progress.shardsDone += 1;
      } finally {
        listing -= 1;
      }
    };
  });
}

function deviceShard(
  ctx: SyncContext,
  chain: DeviceChain,
  stored: ReadonlyMap<string, string>,
): PagedShard<ChromeOsDevice, DevicePage, DevicePageOutcome & { active: number }> {
  const spec = parseDeviceShard(chain.key);
  const incremental = ctx.kind === 'incremental';
  const ordered = chain.listing !== undefined;
  // A first copy's load table takes new rows by COPY (decision 023).
  const copy = ctx.deviceTable !== DEVICE_TABLE;
  return {
    phase: 'devices',
    checkpoint: chain.checkpoint,
    shared: chain.listing && sharedDeviceListing(chain.listing, chain),
    pages: (pageToken, signal) =>
      ctx.google.directory.iterateChromeOsDevicePages(
        {
          orgUnitPath: spec.orgUnitId,
          includeChildOrgunits: spec.includeChildren,
          maxResults: DEVICE_PAGE_SIZE,
          pageToken,
          ...(ordered
            ? { orderBy: 'serialNumber' as const, sortOrder: spec.descending ? 'DESCENDING' : 'ASCENDING' }
            : {}),
          // BASIC skips the report lists Google would build only for `fields` to drop them; a full
          // listing leaves out the time series rows do not keep (a third of a FULL device's JSON).
          ...(incremental
            ? {
                projection: 'BASIC' as const,
                fields: ordered ? ORDERED_ETAG_LISTING_FIELDS : ETAG_LISTING_FIELDS,
              }
            : { projection: 'FULL' as const, fields: FULL_LISTING_FIELDS }),
        },
        { signal },
      ),
    prepare: (devices, signal) =>
      incremental ? fetchChanged(ctx, stored, devices, signal) : fullPage(ctx, devices),
    write: async (trx, page) => ({
      ...(await writeDevicePage(trx, {
        orgId: ctx.orgId,
        runId: ctx.runId,
        rows: page.rows,
        unchanged: page.unchanged,
        table: ctx.deviceTable,
        copy,
      })),
      // A first copy's estimate of the fleet scales Google's count of active devices by this share.
      active: page.rows.filter((row) => row.status === 'ACTIVE').length,
    }),
    committed: (outcome, items) =>
      ctx.tracker.addDevicePage({
        seen: items,
        written: outcome.written,
        created: outcome.created,
        historyRows: outcome.historyRows,
        active: outcome.active,
      }),
  };
}

interface DevicePage {
  readonly rows: DeviceRow[];
  /** Devices whose etag did not change: only stamped as seen. */
  readonly unchanged: SeenDevice[];
}

async function fullPage(ctx: SyncContext, devices: readonly ChromeOsDevice[]): Promise<DevicePage> {
  const unchanged: SeenDevice[] = [];
  return { rows: toDeviceRows(ctx, devices, unchanged), unchanged };
}

/**
 * Why: one device Google sends in a shape we cannot store never stops a sync. It is skipped (its
 * stored row, if any, kept and counted as seen, so the sweep leaves it), and named in the run's errors.
 */
function toDeviceRows(
  ctx: SyncContext,
  devices: readonly ChromeOsDevice[],
  skipped: SeenDevice[],
): DeviceRow[] {
  const rows: DeviceRow[] = [];
  for (const device of devices) {
    try {
      rows.push(toDeviceRow(ctx.orgId, ctx.customerId, device));
    } catch (error) {
      skipped.push({ device_id: device.deviceId, etag: null });
      ctx.tracker.addError({
        code: 'device_skipped',
        message: `Device ${device.deviceId}${device.serialNumber ? ` (serial ${device.serialNumber})` : ''} was skipped: ${error instanceof Error ? error.message : String(error)}. The next sync reads it again.`,
        recovered: true,
      });
    }
  }
  return rows;
}

/**
 * An incremental page lists ids and etags; devices whose etag differs from the stored one (or that
 * are new) are read whole before the page's transaction opens: in one HTTP batch per page, since
 * one request per changed device cost more than the rest of the run. A part Google failed on its
 * own (throttled, unavailable) is read again alone, with the usual backoff; a device deleted
 * between the listing and the read is left to the sweep.
 */
async function fetchChanged(
  ctx: SyncContext,
  stored: ReadonlyMap<string, string>,
  listed: readonly ChromeOsDevice[],
  signal: AbortSignal,
): Promise<DevicePage> {
  const unchanged: SeenDevice[] = [];
  const changedIds: string[] = [];
  for (const device of listed) {
    const etag = stored.get(device.deviceId);
    if (etag !== undefined && etag === device.etag) {
      // The etag is the stored one: nothing to update on the row.
      unchanged.push({ device_id: device.deviceId, etag: null });
    } else changedIds.push(device.deviceId);
  }
  const options = { projection: 'FULL', fields: STORED_DEVICE_SELECTION, signal } as const;
  const fetched: ChromeOsDevice[] = [];
  // Read alone: a single changed device, and the parts of a batch that failed on their own.
  const batched = changedIds.length > 1;
  const alone: string[] = batched ? [] : changedIds;
  if (batched) {
    const outcomes = await ctx.google.directory.batchGetChromeOsDevices(changedIds, options);
    outcomes.forEach((outcome, index) => {
      if (outcome.ok) fetched.push(outcome.value);
      else if (!(outcome.error instanceof GoogleNotFoundError)) alone.push(changedIds[index] as string);
    });
  }
  await runShards(alone, FETCHES_PER_PAGE, signal, async (deviceId, fetchSignal) => {
    try {
      fetched.push(
        await ctx.google.directory.getChromeOsDevice(deviceId, { ...options, signal: fetchSignal }),
      );
    } catch (error) {
      // Deleted between the listing and the fetch: the sweep confirms and marks it.
      if (!(error instanceof GoogleNotFoundError)) throw error;
    }
  });
  return { rows: toDeviceRows(ctx, fetched, unchanged), unchanged };
}
