/**
 * Devices enrolled after the fleet was generated: each new device copies the columns of an
 * existing one (model, OU, schedule, hardware) with its own id, serial and enrollment time, so a
 * test can grow the fleet Google lists without regenerating (and renumbering) the devices a copy
 * already holds.
 */
import { CHROMEBOOK_MODELS, type ChromebookModel } from './chromebook-models.ts';
import { uniqueSerial } from './device-generator.ts';
import { DeviceTable, STATUS } from './device-table.ts';
import type { Fleet } from './fleet.ts';
import { Prng } from './random.ts';

type Cells = Record<string, { [i: number]: unknown }>;

/** The table's columns by name (arrays and typed arrays, one cell per device). */
function cellsOf(table: DeviceTable): Cells {
  return table as unknown as Cells;
}

/** Why: the per-device columns, found from the table, so a new column is copied without a list to maintain. */
function perDeviceColumns(table: DeviceTable): string[] {
  const cells = cellsOf(table);
  return Object.keys(table).filter((key) => {
    const value = cells[key];
    return Array.isArray(value) || ArrayBuffer.isView(value);
  });
}

/** A new fleet with `count` more ACTIVE devices enrolled at `now`; the existing devices keep their index. */
export function enrollDevices(fleet: Fleet, count: number, now: number): Fleet {
  const old = fleet.devices;
  const grown = new DeviceTable(old.count + count);
  const columns = perDeviceColumns(old);
  const from = cellsOf(old);
  const to = cellsOf(grown);
  for (const column of columns) {
    const target = to[column] ?? [];
    const source = from[column] ?? [];
    for (let i = 0; i < old.count; i++) target[i] = source[i];
  }
  for (const [i, note] of old.notes) grown.notes.set(i, note);
  for (const [i, override] of old.overrides) grown.overrides.set(i, override);
  for (const [i, extras] of old.extras) grown.extras.set(i, extras);

  const templates = activeLiveDevices(old);
  const prng = new Prng((fleet.seed ^ old.count ^ 0x656e726f) >>> 0);
  const serials = new Set(old.serial);
  for (let n = 0; n < count; n++) {
    const i = old.count + n;
    const template = templates[n % templates.length] ?? 0;
    for (const column of columns) {
      const target = to[column] ?? [];
      target[i] = from[column]?.[template];
    }
    const model = CHROMEBOOK_MODELS[old.model[template] ?? 0] as ChromebookModel;
    grown.deviceId[i] = prng.uuid();
    grown.serial[i] = uniqueSerial(prng, model, serials);
    grown.status[i] = STATUS.ACTIVE;
    grown.firstEnrolled[i] = now;
    grown.lastEnrolled[i] = now;
    grown.liveFrom[i] = now;
    grown.syncBase[i] = now;
    // Identifiers people search by stay unique to the device they were generated for.
    grown.assetNumber[i] = -1;
    grown.wifiMac[i] = Number.NaN;
    grown.ethernetMac[i] = Number.NaN;
    grown.version[i] = 1;
  }
  grown.buildIndexes();
  return { ...fleet, size: grown.count, devices: grown };
}

function activeLiveDevices(table: DeviceTable): number[] {
  const found: number[] = [];
  for (let i = 0; i < table.count && found.length < 50; i++) {
    if (table.status[i] === STATUS.ACTIVE && !Number.isNaN(table.liveFrom[i] ?? Number.NaN)) found.push(i);
  }
  return found.length > 0 ? found : [0];
}
