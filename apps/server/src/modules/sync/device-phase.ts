import type { ChromeOsDevice } from '@fleetdeck/google/directory/chromeos-device.schema';
import { type DevicePageOutcome, writeDevicePage } from '../fleet-store/device-page-writer.ts';
import { INCREMENTAL_DEVICE_FIELDS, toDeviceRow } from '../fleet-store/device-row.ts';
import { countDevicesPerOrgUnit, listLiveOrgUnits, replaceOrgUnits } from '../fleet-store/org-unit-writer.ts';
import { parseDeviceShard, planDeviceShards } from './device-shard-planner.ts';
import { walkShard, type PagedShard } from './paged-shard.ts';
import { runShards } from './shard-runner.ts';
import { listCheckpoints, planShards, type Checkpoint } from './sync-checkpoints.ts';
import type { SyncContext } from './sync-context.ts';

/**
 * Org units first (one call, one transaction), then devices in parallel OU shards (subtrees or
 * single OUs that never overlap, see device-shard-planner.ts), 300 per page. A full sync lists the
 * FULL projection; an incremental one asks only for the compared fields and keeps the report lists.
 */

export const DEVICE_PAGE_SIZE = 300;

/** Why: the shards of the device phase are the OUs, so the tree must be stored first. */
export async function syncOrgUnits(ctx: SyncContext): Promise<void> {
  ctx.tracker.enter('org_units');
  const units = await ctx.google.directory.listOrgUnits(
    { type: 'allIncludingParent', orgUnitPath: '/' },
    { signal: ctx.signal },
  );
  await ctx.db.transaction().execute((trx) => replaceOrgUnits(trx, ctx.orgId, ctx.runId, units));
}

/** Why: the bulk of a sync; resumable per shard from its last committed page. */
export async function syncDevices(ctx: SyncContext): Promise<void> {
  ctx.tracker.enter('devices');
  let checkpoints = await listCheckpoints(ctx.db, ctx.orgId, ctx.runId, 'devices');
  if (checkpoints.length === 0) {
    const units = await listLiveOrgUnits(ctx.db, ctx.orgId);
    const counts = await countDevicesPerOrgUnit(ctx.db, ctx.orgId);
    const shards = planDeviceShards(units, counts, ctx.concurrency);
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
  tracker.progress.shardsTotal = checkpoints.length;
  tracker.progress.shardsDone = checkpoints.filter((c) => c.done).length;
  await runShards(checkpoints, ctx.concurrency, ctx.signal, async (checkpoint, signal) => {
    await walkShard(ctx, deviceShard(ctx, checkpoint), signal);
    if (!checkpoint.done) tracker.progress.shardsDone += 1;
  });
}

function deviceShard(ctx: SyncContext, checkpoint: Checkpoint): PagedShard<ChromeOsDevice, DevicePageOutcome> {
  const incremental = ctx.kind === 'incremental';
  const spec = parseDeviceShard(checkpoint.shard);
  return {
    phase: 'devices',
    checkpoint,
    pages: (pageToken, signal) =>
      ctx.google.directory.iterateChromeOsDevicePages(
        {
          orgUnitPath: spec.orgUnitId,
          includeChildOrgunits: spec.includeChildren,
          maxResults: DEVICE_PAGE_SIZE,
          projection: 'FULL',
          pageToken,
          ...(incremental ? { fields: INCREMENTAL_DEVICE_FIELDS } : {}),
        },
        { signal },
      ),
    write: (trx, devices) =>
      writeDevicePage(trx, {
        orgId: ctx.orgId,
        runId: ctx.runId,
        rows: devices.map((device) => toDeviceRow(ctx.orgId, ctx.customerId, device)),
        mergeRaw: incremental,
      }),
    committed: (outcome, items) =>
      ctx.tracker.addDevicePage({
        seen: items,
        written: outcome.written,
        created: outcome.created,
        historyRows: outcome.historyRows,
      }),
  };
}
