/* eslint-disable @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-return -- response bodies are untyped JSON (`Body`); the assertions check their shape */
import { describe, expect, it } from 'vitest';
import { GoogleApiError } from '../http/google-errors.ts';
import { EmulatorState } from '../state/emulator-state.ts';
import { setAnnotation } from '../state/device-annotations.ts';
import { chromeOsDeviceJson } from './device-json.ts';
import { compileDeviceQuery, tokenize } from './device-query.ts';
import { DEVICES, startTestEmulator, type Body } from '../testing/emulator-harness.ts';

const NOW = Date.UTC(2026, 2, 2, 9);
const state = new EmulatorState({ size: 1_500, seed: 11, now: NOW });
const rows = Array.from({ length: state.fleet.devices.count }, (_, i) => i);
const devices = rows.map((i) => chromeOsDeviceJson(state, i, 'FULL') as Body);

/** Rows the query selects, and rows the test's own reading of the JSON selects. */
function check(query: string, expected: (device: Body) => boolean, { nonEmpty = true } = {}) {
  const predicate = compileDeviceQuery(state, query);
  const got = rows.filter((i) => predicate(i));
  const want = rows.filter((i) => expected(devices[i]));
  expect(got, query).toEqual(want);
  if (nonEmpty) expect(got.length, `${query} should match something`).toBeGreaterThan(0);
  return got;
}

function rejects(query: string) {
  let error: unknown;
  try {
    compileDeviceQuery(state, query);
  } catch (caught) {
    error = caught;
  }
  expect(error, query).toBeInstanceOf(GoogleApiError);
  expect((error as GoogleApiError).init).toMatchObject({ httpStatus: 400, reason: 'invalidInput' });
}

