/**
 * The nested parts of a `ChromeOsDevice`: TPM and update status, the FULL projection's disk, CPU,
 * RAM, file and peripheral lists. Each builds one top-level field, so a `fields` selection skips
 * the ones it does not ask for.
 */
import { platformNumber } from '../state/chromeos-releases.ts';
import { diskUsage, systemRamTotal } from '../state/device-hardware.ts';
import { MINUTE, updateProgress } from '../state/device-life.ts';
import { PROFILE } from '../state/device-table.ts';
import type { EmulatorState } from '../state/emulator-state.ts';
import { locallyAdministeredMac, macHex } from '../state/mac-address.ts';
import { hash32, hashUnit } from '../state/random.ts';
import { integerText } from '../state/integer-text.ts';
import { isoTime as iso } from '../state/time-format.ts';
import type { DeviceContext } from './device-fields.ts';

type Json = Record<string, unknown>;

const CPU_USAGE_SALT = 21;

export function tpmVersionInfo(seed: number, i: number, family: string): Json {
  return {
    family,
    specLevel: family === '322e3000' ? '116' : '74',
    manufacturer: '43524f53',
    tpmModel: '1',
    firmwareVersion: (hash32(seed, i, 51).toString(16) + hash32(seed, i, 52).toString(16)).slice(0, 15),
    vendorSpecific: '784347206654504D',
  };
}

export function osUpdateStatus(state: EmulatorState, i: number, now: number): Json {
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

export function diskVolumeReports(c: DeviceContext): Json[] {
  const disk = diskUsage(c.fleet, c.i, c.now);
  return [
    {
      volumeInfo: [
        {
          volumeId: '/home/chronos',
          storageTotal: integerText(disk.capacity),
          storageFree: integerText(disk.capacity - disk.used),
        },
      ],
    },
  ];
}

/** The last three ten-minute sample slots before the last sync, oldest first, with their CPU load. */
function samples(f: DeviceContext): { reportTime: string; load: number }[] {
  const lastSlot = Math.floor(f.synced / (10 * MINUTE));
  const out: { reportTime: string; load: number }[] = [];
  for (let slot = lastSlot - 2; slot <= lastSlot; slot++) {
    out.push({
      reportTime: iso(slot * 10 * MINUTE),
      load: hashUnit(f.fleet.seed, f.i, slot, CPU_USAGE_SALT),
    });
  }
  return out;
}

export function cpuStatusReports(f: DeviceContext): Json[] {
  const cores = Math.min(2, f.platform.logicalCpus);
  return samples(f).map(({ reportTime, load }) => {
    const temperatures: Json[] = [];
    for (let core = 0; core < cores; core++) {
      temperatures.push({ temperature: Math.round(38 + load * 30 + core), label: `Core ${core}` });
    }
    return {
      reportTime,
      cpuUtilizationPercentageInfo: [Math.round(load * 90) + 2],
      cpuTemperatureInfo: temperatures,
    };
  });
}

export function systemRamFreeReports(f: DeviceContext): Json[] {
  const ramTotal = systemRamTotal(f.fleet, f.i);
  return samples(f).map(({ reportTime, load }) => ({
    reportTime,
    systemRamFreeInfo: [integerText(Math.floor(ramTotal * (0.15 + 0.5 * (1 - load))))],
  }));
}

export function cpuInfo(f: DeviceContext): Json[] {
  const platform = f.platform;
  const logicalCpus: Json[] = [];
  for (let cpu = 0; cpu < platform.logicalCpus; cpu++) {
    const idle = hashUnit(f.fleet.seed, f.i, cpu, 61);
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
  return [
    {
      model: platform.cpuModel,
      architecture: platform.architecture === 'X64' ? 'x64' : 'arm64',
      maxClockSpeedKhz: platform.maxClockSpeedKhz,
      logicalCpus,
    },
  ];
}

/** `deviceFiles` or `screenshotFiles`; absent when the device has none of that kind. */
export function fileList(f: DeviceContext, screenshots: boolean): Json[] | undefined {
  const files = f.d.extras.get(f.i)?.files?.filter((file) => file.screenshot === screenshots);
  if (!files?.length) return undefined;
  const state = f.state;
  const deviceId = f.d.deviceId[f.i] as string;
  return files.map((file, n) => ({
    name: file.name,
    type: file.type,
    downloadUrl: `${state.origin}/admin/directory/v1/customer/${state.customer.id}/devices/chromeos/${deviceId}/files/${n}`,
    createTime: iso(file.createTime),
  }));
}

export function backlightInfo(f: DeviceContext): Json[] {
  const max = f.model.family === 'flex' ? 852 : 937;
  return [
    {
      path:
        f.platform.architecture === 'X64'
          ? '/sys/class/backlight/intel_backlight'
          : '/sys/class/backlight/backlight_lcd',
      maxBrightness: max,
      brightness: Math.round(max * (0.3 + hashUnit(f.fleet.seed, f.i, 71) * 0.7)),
    },
  ];
}

export function bluetoothAdapterInfo(f: DeviceContext): Json[] {
  const seed = f.fleet.seed;
  return [
    {
      address: colonSeparated(
        macHex(locallyAdministeredMac(hash32(seed, f.i, 81), hash32(seed, f.i, 83)), true),
      ),
      numConnectedDevices: hash32(seed, f.i, 82) % 3,
    },
  ];
}

/** `AABBCCDDEEFF` as `AA:BB:CC:DD:EE:FF` (macHex always writes 12 digits), as one flat string. */
function colonSeparated(hex: string): string {
  const c = (at: number) => hex.charCodeAt(at);
  const colon = 58;
  return String.fromCharCode(
    c(0),
    c(1),
    colon,
    c(2),
    c(3),
    colon,
    c(4),
    c(5),
    colon,
    c(6),
    c(7),
    colon,
    c(8),
    c(9),
    colon,
    c(10),
    c(11),
  );
}

export function fanInfo(f: DeviceContext): Json[] | undefined {
  return f.model.family === 'flex'
    ? [{ speedRpm: 1_800 + (hash32(f.fleet.seed, f.i, 91) % 1_500) }]
    : undefined;
}
