import { sql, type RawBuilder } from 'kysely';
import type { TelemetryDevice } from '@fleetdeck/google/management/telemetry.schema';
import type { Executor } from './device-page-writer.ts';
import { DEVICE_TABLE } from './device-partition.ts';

/**
 * Telemetry over time: each telemetry page adds one sample per device (a first copy's: one per
 * hour of the reports it carries, decision 046), keyed by the time of its newest report so
 * re-reading a page adds nothing, and copies the newest battery state onto the device row the
 * fleet table sorts on.
 */

/** The telemetry parts a sync asks Google for: only what it stores. */
export const TELEMETRY_READ_MASK = [
  'device_id',
  'battery_info',
  'battery_status_report',
  'storage_info',
  'memory_info',
  'memory_status_report',
  'cpu_status_report',
  'os_update_status',
] as const;

/**
 * Of those parts, only the values `toTelemetrySample` reads (Google's `fields` partial response):
 * the report lists carry a sample every 10 minutes for hours, and their other values would be
 * sent and parsed only to be dropped.
 */
export const TELEMETRY_PAGE_FIELDS =
  'nextPageToken,devices(deviceId,batteryInfo(designCapacity),' +
  'batteryStatusReport(reportTime,batteryHealth,cycleCount,fullChargeCapacity),' +
  'storageInfo(availableDiskBytes,totalDiskBytes),memoryInfo(availableRamBytes,totalRamBytes),' +
  'memoryStatusReport(reportTime,systemRamFreeBytes),cpuStatusReport(reportTime,cpuUtilizationPct),' +
  'osUpdateStatus(updateState))';

export interface TelemetrySampleRow {
  device_id: string;
  sampled_at: string;
  battery_health: string | null;
  battery_cycle_count: number | null;
  battery_full_charge_capacity: string | null;
  battery_design_capacity: string | null;
  battery_capacity_percent: number | null;
  storage_free_bytes: string | null;
  storage_total_bytes: string | null;
  memory_free_bytes: string | null;
  memory_total_bytes: string | null;
  cpu_utilization_percent: number | null;
  os_update_state: string | null;
}

/** Why: one sample shape for the table and the device row, whichever reports a device sent. */
export function toTelemetrySample(
  device: TelemetryDevice,
  fallbackTime: string,
): TelemetrySampleRow | undefined {
  if (!device.deviceId) return undefined;
  const battery = device.batteryStatusReport?.[0];
  const design = device.batteryInfo?.[0]?.designCapacity;
  const memory = device.memoryStatusReport?.[0];
  const cpu = device.cpuStatusReport?.[0];
  const full = battery?.fullChargeCapacity;
  const times = [battery?.reportTime, memory?.reportTime, cpu?.reportTime].filter((t): t is string => !!t);
  return {
    device_id: device.deviceId,
    sampled_at: times.sort().at(-1) ?? fallbackTime,
    battery_health: battery?.batteryHealth ?? null,
    battery_cycle_count: battery?.cycleCount ?? null,
    battery_full_charge_capacity: full ?? null,
    battery_design_capacity: design ?? null,
    battery_capacity_percent:
      full && design && Number(design) > 0 ? Math.round((Number(full) / Number(design)) * 1000) / 10 : null,
    storage_free_bytes: device.storageInfo?.availableDiskBytes ?? null,
    storage_total_bytes: device.storageInfo?.totalDiskBytes ?? null,
    memory_free_bytes: memory?.systemRamFreeBytes ?? device.memoryInfo?.availableRamBytes ?? null,
    memory_total_bytes: device.memoryInfo?.totalRamBytes ?? null,
    cpu_utilization_percent: cpu?.cpuUtilizationPct ?? null,
    os_update_state: device.osUpdateStatus?.[0]?.updateState ?? null,
  };
}

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

type Report = { reportTime?: string | undefined };
type ReportOf<K extends 'batteryStatusReport' | 'memoryStatusReport' | 'cpuStatusReport'> = NonNullable<
  TelemetryDevice[K]
>[number];

/** The newest report of each `bucketMs` window, by window start. */
function newestPerBucket<R extends Report>(
  reports: readonly R[] | undefined,
  bucketMs: number,
): Map<number, R> {
  const out = new Map<number, R>();
  for (const report of reports ?? []) {
    const time = report.reportTime ? Date.parse(report.reportTime) : Number.NaN;
    if (Number.isNaN(time)) continue;
    const bucket = Math.floor(time / bucketMs) * bucketMs;
    const kept = out.get(bucket);
    if (!kept?.reportTime || (report.reportTime ?? '') > kept.reportTime) out.set(bucket, report);
  }
  return out;
}

/**
 * Why: Google sends hours of reports per device (the last 3 hours unless asked for more, newest
 * first); keeping one sample per `bucketMs` window of them, instead of the newest alone, gives the
 * health charts a trend from the first sync. The newest sample carries the newest report of each
 * kind (so the device row's battery state never comes from an older window) and the snapshot
 * values (storage, update state); older ones carry what was reported in their window, with the
 * hardware facts their percentages need (design capacity, memory size). Oldest first.
 */
