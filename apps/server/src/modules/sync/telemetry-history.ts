import { GoogleApiError } from '@fleetdeck/google/errors';
import type { TelemetryDevice } from '@fleetdeck/google/management/telemetry.schema';
import {
  DAY_MS,
  toTelemetrySamples,
  writeTelemetryPage,
  type TelemetrySampleRow,
} from '../fleet-store/telemetry-writer.ts';
import { walkShard, type PagedShard } from './paged-shard.ts';
import type { Checkpoint } from './sync-checkpoints.ts';
import type { SyncContext } from './sync-context.ts';

/**
 * A first copy's second telemetry chain (decision 046): the battery reports Google keeps from the
 * last 30 days, one sample per device a day, so the health charts show a trend on day one.
 * Battery only: CPU and memory are reported every 10 minutes, seven times the bytes for a page of
 * history, and the fleet chain keeps the hours of them Google sends anyway.
 */

export const HISTORY_SHARD = 'history';
export const TELEMETRY_HISTORY_DAYS = 30;
/** What the fleet chain already covers: the 3 hours of reports Google sends before each upload. */
const RECENT_MS = 3 * 3_600_000;
const HISTORY_READ_MASK = ['device_id', 'battery_info', 'battery_status_report'] as const;
const HISTORY_FIELDS =
  'nextPageToken,devices(deviceId,batteryInfo(designCapacity),' +
  'batteryStatusReport(reportTime,batteryHealth,cycleCount,fullChargeCapacity))';
const HISTORY_PAGE_SIZE = 1000;

/** Google's filter for reports since `days` ago (RFC 3339 in quotes, as the reference gives it). */
export function historyFilter(now: number, days = TELEMETRY_HISTORY_DAYS): string {
  const since = new Date(now - days * DAY_MS).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return `reports_timestamp>="${since}"`;
}

/**
 * Why: each device's days before the fleet chain's window (its last 3 hours of reports, which that
 * chain keeps hour by hour), as samples that never touch the device row.
 */
export function historySamples(devices: readonly TelemetryDevice[]): TelemetrySampleRow[] {
  const fallback = new Date(0).toISOString();
  return devices.flatMap((device) => {
    const timed = (device.batteryStatusReport ?? []).flatMap((report) => {
      const time = report.reportTime ? Date.parse(report.reportTime) : Number.NaN;
      return Number.isNaN(time) ? [] : [{ report, time }];
    });
    const newest = Math.max(...timed.map((item) => item.time));
    const older = timed.filter((item) => item.time < newest - RECENT_MS).map((item) => item.report);
    if (older.length === 0) return [];
    return toTelemetrySamples({ ...device, batteryStatusReport: older }, fallback, DAY_MS);
  });
}

export function historyShard(
  ctx: SyncContext,
  checkpoint: Checkpoint,
): PagedShard<TelemetryDevice, TelemetrySampleRow[], number> {
  const now = Date.now();
  return {
    phase: 'telemetry',
    checkpoint,
    pages: (pageToken, signal) =>
      ctx.google.management.iterateTelemetryDevicePages(
        {
          readMask: HISTORY_READ_MASK,
          fields: HISTORY_FIELDS,
          filter: historyFilter(now),
          pageSize: HISTORY_PAGE_SIZE,
          pageToken,
        },
        { signal },
      ),
    prepare: async (devices) => historySamples(devices),
    // Never touches a row: the statement before the attach gives each row its newest sample.
    write: (trx, samples) => writeTelemetryPage(trx, ctx.orgId, samples, { updateDevices: false }),
    committed: (samples) => ctx.tracker.addTelemetryPage(samples),
  };
}

/**
 * Why: the history only adds to the charts, so whatever Google answers it (a refusal, a filter it
 * does not take, errors past the retries) never fails the first sync: the charts then start from
 * this sync, and the run's errors say so. A database failure still fails the run.
 */
export async function readTelemetryHistory(
  ctx: SyncContext,
  checkpoint: Checkpoint,
  signal: AbortSignal,
): Promise<void> {
  try {
    await walkShard(ctx, historyShard(ctx, checkpoint), signal);
  } catch (error) {
    if (signal.aborted || !(error instanceof GoogleApiError)) throw error;
    ctx.tracker.addError({
      code: 'telemetry_history_not_read',
      message: `Google did not send the battery history it keeps; the health charts start from this sync (${error.message})`,
      recovered: true,
      shard: HISTORY_SHARD,
    });
  }
}
