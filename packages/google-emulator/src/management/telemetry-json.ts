/**
 * Chrome Management `TelemetryDevice` (reference §2.3). Static facts come from the device row;
 * periodic reports are samples on a fixed cadence (CPU and memory every 10 minutes, network and
 * battery hourly, storage and apps every 3 hours) up to the device's last upload (its last sync),
 * newest first. Without a `reports_timestamp` filter only the last 3 hours are returned; history is
 * kept for 24 hours.
 */
import { PLATFORMS } from '../state/chromebook-models.ts';
import { applyFields, type FieldTree } from '../http/partial-response.ts';
import {
  batteryState,
  type BatteryState,
  diskUsage,
  networkAddresses,
  systemRamTotal,
} from '../state/device-hardware.ts';
import { HOUR, lastSyncAt, modelOf } from '../state/device-life.ts';
import { PROFILE } from '../state/device-table.ts';
import type { EmulatorState } from '../state/emulator-state.ts';
import { batterySerialOf, telemetryInfo } from './telemetry-info-json.ts';
import {
  ABSENT,
  type ItemFields,
  type SampleContext,
  SERIES,
  SERIES_FIELDS,
  type SeriesGroup,
  type SeriesSpec,
} from './telemetry-series.ts';

export const TELEMETRY_FIELDS = [
  'name',
  'customer',
  'orgUnitId',
  'deviceId',
  'serialNumber',
  'cpuInfo',
  'cpuStatusReport',
  'memoryInfo',
  'memoryStatusReport',
  'networkInfo',
  'networkDiagnosticsReport',
  'networkStatusReport',
  'osUpdateStatus',
  'graphicsInfo',
  'graphicsStatusReport',
  'batteryInfo',
  'batteryStatusReport',
  'storageInfo',
  'storageStatusReport',
  'thunderboltInfo',
  'audioStatusReport',
  'bootPerformanceReport',
  'heartbeatStatusReport',
  'networkBandwidthReport',
  'peripheralsReport',
  'kioskAppStatusReport',
  'appReport',
  'runtimeCountersReport',
] as const;

export const RECENT_WINDOW_MS = 3 * HOUR;
export const HISTORY_MS = 24 * HOUR;

type Json = Record<string, unknown>;

export interface ReportWindow {
  from?: number;
  to?: number;
}

/** Sample times on a cadence inside the window ending at the last upload, newest first. */
function sampleTimes(upload: number, everyMs: number, window: ReportWindow): number[] {
  const oldest = Math.max(upload - HISTORY_MS, window.from ?? upload - RECENT_WINDOW_MS);
  const newest = Math.min(upload, window.to ?? upload);
  const out: number[] = [];
  for (let t = Math.floor(newest / everyMs) * everyMs; t > oldest && out.length < 200; t -= everyMs)
    out.push(t);
  return out;
}

/** How one report item is built: its fields in output order, each trimmed by its own selection. */
type ItemPlan = readonly (readonly [string, (t: number, c: SampleContext) => unknown, FieldTree | true])[];

interface SeriesPlan {
  spec: SeriesSpec;
  item: ItemPlan;
}

/**
 * Which item fields a selection keeps, in the order `applyFields` writes them (the selection's
 * order; every field, in the item's order, for a whole item).
 */
function itemPlan(item: ItemFields, node: FieldTree | true): ItemPlan {
  if (node === true || node.has('*')) return Object.entries(item).map(([key, build]) => [key, build, true]);
  const plan: [string, (t: number, c: SampleContext) => unknown, FieldTree | true][] = [];
  for (const [key, child] of node) {
    const build = Object.hasOwn(item, key) ? item[key] : undefined;
    if (build) plan.push([key, build, child]);
  }
  return plan;
}

function buildItem(plan: ItemPlan, t: number, c: SampleContext): Json {
  const out: Json = {};
  for (const [key, build, node] of plan) {
    const value = build(t, c);
    if (value === ABSENT) continue;
    out[key] = node === true ? value : applyFields(value, node);
  }
  return out;
}

export type TelemetryDeviceBuilder = (state: EmulatorState, i: number, window: ReportWindow) => Json;