export function toTelemetrySamples(
  device: TelemetryDevice,
  fallbackTime: string,
  bucketMs: number,
): TelemetrySampleRow[] {
  if (!device.deviceId) return [];
  const deviceId = device.deviceId;
  const design = device.batteryInfo?.[0]?.designCapacity ?? null;
  const memoryTotal = device.memoryInfo?.totalRamBytes ?? null;
  const batteries = newestPerBucket(device.batteryStatusReport, bucketMs);
  const memories = newestPerBucket(device.memoryStatusReport, bucketMs);
  const cpus = newestPerBucket(device.cpuStatusReport, bucketMs);
  const buckets = [...new Set([...batteries.keys(), ...memories.keys(), ...cpus.keys()])].sort(
    (a, b) => a - b,
  );
  const sample = (
    battery: ReportOf<'batteryStatusReport'> | undefined,
    memory: ReportOf<'memoryStatusReport'> | undefined,
    cpu: ReportOf<'cpuStatusReport'> | undefined,
    newest: boolean,
  ): TelemetrySampleRow => {
    const full = battery?.fullChargeCapacity;
    const times = [battery?.reportTime, memory?.reportTime, cpu?.reportTime].filter((t): t is string => !!t);
    return {
      device_id: deviceId,
      sampled_at: times.sort().at(-1) ?? fallbackTime,
      battery_health: battery?.batteryHealth ?? null,
      battery_cycle_count: battery?.cycleCount ?? null,
      battery_full_charge_capacity: full ?? null,
      battery_design_capacity: design,
      battery_capacity_percent:
        full && design && Number(design) > 0 ? Math.round((Number(full) / Number(design)) * 1000) / 10 : null,
      storage_free_bytes: newest ? (device.storageInfo?.availableDiskBytes ?? null) : null,
      storage_total_bytes: newest ? (device.storageInfo?.totalDiskBytes ?? null) : null,
      memory_free_bytes:
        memory?.systemRamFreeBytes ?? (newest ? (device.memoryInfo?.availableRamBytes ?? null) : null),
      memory_total_bytes: memoryTotal,
      cpu_utilization_percent: cpu?.cpuUtilizationPct ?? null,
      os_update_state: newest ? (device.osUpdateStatus?.[0]?.updateState ?? null) : null,
    };
  };
  const newestOf = <R extends Report>(map: Map<number, R>) =>
    [...map.values()].sort((a, b) => ((a.reportTime ?? '') < (b.reportTime ?? '') ? -1 : 1)).at(-1);
  const older = buckets
    .slice(0, -1)
    .map((bucket) => sample(batteries.get(bucket), memories.get(bucket), cpus.get(bucket), false));
  const latest = sample(newestOf(batteries), newestOf(memories), newestOf(cpus), true);
  // A window older than the newest sample only: the newest carries the latest of every kind.
  return [...older.filter((row) => row.sampled_at < latest.sampled_at), latest];
}

const SAMPLE_DEFINITION = `device_id text, sampled_at timestamptz, battery_health text, battery_cycle_count integer,
  battery_full_charge_capacity bigint, battery_design_capacity bigint, battery_capacity_percent real,
  storage_free_bytes bigint, storage_total_bytes bigint, memory_free_bytes bigint, memory_total_bytes bigint,
  cpu_utilization_percent integer, os_update_state text`;

export interface TelemetryPageOptions {
  /**
   * Copy each sample onto its device row in the same transaction. A first copy of a fleet leaves
   * this off: its rows are being inserted beside the telemetry, take their battery state from the
   * stored samples when inserted, and `applyNewestTelemetry` fills the rest once, so no row is
   * written twice (each rewrite maintains every index of the wide row).
   */
  readonly updateDevices: boolean;
}

