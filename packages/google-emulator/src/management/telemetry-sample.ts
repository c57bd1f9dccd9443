/**
 * What the periodic reports of a Chrome Management `TelemetryDevice` are built from: the types of
 * the series table, the sample context of one device, and the value helpers its items share.
 */
import type { PLATFORMS } from '../state/chromebook-models.ts';
import { type BatteryState } from '../state/device-hardware.ts';
import { HOUR, MINUTE } from '../state/device-life.ts';
import type { EmulatorState } from '../state/emulator-state.ts';
import { hash32, hashUnit } from '../state/random.ts';
import { isoTime } from '../state/time-format.ts';

/**
 * Report times sit on a grid every device shares (10 minutes, hours), so a page of 1,000 devices
 * formats the same few dozen instants tens of thousands of times: remember them, by minute (a small
 * integer is a far cheaper map key than a millisecond timestamp).
 */
const isoCache = new Map<number, string>();
export function iso(ms: number): string {
  const minute = ms / MINUTE;
  if (!Number.isInteger(minute) || Math.abs(minute) > 0x3fffffff) return isoTime(ms);
  let text = isoCache.get(minute);
  if (text === undefined) {
    if (isoCache.size >= 4096) isoCache.clear();
    text = isoTime(ms);
    isoCache.set(minute, text);
  }
  return text;
}

export const seconds = (ms: number) => `${Math.round(ms / 1000)}s`;

/** One report item's fields, in the order the JSON carries them; a value of ABSENT leaves the key out. */
export type ItemFields = Readonly<Record<string, (t: number, c: SampleContext) => unknown>>;
export const ABSENT = Symbol('absent');

/** What the report items of one device read, computed once per device for the series asked for. */
export interface SampleContext {
  state: EmulatorState;
  i: number;
  seed: number;
  ramTotal: number;
  addresses: { lan: string; wan: string } | undefined;
  platform: (typeof PLATFORMS)[keyof typeof PLATFORMS];
  disk: { capacity: number; used: number };
  battery: BatteryState;
  batterySerial: string;
}

export type SeriesGroup = 'cpuAndMemory' | 'network' | 'power' | 'activity';

export interface SeriesSpec {
  field: string;
  everyMs: number;
  group: SeriesGroup;
  /** Only kiosks send it. */
  kioskOnly?: boolean;
  item: ItemFields;
}

export const cpuLoad = (t: number, c: SampleContext) => hashUnit(c.seed, c.i, t / MINUTE, 1);
export const wifiSignal = (t: number, c: SampleContext) => -40 - (hash32(c.seed, c.i, t / HOUR, 5) % 45);
export const httpsLatency = (t: number, c: SampleContext) => 0.05 + hashUnit(c.seed, c.i, t, 9) ** 4 * 1.5;
export const fullCharge = (c: SampleContext) =>
  Math.round((c.platform.batteryDesignMah * c.battery.healthPct) / 100);
export const reportTime = (t: number) => iso(t);
