/**
 * The fields of one `ChromeOsDevice`, written in the order the JSON carries them and only when the
 * request's selection has them (see device-json.ts). Split in parts only to keep functions short;
 * each part continues where the previous one stopped.
 */
import { type ChromebookModel, PLATFORMS } from '../state/chromebook-models.ts';
import { chromeVersion, platformVersion, releaseIndexAt } from '../state/chromeos-releases.ts';
import { annotation, type AnnotatedField } from '../state/device-annotations.ts';
import { diskUsage, networkAddresses, systemRamTotal } from '../state/device-hardware.ts';
import {
  checkinIndex,
  compliance,
  lastSyncAt,
  meidOf,
  modelOf,
  osReleaseIndex,
} from '../state/device-life.ts';
import { activeTimeRanges, recentUsers } from '../state/device-users.ts';
import { DEPROVISION_REASONS, FLAG, LICENSE_TYPES } from '../state/device-table.ts';
import type { EmulatorState } from '../state/emulator-state.ts';
import { locallyAdministeredMac, macHex } from '../state/mac-address.ts';
import { hash32 } from '../state/random.ts';
import { integerText } from '../state/integer-text.ts';
import { isoDate, isoTime as iso } from '../state/time-format.ts';
import type { DeviceSelection } from './device-json.ts';
import {
  backlightInfo,
  bluetoothAdapterInfo,
  cpuInfo,
  cpuStatusReports,
  diskVolumeReports,
  fanInfo,
  fileList,
  osUpdateStatus,
  systemRamFreeReports,
  tpmVersionInfo,
} from './device-report-json.ts';

type Json = Record<string, unknown>;

const ETAG_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * A quoted etag that changes whenever anything the device's JSON shows does: a write or action
 * (the row's version), a check-in (the check-in number), its OU being renamed or moved (the OU's
 * version), or a new stable release (compliance is judged against the current one).
 */
export function deviceEtag(state: EmulatorState, i: number): string {
  const fleet = state.fleet;
  const d = fleet.devices;
  const now = state.now();
  const slot = d.ouSlot[i] ?? 0;
  const change = hash32(
    d.version[i] ?? 0,
    checkinIndex(fleet, i, now),
    fleet.orgUnits.bySlot(slot).version,
    releaseIndexAt(now),
  );
  // Character codes into one flat string: appending 23 characters one by one builds a deep rope.
  const codes = etagCodes;
  let at = 1;
  for (let part = 0; part < 4; part++) {
    let h = hash32(fleet.seed, i, change, part);
    for (let c = 0; c < 5; c++, h >>>= 6) codes[at++] = ETAG_CODES[h & 63] as number;
    if (part === 1) codes[at++] = SLASH;
  }
  return String.fromCharCode.apply(null, codes);
}

const ETAG_CODES = Array.from(ETAG_ALPHABET, (c) => c.charCodeAt(0));
const QUOTE = 34;
const SLASH = 47;
/** `"` + 10 characters + `/` + 10 characters + `"`; only the characters between change. */
const etagCodes: number[] = new Array<number>(23).fill(QUOTE);

/** What most fields of one device read, computed once per device. */
export function deviceContext(state: EmulatorState, i: number) {
  const fleet = state.fleet;
  const now = state.now();
  const model = modelOf(fleet, i);
  const synced = lastSyncAt(fleet, i, now);
  return {
    state,
    fleet,
    d: fleet.devices,
    i,
    now,
    model,
    platform: PLATFORMS[model.family],
    /** The last sync; NaN for a device that never synced, which has no reports. */
    synced,
    hasSynced: !Number.isNaN(synced),
  };
}
export type DeviceContext = ReturnType<typeof deviceContext>;

/** kind, etag, deviceId, serialNumber, status: all an etag listing needs. */
export function identityFields(out: Json, state: EmulatorState, i: number, s: DeviceSelection): void {
  const d = state.fleet.devices;
  if (s.kind) out.kind = 'admin#directory#chromeosdevice';
  if (s.etag) out.etag = deviceEtag(state, i);
  if (s.deviceId) out.deviceId = d.deviceId[i];
  if (s.serialNumber) out.serialNumber = d.serial[i];
  if (s.status) out.status = d.statusOf(i);
}