/** Why: samples and the device's battery columns must move together inside the page transaction. */
export async function writeTelemetryPage(
  db: Executor,
  orgId: string,
  samples: readonly TelemetrySampleRow[],
  options: TelemetryPageOptions,
): Promise<number> {
  if (samples.length === 0) return 0;
  const payload = JSON.stringify(samples);
  // A device may have several samples (one per window): its row takes the newest one's values.
  const newest = new Map<string, TelemetrySampleRow>();
  for (const sample of samples) {
    const kept = newest.get(sample.device_id);
    if (!kept || kept.sampled_at < sample.sampled_at) newest.set(sample.device_id, sample);
  }
  const latest = JSON.stringify([...newest.values()]);
  const ids = JSON.stringify([...newest.keys()]);
  const insert = sql`
    insert into fleet_telemetry_sample (org_id, device_id, sampled_at, battery_health, battery_cycle_count,
      battery_full_charge_capacity, battery_design_capacity, storage_free_bytes, storage_total_bytes,
      memory_free_bytes, memory_total_bytes, cpu_utilization_percent, os_update_state)
    select ${orgId}, r.device_id, r.sampled_at, r.battery_health, r.battery_cycle_count,
      r.battery_full_charge_capacity, r.battery_design_capacity, r.storage_free_bytes, r.storage_total_bytes,
      r.memory_free_bytes, r.memory_total_bytes, r.cpu_utilization_percent, r.os_update_state
    from jsonb_to_recordset(${payload}::jsonb) as r(${sql.raw(SAMPLE_DEFINITION)})
    on conflict (org_id, device_id, sampled_at) do nothing`.execute(db);
  // Sent together (neither needs the other's answer), so the database does not wait on this thread.
  const update = options.updateDevices
    ? sql`
    update fleet_device d set battery_health = r.battery_health, battery_cycle_count = r.battery_cycle_count,
      battery_capacity_percent = r.battery_capacity_percent, telemetry_at = r.sampled_at
    from jsonb_to_recordset(${latest}::jsonb) as r(${sql.raw(SAMPLE_DEFINITION)})
    where d.org_id = ${orgId} and d.device_id = r.device_id
      and d.device_id = any(array(select jsonb_array_elements_text(${ids}::jsonb)))
      and (d.telemetry_at is null or d.telemetry_at < r.sampled_at)`.execute(db)
    : undefined;
  const [inserted] = await Promise.all([insert, update]);
  return Number(inserted.numAffectedRows ?? 0);
}

/**
 * The device row's battery columns from a sample `s` (its capacity percent as `toTelemetrySample`
 * computes it), for rows written from stored samples rather than from a telemetry page.
 */
export const SAMPLE_BATTERY_VALUES: readonly string[] = [
  's.battery_health',
  's.battery_cycle_count',
  `case when s.battery_full_charge_capacity is not null and s.battery_design_capacity > 0
    then (round(s.battery_full_charge_capacity::float8 / s.battery_design_capacity::float8 * 1000) / 10)::real
  end`,
  's.sampled_at',
];

/** The row's columns `SAMPLE_BATTERY_VALUES` fill, in the same order. */
export const SAMPLE_BATTERY_TARGETS: readonly string[] = [
  'battery_health',
  'battery_cycle_count',
  'battery_capacity_percent',
  'telemetry_at',
];

export const SAMPLE_BATTERY_COLUMNS = SAMPLE_BATTERY_VALUES.join(', ');

/**
 * Why: rows written from stored samples take each device's newest one. The devices whose sample
 * is read are those `devices` (a condition on `t.device_id`) admits; the columns are the ones
 * `SAMPLE_BATTERY_VALUES` reads, to be aliased `s`.
 */
export function newestSamples(orgId: string, devices: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`(
    select distinct on (t.device_id) t.device_id, t.sampled_at, t.battery_health, t.battery_cycle_count,
      t.battery_full_charge_capacity, t.battery_design_capacity
    from fleet_telemetry_sample t
    where t.org_id = ${orgId} and ${devices}
    order by t.device_id, t.sampled_at desc
  )`;
}

/**
 * Why: telemetry is listed beside the devices, so a device's samples can commit before its row
 * exists (the page's UPDATE then finds nothing). Once both are done, rows that still have no
 * telemetry take it from their newest sample, computed as the page writer does.
 *
 * `stale` also corrects rows whose state is older than their newest sample: a first copy's rows
 * take the newest sample stored when they are inserted, which may be a history sample (decision
 * 046) whose device's recent sample commits later without touching rows. The newest sample by its
 * own time wins, whatever order the pages committed in; every sample of the organization is read
 * once, in the order of its primary key.
 */
export async function applyNewestTelemetry(
  db: Executor,
  orgId: string,
  table: string = DEVICE_TABLE,
  rows: 'unset' | 'stale' = 'unset',
): Promise<number> {
  const newest =
    rows === 'stale'
      ? sql`(
    select distinct on (t.device_id) t.device_id, t.sampled_at, t.battery_health, t.battery_cycle_count,
      t.battery_full_charge_capacity, t.battery_design_capacity
    from fleet_telemetry_sample t where t.org_id = ${orgId}
    order by t.device_id desc, t.sampled_at desc
  )`
      : newestSamples(
          orgId,
          sql`t.device_id in (select device_id from ${sql.id(table)} where org_id = ${orgId} and telemetry_at is null)`,
        );
  const result = await sql`
    update ${sql.id(table)} d set (${sql.raw(SAMPLE_BATTERY_TARGETS.join(', '))}) =
      (${sql.raw(SAMPLE_BATTERY_COLUMNS)})
    from ${newest} s
    where d.org_id = ${orgId} and d.device_id = s.device_id
      and (d.telemetry_at is null${rows === 'stale' ? sql` or d.telemetry_at < s.sampled_at` : sql``})`.execute(
    db,
  );
  return Number(result.numAffectedRows ?? 0);
}
