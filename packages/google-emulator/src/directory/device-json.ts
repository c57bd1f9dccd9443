/**
 * Builds Google's `ChromeOsDevice` JSON (reference §1.5) from a device row at a clock reading.
 * Absent data is left out (never null), int64 values are strings, timestamps are RFC 3339 with
 * milliseconds, enums use Directory's lowerCamel wire values. BASIC leaves out the repeated
 * report fields GAM switches to FULL for (reference §1.2).
 */
import { PLATFORMS } from '../state/chromebook-models.ts';
import {
  chromeVersion,
  platformNumber,
  platformVersion,
  releaseIndexAt,
} from '../state/chromeos-releases.ts';
import { annotation } from '../state/device-annotations.ts';
import {
  activeTimeRanges,
  checkinIndex,
  compliance,
  diskUsage,
  lastSyncAt,
  meidOf,
  MINUTE,
  modelOf,
  networkAddresses,
  osReleaseIndex,
  recentUsers,
  systemRamTotal,
  updateProgress,
} from '../state/device-life.ts';
import { DEPROVISION_REASONS, FLAG, LICENSE_TYPES, PROFILE } from '../state/device-table.ts';
import type { EmulatorState } from '../state/emulator-state.ts';
import { locallyAdministeredMac, macHex } from '../state/mac-address.ts';
import { hash32, hashUnit } from '../state/random.ts';
import { isoDate, isoTime as iso } from '../state/time-format.ts';

export type Projection = 'BASIC' | 'FULL';
export const PROJECTIONS: readonly Projection[] = ['BASIC', 'FULL'];

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
  let out = '"';
  for (let part = 0; part < 4; part++) {
    let h = hash32(fleet.seed, i, change, part);
    for (let c = 0; c < 5; c++, h >>>= 6) out += ETAG_ALPHABET.charAt(h & 63);
    if (part === 1) out += '/';
  }
  return `${out}"`;
}

/** Fields a listing can ask for (with `fields`) that need nothing but the device's identity. */
export const IDENTITY_FIELDS: ReadonlySet<string> = new Set([
  'kind',
  'etag',
  'deviceId',
  'serialNumber',
  'status',
]);

/** Fields only FULL carries. */
export const FULL_ONLY_FIELDS: ReadonlySet<string> = new Set([
  'recentUsers',
  'activeTimeRanges',
  'diskVolumeReports',
  'cpuStatusReports',
  'cpuInfo',
  'systemRamFreeReports',
  'deviceFiles',
  'screenshotFiles',
  'lastKnownNetwork',
  'backlightInfo',
  'fanInfo',
  'bluetoothAdapterInfo',
]);

/** The cheap start of every device: enough for an etag listing (`fields=chromeosdevices(deviceId,etag)`). */
export function deviceIdentityJson(state: EmulatorState, i: number): Json {
  const d = state.fleet.devices;
  return {
    kind: 'admin#directory#chromeosdevice',
    etag: deviceEtag(state, i),
    deviceId: d.deviceId[i],
    serialNumber: d.serial[i],
    status: d.statusOf(i),
  };
}

const CPU_USAGE_SALT = 21;