/** lastSync to lastEnrollmentTime. */
export function checkinFields(out: Json, c: DeviceContext, s: DeviceSelection): void {
  const { fleet, d, i, model } = c;
  if (s.lastSync && c.hasSynced) out.lastSync = iso(c.synced);
  if (d.has(i, FLAG.googleOrder)) {
    if (s.supportEndDate)
      out.supportEndDate = iso((d.firstEnrolled[i] || fleet.anchor) + 3 * 365 * 86_400_000);
    if (s.orderNumber)
      out.orderNumber = `GGL${String(hash32(fleet.seed, i, 77) % 100_000_000).padStart(8, '0')}`;
    if (s.willAutoRenew) out.willAutoRenew = d.has(i, FLAG.willAutoRenew);
  }
  for (const field of ['annotatedUser', 'annotatedLocation', 'notes'] as const) {
    if (s[field]) setText(out, field, c);
  }
  if (s.model) out.model = model.apiModel;
  if (s.meid && d.has(i, FLAG.cellular)) out.meid = meidOf(fleet, i);
  if (c.hasSynced && (s.osVersion || s.platformVersion)) {
    const release = osReleaseIndex(fleet, i, c.now);
    if (s.osVersion) out.osVersion = chromeVersion(release);
    if (s.platformVersion) out.platformVersion = platformVersion(release, model.board);
  }
  if (s.firmwareVersion && c.hasSynced) {
    const build = c.platform.firmwareBuild;
    out.firmwareVersion = model.family === 'flex' ? build : googleFirmware(model, build);
  }
  if (s.macAddress) setMac(out, 'macAddress', d.wifiMac[i]);
  if (s.bootMode && c.hasSynced) out.bootMode = d.has(i, FLAG.devMode) ? 'Dev' : 'Verified';
  if (s.lastEnrollmentTime) setTime(out, 'lastEnrollmentTime', d.lastEnrolled[i]);
}

/** recentUsers to lastKnownNetwork: most of FULL's lists. */
export function reportFields(out: Json, c: DeviceContext, s: DeviceSelection): void {
  const { state, fleet, d, i, now } = c;
  if (s.recentUsers) {
    const users = recentUsers(fleet, i, now, (p) => state.emailOf(p));
    if (users.length) {
      out.recentUsers = users.map((u) =>
        u.managed ? { type: 'USER_TYPE_MANAGED', email: u.email } : { type: 'USER_TYPE_UNMANAGED' },
      );
    }
  }
  if (s.activeTimeRanges) setList(out, 'activeTimeRanges', activeTimeRanges(fleet, i, now));
  if (s.ethernetMacAddress) setMac(out, 'ethernetMacAddress', d.ethernetMac[i]);
  if (s.annotatedAssetId) setText(out, 'annotatedAssetId', c);
  if (c.hasSynced) {
    if (s.diskVolumeReports) out.diskVolumeReports = diskVolumeReports(c);
    if (s.systemRamTotal) out.systemRamTotal = integerText(systemRamTotal(fleet, i));
    if (s.cpuStatusReports) out.cpuStatusReports = cpuStatusReports(c);
    if (s.cpuInfo) out.cpuInfo = cpuInfo(c);
    if (s.systemRamFreeReports) out.systemRamFreeReports = systemRamFreeReports(c);
  }
  if (s.deviceFiles) setList(out, 'deviceFiles', fileList(c, false));
  if (s.screenshotFiles) setList(out, 'screenshotFiles', fileList(c, true));
  if (s.lastKnownNetwork && c.hasSynced) {
    const network = networkAddresses(fleet, i, now);
    if (network) out.lastKnownNetwork = [{ ipAddress: network.lan, wanIpAddress: network.wan }];
  }
}

/** autoUpdateExpiration to osUpdateStatus: addresses, place in the tree, TPM and updates. */
export function placementFields(out: Json, c: DeviceContext, s: DeviceSelection): void {
  const { state, fleet, d, i, model } = c;
  const aueMs = model.aueMs;
  if (s.autoUpdateExpiration && aueMs !== undefined)
    out.autoUpdateExpiration = modelText(model, 'aueMs', () => String(aueMs));
  if (s.ethernetMacAddress0 && d.has(i, FLAG.builtInEthernet)) {
    setMac(out, 'ethernetMacAddress0', d.ethernetMac[i], true);
  }
  if (s.dockMacAddress && d.has(i, FLAG.dock)) {
    const mac = locallyAdministeredMac(hash32(fleet.seed, i, 41), hash32(fleet.seed, i, 42));
    out.dockMacAddress = macHex(mac, true);
  }
  if (s.manufactureDate) out.manufactureDate = isoDate(d.manufactured[i] ?? 0);
  const ou = fleet.orgUnits.bySlot(d.ouSlot[i] ?? 0);
  if (s.orgUnitPath) out.orgUnitPath = ou.orgUnitPath;
  if (s.tpmVersionInfo && c.hasSynced)
    out.tpmVersionInfo = tpmVersionInfo(fleet.seed, i, c.platform.tpmFamily);
  if (s.orgUnitId) out.orgUnitId = prefixedOrgUnitId(ou);
  if (s.osUpdateStatus && c.hasSynced) out.osUpdateStatus = osUpdateStatus(state, i, c.now);
}