/**
 * Why: a listing makes its builder once for its readMask and its `fields` selection of a device
 * (`true`: all of it), and each device then builds only what the selection keeps, in the order
 * `applyFields` would leave it: a sync's page skips the report fields it drops (temperatures,
 * battery samples) instead of building them and copying the rest.
 */
export function telemetryDeviceBuilder(
  fields: ReadonlySet<string>,
  selection: FieldTree | true = true,
): TelemetryDeviceBuilder {
  const whole = selection === true || selection.has('*');
  const tree = whole ? undefined : selection;
  const wanted = tree ? new Set([...fields].filter((field) => tree.has(field))) : fields;
  const series: SeriesPlan[] = SERIES.filter((spec) => wanted.has(spec.field)).map((spec) => ({
    spec,
    item: itemPlan(spec.item, tree?.get(spec.field) ?? true),
  }));
  const groups = new Set(series.map((s) => s.spec.group));
  return (state, i, window) => {
    const out = deviceJson(state, i, wanted, window, series, groups);
    if (!tree) return out;
    const picked: Json = {};
    for (const [key, node] of tree) {
      if (!(key in out)) continue;
      picked[key] = node === true || SERIES_FIELDS.has(key) ? out[key] : applyFields(out[key], node);
    }
    return picked;
  };
}

export function telemetryDeviceJson(
  state: EmulatorState,
  i: number,
  fields: ReadonlySet<string>,
  window: ReportWindow,
): Json {
  return telemetryDeviceBuilder(fields)(state, i, window);
}

function deviceJson(
  state: EmulatorState,
  i: number,
  fields: ReadonlySet<string>,
  window: ReportWindow,
  series: readonly SeriesPlan[],
  groups: ReadonlySet<SeriesGroup>,
): Json {
  const fleet = state.fleet;
  const d = fleet.devices;
  const now = state.now();
  const upload = lastSyncAt(fleet, i, now);
  const deviceId = d.deviceId[i] as string;
  const want = (field: string) => fields.has(field);
  const out: Json = {};
  if (want('name')) out.name = `customers/${state.customer.id}/telemetry/devices/${deviceId}`;
  if (want('customer')) out.customer = `customers/${state.customer.id}`;
  if (want('orgUnitId')) out.orgUnitId = fleet.orgUnits.bySlot(d.ouSlot[i] ?? 0).orgUnitId;
  if (want('deviceId')) out.deviceId = deviceId;
  if (want('serialNumber')) out.serialNumber = d.serial[i];
  if (Number.isNaN(upload)) return out;
  Object.assign(out, telemetryInfo(state, i, fields));
  if (!series.length) return out;
  const c = sampleContext(state, i, now, groups);
  const kiosk = d.profile[i] === PROFILE.kiosk;
  for (const { spec, item } of series) {
    if (spec.kioskOnly && !kiosk) continue;
    const times = sampleTimes(upload, spec.everyMs, window);
    if (!times.length) continue;
    const items: Json[] = new Array<Json>(times.length);
    for (let n = 0; n < times.length; n++) items[n] = buildItem(item, times[n] as number, c);
    out[spec.field] = items;
  }
  return out;
}

function sampleContext(
  state: EmulatorState,
  i: number,
  now: number,
  groups: ReadonlySet<SeriesGroup>,
): SampleContext {
  const fleet = state.fleet;
  const power = groups.has('power');
  const platform = PLATFORMS[modelOf(fleet, i).family];
  return {
    state,
    i,
    seed: fleet.seed,
    ramTotal: groups.has('cpuAndMemory') ? systemRamTotal(fleet, i) : 0,
    addresses: groups.has('network') ? networkAddresses(fleet, i, now) : undefined,
    platform,
    disk: power ? diskUsage(fleet, i, now) : { capacity: 0, used: 0 },
    battery: power ? batteryState(fleet, i, now) : NO_BATTERY,
    batterySerial: power ? batterySerialOf(state, i) : '',
  };
}

const NO_BATTERY: BatteryState = { cycleCount: 0, healthPct: 0, health: 'BATTERY_HEALTH_NORMAL' };