export function chromeOsDeviceJson(state: EmulatorState, i: number, projection: Projection): Json {
  const fleet = state.fleet;
  const d = fleet.devices;
  const now = state.now();
  const model = modelOf(fleet, i);
  const platform = PLATFORMS[model.family];
  const synced = lastSyncAt(fleet, i, now);
  const hasSynced = !Number.isNaN(synced);
  const ou = fleet.orgUnits.bySlot(d.ouSlot[i] ?? 0);
  const full = projection === 'FULL';
  const out = deviceIdentityJson(state, i);
  if (hasSynced) out.lastSync = iso(synced);
  if (d.has(i, FLAG.googleOrder)) {
    out.supportEndDate = iso((d.firstEnrolled[i] || fleet.anchor) + 3 * 365 * 86_400_000);
    out.orderNumber = `GGL${String(hash32(fleet.seed, i, 77) % 100_000_000).padStart(8, '0')}`;
    out.willAutoRenew = d.has(i, FLAG.willAutoRenew);
  }
  setText(out, 'annotatedUser', annotation(fleet, i, 'annotatedUser'));
  setText(out, 'annotatedLocation', annotation(fleet, i, 'annotatedLocation'));
  setText(out, 'notes', annotation(fleet, i, 'notes'));
  out.model = model.apiModel;
  if (d.has(i, FLAG.cellular)) out.meid = meidOf(fleet, i);
  const release = osReleaseIndex(fleet, i, now);
  if (hasSynced) {
    out.osVersion = chromeVersion(release);
    out.platformVersion = platformVersion(release, model.board);
    out.firmwareVersion =
      model.family === 'flex'
        ? platform.firmwareBuild
        : `Google_${capitalize(model.board)}.${platform.firmwareBuild}`;
  }
  if (!Number.isNaN(d.wifiMac[i] ?? Number.NaN)) out.macAddress = macHex(d.wifiMac[i] as number);
  if (hasSynced) out.bootMode = d.has(i, FLAG.devMode) ? 'Dev' : 'Verified';
  if (!Number.isNaN(d.lastEnrolled[i] ?? Number.NaN))
    out.lastEnrollmentTime = iso(d.lastEnrolled[i] as number);
  if (full) {
    const users = recentUsers(fleet, i, now, (p) => state.emailOf(p));
    if (users.length) {
      out.recentUsers = users.map((u) =>
        u.managed ? { type: 'USER_TYPE_MANAGED', email: u.email } : { type: 'USER_TYPE_UNMANAGED' },
      );
    }
    const ranges = activeTimeRanges(fleet, i, now);
    if (ranges.length) out.activeTimeRanges = ranges;
  }
  const ethernet = d.ethernetMac[i] ?? Number.NaN;
  if (!Number.isNaN(ethernet)) out.ethernetMacAddress = macHex(ethernet);
  setText(out, 'annotatedAssetId', annotation(fleet, i, 'annotatedAssetId'));
  const disk = diskUsage(fleet, i, now);
  if (full && hasSynced) {
    out.diskVolumeReports = [
      {
        volumeInfo: [
          {
            volumeId: '/home/chronos',
            storageTotal: String(disk.capacity),
            storageFree: String(disk.capacity - disk.used),
          },
        ],
      },
    ];
  }
  if (hasSynced) out.systemRamTotal = String(systemRamTotal(fleet, i));
  if (full && hasSynced) Object.assign(out, reportLists(state, i, synced));
  if (full) Object.assign(out, fileLists(state, i));
  if (full && hasSynced) {
    const network = networkAddresses(fleet, i, now);
    if (network) out.lastKnownNetwork = [{ ipAddress: network.lan, wanIpAddress: network.wan }];
  }
  if (model.aueMs !== undefined) out.autoUpdateExpiration = String(model.aueMs);
  if (d.has(i, FLAG.builtInEthernet) && !Number.isNaN(ethernet))
    out.ethernetMacAddress0 = macHex(ethernet, true);
  if (d.has(i, FLAG.dock))
    out.dockMacAddress = macHex(
      locallyAdministeredMac(hash32(fleet.seed, i, 41), hash32(fleet.seed, i, 42)),
      true,
    );
  out.manufactureDate = isoDate(d.manufactured[i] ?? 0);
  out.orgUnitPath = ou.orgUnitPath;
  if (hasSynced) out.tpmVersionInfo = tpmVersionInfo(fleet.seed, i, platform.tpmFamily);
  out.orgUnitId = `id:${ou.orgUnitId}`;
  if (hasSynced) out.osUpdateStatus = osUpdateStatus(state, i, now);
  if (!Number.isNaN(d.firstEnrolled[i] ?? Number.NaN))
    out.firstEnrollmentTime = iso(d.firstEnrolled[i] as number);
  if (!Number.isNaN(d.deprovisionedAt[i] ?? Number.NaN)) {
    out.lastDeprovisionTimestamp = iso(d.deprovisionedAt[i] as number);
    out.deprovisionReason = DEPROVISION_REASONS[d.deprovisionReason[i] ?? 0];
  }
  out.deviceLicenseType = LICENSE_TYPES[d.license[i] ?? 0];
  if (model.aueMs !== undefined) out.autoUpdateThrough = iso(model.aueMs);
  if (model.originalAueMs !== undefined) {
    out.extendedSupportEligible = true;
    out.extendedSupportStart = iso(model.originalAueMs);
    out.extendedSupportEnabled = d.has(i, FLAG.extendedUpdatesEnabled);
  }
  out.chromeOsType = model.family === 'flex' ? 'chromeOsFlex' : 'chromeOs';
  if (hasSynced) {
    out.diskSpaceUsage = { capacityBytes: String(disk.capacity), usedBytes: String(disk.used) };
    const osCompliance = compliance(fleet, i, now);
    if (osCompliance) out.osVersionCompliance = osCompliance;
  }
  if (full && hasSynced) Object.assign(out, peripheralLists(state, i));
  return out;
}