/** firstEnrollmentTime to fanInfo: enrollment, licence, support dates, disk, compliance, peripherals. */
export function lifecycleFields(out: Json, c: DeviceContext, s: DeviceSelection): void {
  const { fleet, d, i, model } = c;
  if (s.firstEnrollmentTime) setTime(out, 'firstEnrollmentTime', d.firstEnrolled[i]);
  const deprovisioned = d.deprovisionedAt[i] ?? Number.NaN;
  if (!Number.isNaN(deprovisioned)) {
    if (s.lastDeprovisionTimestamp) out.lastDeprovisionTimestamp = iso(deprovisioned);
    if (s.deprovisionReason) out.deprovisionReason = DEPROVISION_REASONS[d.deprovisionReason[i] ?? 0];
  }
  if (s.deviceLicenseType) out.deviceLicenseType = LICENSE_TYPES[d.license[i] ?? 0];
  const aueMs = model.aueMs;
  if (s.autoUpdateThrough && aueMs !== undefined)
    out.autoUpdateThrough = modelText(model, 'aueTime', () => iso(aueMs));
  if (model.originalAueMs !== undefined) {
    if (s.extendedSupportEligible) out.extendedSupportEligible = true;
    const originalAueMs = model.originalAueMs;
    if (s.extendedSupportStart)
      out.extendedSupportStart = modelText(model, 'extendedStart', () => iso(originalAueMs));
    if (s.extendedSupportEnabled) out.extendedSupportEnabled = d.has(i, FLAG.extendedUpdatesEnabled);
  }
  if (s.chromeOsType) out.chromeOsType = model.family === 'flex' ? 'chromeOsFlex' : 'chromeOs';
  if (!c.hasSynced) return;
  if (s.diskSpaceUsage) {
    const disk = diskUsage(fleet, i, c.now);
    out.diskSpaceUsage = { capacityBytes: integerText(disk.capacity), usedBytes: integerText(disk.used) };
  }
  if (s.osVersionCompliance) {
    const osCompliance = compliance(fleet, i, c.now);
    if (osCompliance) out.osVersionCompliance = osCompliance;
  }
  if (s.backlightInfo) out.backlightInfo = backlightInfo(c);
  if (s.bluetoothAdapterInfo) out.bluetoothAdapterInfo = bluetoothAdapterInfo(c);
  if (s.fanInfo) setList(out, 'fanInfo', fanInfo(c));
}

function setText(out: Json, field: AnnotatedField, c: DeviceContext): void {
  const value = annotation(c.fleet, c.i, field);
  if (value !== undefined) out[field] = value;
}

function setTime(out: Json, key: string, ms: number | undefined): void {
  if (ms !== undefined && !Number.isNaN(ms)) out[key] = iso(ms);
}

function setMac(out: Json, key: string, mac: number | undefined, upper?: boolean): void {
  if (mac !== undefined && !Number.isNaN(mac)) out[key] = macHex(mac, upper);
}

/** Google leaves an empty list out. */
function setList(out: Json, key: string, list: unknown[] | undefined): void {
  if (list?.length) out[key] = list;
}

/**
 * Text every device of a model shows the same (its firmware, its update dates), made once per
 * model: a remembered string is flattened on its first JSON.stringify, where a fresh template
 * result is a rope to flatten for every device.
 */
const modelTexts = new Map<ChromebookModel, Map<string, string>>();

function modelText(model: ChromebookModel, key: string, make: () => string): string {
  let texts = modelTexts.get(model);
  if (!texts) {
    texts = new Map();
    modelTexts.set(model, texts);
  }
  let text = texts.get(key);
  if (text === undefined) {
    text = make();
    texts.set(key, text);
  }
  return text;
}

/** Its platform's firmware build never changes. */
function googleFirmware(model: ChromebookModel, build: string): string {
  return modelText(model, 'firmware', () => `Google_${capitalize(model.board)}.${build}`);
}

/** An OU's `id:`-prefixed id, made once per OU (and again should its id ever change). */
const prefixedIds = new WeakMap<{ orgUnitId: string }, { id: string; text: string }>();

function prefixedOrgUnitId(ou: { orgUnitId: string }): string {
  const known = prefixedIds.get(ou);
  if (known?.id === ou.orgUnitId) return known.text;
  const text = `id:${ou.orgUnitId}`;
  prefixedIds.set(ou, { id: ou.orgUnitId, text });
  return text;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
