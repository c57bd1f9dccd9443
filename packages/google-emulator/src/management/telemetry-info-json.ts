/**
 * The one-off "info" parts of a `TelemetryDevice` (reference §2.3): CPU, memory, network devices,
 * OS update status, graphics, battery and storage, each only when the readMask asks for it.
 */
import { PLATFORMS } from '../state/chromebook-models.ts';
import { platformNumber } from '../state/chromeos-releases.ts';
import { diskUsage, systemRamTotal } from '../state/device-hardware.ts';
import { meidOf, modelOf, updateProgress } from '../state/device-life.ts';
import { FLAG } from '../state/device-table.ts';
import type { EmulatorState } from '../state/emulator-state.ts';
import { macHex } from '../state/mac-address.ts';
import { hash32, hashUnit } from '../state/random.ts';
import { isoTime as iso } from '../state/time-format.ts';

type Json = Record<string, unknown>;

/** The battery's serial, shared by batteryInfo and batteryStatusReport. */
export function batterySerialOf(state: EmulatorState, i: number): string {
  const maker = modelOf(state.fleet, i).manufacturer.slice(0, 2).toUpperCase();
  return `${maker}${String(hash32(state.fleet.seed, i, 11) % 1_000_000).padStart(6, '0')}`;
}

export function telemetryInfo(state: EmulatorState, i: number, fields: ReadonlySet<string>): Json {
  const fleet = state.fleet;
  const d = fleet.devices;
  const now = state.now();
  const model = modelOf(fleet, i);
  const platform = PLATFORMS[model.family];
  const seed = fleet.seed;
  const want = (field: string) => fields.has(field);
  const out: Json = {};
  if (want('cpuInfo')) {
    out.cpuInfo = [
      {
        model: platform.cpuModel,
        architecture: platform.architecture,
        maxClockSpeed: platform.maxClockSpeedKhz,
        keylockerSupported: false,
      },
    ];
  }
  if (want('memoryInfo')) {
    out.memoryInfo = {
      totalRamBytes: String(systemRamTotal(fleet, i)),
      availableRamBytes: String(Math.floor(systemRamTotal(fleet, i) * (0.2 + hashUnit(seed, i, 2) * 0.5))),
      totalMemoryEncryption: {
        encryptionState: 'MEMORY_ENCRYPTION_STATE_DISABLED',
        encryptionAlgorithm: 'MEMORY_ENCRYPTION_ALGORITHM_UNKNOWN',
      },
    };
  }
  if (want('networkInfo')) out.networkInfo = { networkDevices: networkDevices(state, i) };
  if (want('osUpdateStatus')) out.osUpdateStatus = [osUpdateStatus(state, i, now)];
  if (want('graphicsInfo')) out.graphicsInfo = graphicsInfo(model.touch, platform.architecture);
  const design = platform.batteryDesignMah;
  if (want('batteryInfo')) {
    const made = new Date(d.manufactured[i] ?? 0);
    out.batteryInfo = [
      {
        serialNumber: batterySerialOf(state, i),
        manufacturer: model.family === 'flex' ? 'SMP' : 'SDI',
        designCapacity: String(design),
        designMinVoltage: 11_250,
        manufactureDate: {
          year: made.getUTCFullYear(),
          month: made.getUTCMonth() + 1,
          day: made.getUTCDate(),
        },
        technology: 'Li-ion',
      },
    ];
  }
  const disk = diskUsage(fleet, i, now);
  if (want('storageInfo')) {
    const free = String(disk.capacity - disk.used);
    out.storageInfo = {
      totalDiskBytes: String(disk.capacity),
      availableDiskBytes: free,
      volume: [
        { volumeId: '/home/chronos', storageTotalBytes: String(disk.capacity), storageFreeBytes: free },
      ],
    };
  }
  return out;
}

function networkDevices(state: EmulatorState, i: number): Json[] {
  const d = state.fleet.devices;
  const devices: Json[] = [];
  const wifi = d.wifiMac[i] ?? Number.NaN;
  if (!Number.isNaN(wifi)) devices.push({ type: 'WIFI_DEVICE', macAddress: macHex(wifi) });
  const ethernet = d.ethernetMac[i] ?? Number.NaN;
  if (!Number.isNaN(ethernet)) devices.push({ type: 'ETHERNET_DEVICE', macAddress: macHex(ethernet) });
  if (d.has(i, FLAG.cellular)) {
    const meid = meidOf(state.fleet, i);
    devices.push({ type: 'CELLULAR_DEVICE', imei: meid, meid, iccid: `8901${meid}`, mdn: '5550100' });
  }
  return devices;
}

function osUpdateStatus(state: EmulatorState, i: number, now: number): Json {
  const progress = updateProgress(state.fleet, i, now);
  if (!progress) return {};
  const pending = progress.state !== 'upToDate';
  return {
    ...(pending
      ? {
          updateState:
            progress.state === 'notStarted'
              ? 'OS_IMAGE_DOWNLOAD_NOT_STARTED'
              : progress.state === 'downloading'
                ? 'OS_IMAGE_DOWNLOAD_IN_PROGRESS'
                : 'OS_UPDATE_NEED_REBOOT',
          newPlatformVersion: platformNumber(progress.target),
          newRequestedPlatformVersion: platformNumber(progress.target),
        }
      : {}),
    lastUpdateTime: iso(progress.updateTime),
    lastUpdateCheckTime: iso(progress.checkTime),
    lastRebootTime: iso(progress.rebootTime),
  };
}

function graphicsInfo(touch: boolean, architecture: string): Json {
  return {
    adapterInfo:
      architecture === 'X64'
        ? { adapter: 'Mesa Intel(R) UHD Graphics 600 (GLK 2)', deviceId: '12677', driverVersion: '23.3.0' }
        : { adapter: 'Mali-G72', deviceId: '0', driverVersion: 'r32p1' },
    eprivacySupported: false,
    displayDevices: [
      {
        displayName: 'Built-in display',
        displayWidthMm: 256,
        displayHeightMm: 144,
        internal: true,
        manufacturerId: 'BOE',
        modelId: 2059,
        manufactureYear: 2020,
      },
    ],
    ...(touch
      ? {
          touchScreenInfo: {
            touchpadLibrary: 'gestures',
            devices: [{ displayName: 'ELAN Touchscreen', touchPointCount: 10, stylusCapable: false }],
          },
        }
      : {}),
  };
}
