import { describe, expect, it } from 'vitest';
import { CHROMEBOOK_MODELS } from './chromebook-models.ts';
import { DEVICE_STATUSES, FLAG, PROFILE, STATUS } from './device-table.ts';
import { lastSyncAt } from './device-life.ts';
import { FLEET_SIZE, generateFleet } from './fleet-generator.ts';
import { macHex } from './mac-address.ts';

const ANCHOR = Date.UTC(2026, 2, 2, 9);
const DAY = 86_400_000;

function fingerprint(seed: number, size: number) {
  const fleet = generateFleet({ seed, size, anchor: ANCHOR });
  const d = fleet.devices;
  return JSON.stringify({
    customer: fleet.customer,
    ous: fleet.orgUnits.list(),
    rows: Array.from({ length: d.count }, (_, i) => [
      d.deviceId[i],
      d.serial[i],
      d.status[i],
      d.model[i],
      d.ouSlot[i],
      d.flags[i],
      d.wifiMac[i],
      d.lastEnrolled[i],
      d.syncBase[i],
    ]),
  });
}

describe('generateFleet', () => {
  it('gives the same fleet for the same seed and a different one for another seed', () => {
    expect(fingerprint(7, 400)).toBe(fingerprint(7, 400));
    expect(fingerprint(7, 400)).not.toBe(fingerprint(8, 400));
  });

  it('accepts 100 to 250,000 devices only', () => {
    expect(() => generateFleet({ seed: 1, size: FLEET_SIZE.min - 1, anchor: ANCHOR })).toThrow(RangeError);
    expect(() => generateFleet({ seed: 1, size: FLEET_SIZE.max + 1, anchor: ANCHOR })).toThrow(RangeError);
    expect(generateFleet({ seed: 1, size: FLEET_SIZE.min, anchor: ANCHOR }).devices.count).toBe(100);
  });

  const fleet = generateFleet({ seed: 3, size: 5_000, anchor: ANCHOR });
  const d = fleet.devices;
  const rows = Array.from({ length: d.count }, (_, i) => i);

  it('builds a district OU tree: schools with grades, carts, staff and kiosks, plus lost/stolen', () => {
    const paths = fleet.orgUnits.all().map((ou) => ou.orgUnitPath);
    expect(paths[0]).toBe('/');
    expect(paths).toContain('/Lost and Stolen');
    expect(paths).toContain('/District Office');
    expect(paths.filter((p) => /^\/[^/]+ School$/.test(p)).length).toBe(fleet.schools.length);
    expect(paths.some((p) => p.endsWith('/Grade 3'))).toBe(true);
    expect(paths.some((p) => p.endsWith('/Carts'))).toBe(true);
    expect(paths.some((p) => p.endsWith('/Staff'))).toBe(true);
    expect(paths.some((p) => p.endsWith('/Kiosks'))).toBe(true);
    for (const ou of fleet.orgUnits.all()) expect(ou.orgUnitId).toMatch(/^03[0-9a-z]{12}$/);
    expect(fleet.customer.id).toMatch(/^C[0-9a-z]{8}$/);
  });

  it('mixes statuses: mostly ACTIVE, some disabled, deprovisioned and pre-provisioned', () => {
    const counts = Object.fromEntries(
      DEVICE_STATUSES.map((s) => [s, rows.filter((i) => d.statusOf(i) === s).length]),
    );
    expect(counts.ACTIVE! / d.count).toBeGreaterThan(0.75);
    expect(counts.DISABLED).toBeGreaterThan(0);
    expect(counts.DEPROVISIONED).toBeGreaterThan(0);
    expect(counts.PRE_PROVISIONED).toBeGreaterThan(0);
    const lost = fleet.orgUnits.byPath('/Lost and Stolen')!;
    const lostRows = rows.filter((i) => d.ouSlot[i] === lost.slot);
    expect(lostRows.filter((i) => d.status[i] === STATUS.DISABLED).length / lostRows.length).toBeGreaterThan(
      0.6,
    );
  });

  it('uses real models with their AUE dates, including expired ones', () => {
    const used = new Set(rows.map((i) => d.model[i]));
    expect(used.size).toBeGreaterThan(20);
    const lenovoGen3 = CHROMEBOOK_MODELS.find((m) => m.aueName === 'Lenovo 100e Chromebook Gen 3')!;
    expect(new Date(lenovoGen3.aueMs!).toISOString()).toBe('2031-06-30T07:00:00.000Z');
    expect(rows.some((i) => (CHROMEBOOK_MODELS[d.model[i]!]!.aueMs ?? Infinity) < ANCHOR)).toBe(true);
  });

  it('has ghosts unseen for months and devices seen in the last hours', () => {
    const active = rows.filter((i) => d.status[i] === STATUS.ACTIVE);
    const ghosts = active.filter((i) => d.has(i, FLAG.ghost));
    expect(ghosts.length).toBeGreaterThan(0);
    for (const i of ghosts) expect(lastSyncAt(fleet, i, ANCHOR)).toBeLessThan(ANCHOR - 29 * DAY);
    const recent = active.filter((i) => lastSyncAt(fleet, i, ANCHOR) > ANCHOR - DAY);
    expect(recent.length / active.length).toBeGreaterThan(0.6);
  });

  it('makes locally administered MACs and unique serials, some a prefix of another', () => {
    for (const i of rows) {
      const mac = d.wifiMac[i]!;
      if (Number.isNaN(mac)) continue;
      expect(parseInt(macHex(mac).slice(0, 2), 16) & 0b11).toBe(0b10);
    }
    const serials = new Set(d.serial);
    expect(serials.size).toBe(d.count);
    const sorted = [...serials].sort();
    const prefixPairs = sorted.filter((s, k) => sorted[k + 1]?.startsWith(s));
    expect(prefixPairs.length).toBeGreaterThanOrEqual(2);
  });

  it('has developer-mode devices, kiosks and annotated fields', () => {
    expect(rows.some((i) => d.has(i, FLAG.devMode))).toBe(true);
    expect(rows.some((i) => d.profile[i] === PROFILE.kiosk)).toBe(true);
    expect(rows.filter((i) => d.assetNumber[i]! >= 0).length / d.count).toBeGreaterThan(0.7);
    expect(d.notes.size).toBeGreaterThan(0);
  });
});