function setText(out: Json, key: string, value: string | undefined): void {
  if (value !== undefined) out[key] = value;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function tpmVersionInfo(seed: number, i: number, family: string): Json {
  return {
    family,
    specLevel: family === '322e3000' ? '116' : '74',
    manufacturer: '43524f53',
    tpmModel: '1',
    firmwareVersion: (hash32(seed, i, 51).toString(16) + hash32(seed, i, 52).toString(16)).slice(0, 15),
    vendorSpecific: '784347206654504D',
  };
}

function osUpdateStatus(state: EmulatorState, i: number, now: number): Json {
  const progress = updateProgress(state.fleet, i, now);
  if (!progress) return {};
  const out: Json = {};
  if (progress.state !== 'upToDate') {
    out.state =
      progress.state === 'notStarted'
        ? 'updateStateNotStarted'
        : progress.state === 'downloading'
          ? 'updateStateDownloadInProgress'
          : 'updateStateNeedReboot';
    out.targetOsVersion = platformNumber(progress.target);
  }
  if (state.fleet.devices.profile[i] === PROFILE.kiosk) out.targetKioskAppVersion = '4.2.1';
  out.updateTime = iso(progress.updateTime);
  out.updateCheckTime = iso(progress.checkTime);
  out.rebootTime = iso(progress.rebootTime);
  return out;
}

/** CPU, RAM-free samples and cpuInfo: the last three ten-minute samples before the last sync, oldest first. */
function reportLists(state: EmulatorState, i: number, synced: number): Json {
  const fleet = state.fleet;
  const platform = PLATFORMS[modelOf(fleet, i).family];
  const ramTotal = systemRamTotal(fleet, i);
  const cpuStatusReports: Json[] = [];
  const systemRamFreeReports: Json[] = [];
  const lastSlot = Math.floor(synced / (10 * MINUTE));
  for (let slot = lastSlot - 2; slot <= lastSlot; slot++) {
    const reportTime = iso(slot * 10 * MINUTE);
    const load = hashUnit(fleet.seed, i, slot, CPU_USAGE_SALT);
    const temperatures: Json[] = [];
    for (let core = 0; core < Math.min(2, platform.logicalCpus); core++) {
      temperatures.push({ temperature: Math.round(38 + load * 30 + core), label: `Core ${core}` });
    }
    cpuStatusReports.push({
      reportTime,
      cpuUtilizationPercentageInfo: [Math.round(load * 90) + 2],
      cpuTemperatureInfo: temperatures,
    });
    systemRamFreeReports.push({
      reportTime,
      systemRamFreeInfo: [String(Math.floor(ramTotal * (0.15 + 0.5 * (1 - load))))],
    });
  }
  const logicalCpus: Json[] = [];
  for (let cpu = 0; cpu < platform.logicalCpus; cpu++) {
    const idle = hashUnit(fleet.seed, i, cpu, 61);
    logicalCpus.push({
      maxScalingFrequencyKhz: platform.maxClockSpeedKhz,
      currentScalingFrequencyKhz: Math.round(platform.maxClockSpeedKhz * (0.3 + idle * 0.6)),
      idleDuration: `${(3_600 + idle * 20_000).toFixed(3)}s`,
      cStates: [
        { displayName: 'C1', sessionDuration: `${(idle * 900).toFixed(3)}s` },
        { displayName: 'C6', sessionDuration: `${(idle * 12_000).toFixed(3)}s` },
      ],
    });
  }
  return {
    cpuStatusReports,
    cpuInfo: [
      {
        model: platform.cpuModel,
        architecture: platform.architecture === 'X64' ? 'x64' : 'arm64',
        maxClockSpeedKhz: platform.maxClockSpeedKhz,
        logicalCpus,
      },
    ],
    systemRamFreeReports,
  };
}

function fileLists(state: EmulatorState, i: number): Json {
  const files = state.fleet.devices.extras.get(i)?.files;
  if (!files?.length) return {};
  const deviceId = state.fleet.devices.deviceId[i] as string;
  const toJson = (f: { name: string; type: string; createTime: number }, n: number) => ({
    name: f.name,
    type: f.type,
    downloadUrl: `${state.origin}/admin/directory/v1/customer/${state.customer.id}/devices/chromeos/${deviceId}/files/${n}`,
    createTime: iso(f.createTime),
  });
  const out: Json = {};
  const deviceFiles = files.filter((f) => !f.screenshot).map(toJson);
  const screenshotFiles = files.filter((f) => f.screenshot).map(toJson);
  if (deviceFiles.length) out.deviceFiles = deviceFiles;
  if (screenshotFiles.length) out.screenshotFiles = screenshotFiles;
  return out;
}

function peripheralLists(state: EmulatorState, i: number): Json {
  const fleet = state.fleet;
  const model = modelOf(fleet, i);
  const max = model.family === 'flex' ? 852 : 937;
  const out: Json = {
    backlightInfo: [
      {
        path:
          PLATFORMS[model.family].architecture === 'X64'
            ? '/sys/class/backlight/intel_backlight'
            : '/sys/class/backlight/backlight_lcd',
        maxBrightness: max,
        brightness: Math.round(max * (0.3 + hashUnit(fleet.seed, i, 71) * 0.7)),
      },
    ],
    bluetoothAdapterInfo: [
      {
        address: macHex(
          locallyAdministeredMac(hash32(fleet.seed, i, 81), hash32(fleet.seed, i, 83)),
          true,
        ).replace(/(..)(?!$)/g, '$1:'),
        numConnectedDevices: hash32(fleet.seed, i, 82) % 3,
      },
    ],
  };
  if (model.family === 'flex') out.fanInfo = [{ speedRpm: 1_800 + (hash32(fleet.seed, i, 91) % 1_500) }];
  return out;
}