const day = (iso: string | undefined) => iso?.slice(0, 10);
const words = (text: string | undefined) =>
  (text ?? '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

describe('device query language', () => {
  it('tokenizes operators, quotes and free text', () => {
    expect(tokenize(`status:active user:"tom sawyer" note:'loaned from john' PF12`)).toEqual([
      { operator: 'status', value: 'active' },
      { operator: 'user', value: 'tom sawyer' },
      { operator: 'note', value: 'loaned from john' },
      { value: 'PF12' },
    ]);
  });

  it('status: provisioned, disabled, deprovisioned, managed', () => {
    check('status:provisioned', (d) => d.status === 'ACTIVE');
    check('status:disabled', (d) => d.status === 'DISABLED');
    check('STATUS:Deprovisioned', (d) => d.status === 'DEPROVISIONED');
    check('status:managed', (d) => d.status !== 'DEPROVISIONED');
    rejects('status:sleeping');
  });

  it('id: partial serial, at least three characters', () => {
    const serial = devices[17]!.serialNumber as string;
    const part = serial.slice(2, 6).toLowerCase();
    check(`id:${part}`, (d) => d.serialNumber.toLowerCase().includes(part));
    rejects('id:ab');
    // A serial that is the prefix of another matches both.
    const sorted = [...state.fleet.devices.serial].sort();
    const prefix = sorted.find((s, k) => sorted[k + 1]?.startsWith(s))!;
    expect(
      check(`id:${prefix}`, (d) => d.serialNumber.toLowerCase().includes(prefix.toLowerCase())).length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('asset_id: partial asset tag', () => {
    const tag = devices.find((d) => d.annotatedAssetId)!.annotatedAssetId as string;
    const part = tag.slice(-4);
    check(`asset_id:${part}`, (d) => (d.annotatedAssetId ?? '').toLowerCase().includes(part.toLowerCase()));
  });

  it('user:, location:, note: match whole words and phrases', () => {
    setAnnotation(state.fleet, 3, 'annotatedUser', 'A. Tom Sawyer');
    setAnnotation(state.fleet, 4, 'annotatedUser', 'Tom A. Sawyer');
    setAnnotation(state.fleet, 5, 'annotatedUser', 'Joey');
    setAnnotation(state.fleet, 6, 'annotatedUser', 'Joe');
    setAnnotation(state.fleet, 7, 'notes', 'Loaned from John in March');
    const sawyer = compileDeviceQuery(state, 'user:"tom sawyer"');
    expect([sawyer(3), sawyer(4)]).toEqual([true, false]);
    const joe = compileDeviceQuery(state, 'user:joe');
    expect([joe(5), joe(6)]).toEqual([false, true]);
    expect(compileDeviceQuery(state, `note:'loaned from john'`)(7)).toBe(true);
    for (const i of [3, 4, 5, 6, 7]) devices[i] = chromeOsDeviceJson(state, i, 'FULL');
    const phrase = (field: string, query: string[]) => (d: Body) => {
      const w = words(d[field]);
      return w.some((_, k) => query.every((q, j) => w[k + j] === q));
    };
    check('location:cart', phrase('annotatedLocation', ['cart']));
    check('location:"main office"', phrase('annotatedLocation', ['main', 'office']));
    check('note:battery', phrase('notes', ['battery']), { nonEmpty: false });
  });

  it('register:, sync:, last_user_activity:, aue: take dates and ranges', () => {
    const sample = devices.find((d) => d.lastEnrollmentTime)!;
    const registered = day(sample.lastEnrollmentTime)!;
    check(`register:${registered}`, (d) => day(d.lastEnrollmentTime) === registered);
    const cutoff = new Date(NOW - 30 * 86_400_000).toISOString().slice(0, 10);
    check(`sync:..${cutoff}`, (d) => d.lastSync !== undefined && day(d.lastSync)! <= cutoff);
    check(`sync:${cutoff}..`, (d) => d.lastSync !== undefined && day(d.lastSync)! >= cutoff);
    check('aue:2027-1-1..2027-12-31', (d) => d.autoUpdateThrough?.startsWith('2027') ?? false);
    check('aue:..2023-01-01', (d) => (d.autoUpdateThrough ?? '9') < '2023-01-02');
    const activity = compileDeviceQuery(state, `last_user_activity:${cutoff}..`);
    expect(rows.filter((i) => activity(i)).length).toBeGreaterThan(0);
    rejects('sync:yesterday');
    rejects('aue:2023-13-01');
    rejects('sync:..');
  });

  it('public_model_name:, cpu_model_name:, meid: match parts', () => {
    check('public_model_name:"Chromebook 3100"', (d) => d.model.toLowerCase().includes('chromebook 3100'));
    check('cpu_model_name:N4500', (d) => (d.cpuInfo?.[0]?.model ?? '').includes('N4500'));
    const meid = devices.find((d) => d.meid)?.meid as string | undefined;
    if (meid) check(`meid:${meid.slice(3, 9)}`, (d) => (d.meid ?? '').includes(meid.slice(3, 9)));
  });

  it('update_status:, compliance:, policy_status:', () => {
    const state_ = (d: Body) => d.osUpdateStatus?.state as string | undefined;
    check(
      'update_status:default_os_up_to_date',
      (d) => d.osUpdateStatus !== undefined && state_(d) === undefined,
    );
    check('update_status:pending_update', (d) => state_(d) !== undefined);
    check('update_status:os_image_download_not_started', (d) => state_(d) === 'updateStateNotStarted', {
      nonEmpty: false,
    });
    check(
      'update_status:os_image_download_in_progress',
      (d) => state_(d) === 'updateStateDownloadInProgress',
      { nonEmpty: false },
    );
    check('update_status:os_update_need_reboot', (d) => state_(d) === 'updateStateNeedReboot', {
      nonEmpty: false,
    });
    check('compliance:compliant', (d) => d.osVersionCompliance === 'compliant');
    check('compliance:not_compliant', (d) => d.osVersionCompliance === 'notCompliant');
    check('compliance:pending_update', (d) => d.osVersionCompliance === 'pending', { nonEmpty: false });
    const unsupported = compileDeviceQuery(state, 'policy_status:false');
    const supported = compileDeviceQuery(state, 'policy_status:true');
    expect(rows.every((i) => unsupported(i) !== supported(i))).toBe(true);
    rejects('compliance:maybe');
  });

  it('sku: and license_sku:', () => {
    check('sku:education', (d) => d.deviceLicenseType.startsWith('education'));
    check('sku:enterprise', (d) => d.deviceLicenseType.startsWith('enterprise'));
    check('license_sku:standalone_kiosk_and_signage_upgrade', (d) => d.deviceLicenseType === 'kioskUpgrade');
    check('license_sku:chrome_enterprise_upgrade_bundled', (d) =>
      ['education', 'enterprise'].includes(d.deviceLicenseType),
    );
  });

  it('chrome_version: partial and ;prefix', () => {
    const version = devices.find((d) => d.osVersion)!.osVersion as string;
    const milestone = version.split('.')[0]!;
    check(`chrome_version:${milestone};prefix`, (d) => (d.osVersion ?? '').startsWith(milestone));
    const part = version.split('.').slice(2).join('.');
    check(`chrome_version:${part}`, (d) => (d.osVersion ?? '').includes(part));
  });

  it('recent_user: needs an email and matches any recent user', () => {
    const email = devices.find((d) => d.recentUsers?.[0]?.email)!.recentUsers[0].email as string;
    check(`recent_user:${email.toUpperCase()}`, (d) =>
      (d.recentUsers ?? []).some((u: Body) => u.email === email),
    );
    rejects('recent_user:ava');
  });

  it('wifi_mac: and ethernet_mac: are exact, 12 hex digits without colons', () => {
    const mac = devices.find((d) => d.macAddress)!.macAddress as string;
    check(`wifi_mac:${mac}`, (d) => d.macAddress === mac);
    expect(
      rows.filter(
        (i) =>
          compileDeviceQuery(state, `wifi_mac:${mac.slice(0, 10)}00`)(i) &&
          devices[i]!.macAddress !== `${mac.slice(0, 10)}00`,
      ),
    ).toEqual([]);
    rejects(`wifi_mac:${mac.match(/../g)!.join(':')}`);
    rejects('wifi_mac:12345');
    const ethernet = devices.find((d) => d.ethernetMacAddress)!.ethernetMacAddress as string;
    check(`ethernet_mac:${ethernet.toUpperCase()}`, (d) => d.ethernetMacAddress === ethernet);
  });

  it('storage: and ram: take byte ranges', () => {
    check(
      'ram:..5000000000',
      (d) => d.systemRamTotal !== undefined && Number(d.systemRamTotal) <= 5_000_000_000,
    );
    check(
      'ram:5000000000..',
      (d) => d.systemRamTotal !== undefined && Number(d.systemRamTotal) >= 5_000_000_000,
    );
    const capacity = devices.find((d) => d.diskSpaceUsage)!.diskSpaceUsage.capacityBytes as string;
    check(`storage:${capacity}`, (d) => d.diskSpaceUsage?.capacityBytes === capacity);
    check(
      `storage:${Number(capacity) - 1}..${Number(capacity) + 1}`,
      (d) => d.diskSpaceUsage?.capacityBytes === capacity,
    );
    rejects('ram:lots');
    rejects('storage:10..5');
  });

  it('boot_mode: Verified or Dev', () => {
    check('boot_mode:Dev', (d) => d.bootMode === 'Dev');
    check('boot_mode:verified', (d) => d.bootMode === 'Verified');
  });

  it('free text searches serials, tags, users, locations, notes and models', () => {
    const serial = devices[40]!.serialNumber as string;
    check(
      serial.toLowerCase(),
      (d) =>
        [d.serialNumber, d.annotatedAssetId, d.annotatedUser, d.annotatedLocation, d.notes, d.model].some(
          (v) => (v ?? '').toLowerCase().includes(serial.toLowerCase()),
        ) || d.macAddress === serial.toLowerCase(),
    );
  });

  it('AND-s several terms and rejects unknown operators', () => {
    check(
      'status:provisioned boot_mode:verified location:cart',
      (d) =>
        d.status === 'ACTIVE' && d.bootMode === 'Verified' && words(d.annotatedLocation).includes('cart'),
    );
    rejects('colour:blue');
    rejects('user:"unterminated');
  });

  it('answers 400 invalidInput through the API for a bad query', async () => {
    const t = startTestEmulator();
    const { status, body } = await t.get(`${DEVICES}?query=${encodeURIComponent('id:ab')}`);
    expect(status).toBe(400);
    expect(body.error.errors[0].reason).toBe('invalidInput');
    expect(body.error.code).toBe(400);
  });
});
