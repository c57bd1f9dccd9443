import { z } from 'zod';
import { googleDuration, googleTimestamp, int64String, openEnum } from '../wire-types.ts';

/**
 * The periodic status reports of a Chrome Management `TelemetryDevice` (reference §2.3). Lists come
 * newest first. Numbers typed int64 by Google are strings; int32 and doubles are numbers.
 */

const str = z.string().optional();
const int = z.number().int().optional();
const bool = z.boolean().optional();
const time = googleTimestamp.optional();
const i64 = int64String.optional();

export const cpuStatusReportSchema = z.object({
  reportTime: time,
  sampleFrequency: googleDuration.optional(),
  cpuUtilizationPct: int,
  cpuTemperatureInfo: z.array(z.object({ label: str, temperatureCelsius: int })).optional(),
});

export const memoryStatusReportSchema = z.object({
  reportTime: time,
  sampleFrequency: googleDuration.optional(),
  systemRamFreeBytes: i64,
  pageFaults: int,
});

export const NETWORK_CONNECTION_STATES = [
  'NETWORK_CONNECTION_STATE_UNSPECIFIED',
  'ONLINE',
  'CONNECTED',
  'PORTAL',
  'CONNECTING',
  'NOT_CONNECTED',
] as const;

export const NETWORK_TYPES = [
  'NETWORK_TYPE_UNSPECIFIED',
  'CELLULAR',
  'ETHERNET',
  'TETHER',
  'VPN',
  'WIFI',
] as const;

export const networkStatusReportSchema = z.object({
  reportTime: time,
  sampleFrequency: googleDuration.optional(),
  signalStrengthDbm: int,
  lanIpAddress: str,
  gatewayIpAddress: str,
  transmissionBitRateMbps: i64,
  receivingBitRateMbps: i64,
  transmissionPowerDbm: int,
  encryptionOn: bool,
  wifiLinkQuality: i64,
  wifiPowerManagementEnabled: bool,
  guid: str,
  connectionState: openEnum(NETWORK_CONNECTION_STATES).optional(),
  connectionType: openEnum(NETWORK_TYPES).optional(),
});

export const HTTPS_LATENCY_PROBLEMS = [
  'HTTPS_LATENCY_PROBLEM_UNSPECIFIED',
  'FAILED_DNS_RESOLUTIONS',
  'FAILED_HTTPS_REQUESTS',
  'HIGH_LATENCY',
  'VERY_HIGH_LATENCY',
] as const;

export const networkDiagnosticsReportSchema = z.object({
  reportTime: time,
  httpsLatencyData: z
    .object({ latency: googleDuration.optional(), problem: openEnum(HTTPS_LATENCY_PROBLEMS).optional() })
    .optional(),
});

export const networkBandwidthReportSchema = z.object({ reportTime: time, downloadSpeedKbps: i64 });

export const TELEMETRY_UPDATE_STATES = [
  'UPDATE_STATE_UNSPECIFIED',
  'OS_IMAGE_DOWNLOAD_NOT_STARTED',
  'OS_IMAGE_DOWNLOAD_IN_PROGRESS',
  'OS_UPDATE_NEED_REBOOT',
] as const;

export const telemetryOsUpdateStatusSchema = z.object({
  updateState: openEnum(TELEMETRY_UPDATE_STATES).optional(),
  newPlatformVersion: str,
  newRequestedPlatformVersion: str,
  lastUpdateTime: time,
  lastUpdateCheckTime: time,
  lastRebootTime: time,
});

export const graphicsStatusReportSchema = z.object({
  reportTime: time,
  displays: z
    .array(
      z.object({
        displayName: str,
        resolutionWidth: int,
        resolutionHeight: int,
        refreshRate: int,
        isInternal: bool,
        deviceId: i64,
      }),
    )
    .optional(),
});

export const BATTERY_HEALTHS = [
  'BATTERY_HEALTH_UNSPECIFIED',
  'BATTERY_HEALTH_NORMAL',
  'BATTERY_REPLACE_SOON',
  'BATTERY_REPLACE_NOW',
] as const;

export const batterySampleSchema = z.object({
  reportTime: time,
  voltage: i64,
  remainingCapacity: i64,
  temperature: int,
  dischargeRate: int,
  chargeRate: int,
  current: i64,
  status: str,
});

export const batteryStatusReportSchema = z.object({
  reportTime: time,
  serialNumber: str,
  batteryHealth: openEnum(BATTERY_HEALTHS).optional(),
  cycleCount: int,
  fullChargeCapacity: i64,
  sample: z.array(batterySampleSchema).optional(),
});

export const storageStatusReportSchema = z.object({
  reportTime: time,
  disk: z
    .array(
      z.object({
        serialNumber: str,
        manufacturer: str,
        model: str,
        sizeBytes: i64,
        type: str,
        health: str,
        volumeIds: z.array(z.string()).optional(),
        bytesReadThisSession: i64,
        bytesWrittenThisSession: i64,
        readTimeThisSession: googleDuration.optional(),
        writeTimeThisSession: googleDuration.optional(),
        ioTimeThisSession: googleDuration.optional(),
        discardTimeThisSession: googleDuration.optional(),
      }),
    )
    .optional(),
});

export const audioStatusReportSchema = z.object({
  reportTime: time,
  outputMute: bool,
  inputMute: bool,
  outputVolume: int,
  outputDevice: str,
  inputGain: int,
  inputDevice: str,
});

export const SHUTDOWN_REASONS = [
  'SHUTDOWN_REASON_UNSPECIFIED',
  'USER_REQUEST',
  'SYSTEM_UPDATE',
  'LOW_BATTERY',
  'OTHER',
] as const;

export const bootPerformanceReportSchema = z.object({
  bootUpDuration: googleDuration.optional(),
  bootUpTime: time,
  shutdownDuration: googleDuration.optional(),
  shutdownTime: time,
  shutdownReason: openEnum(SHUTDOWN_REASONS).optional(),
  reportTime: time,
});

export const HEARTBEAT_STATES = ['STATE_UNSPECIFIED', 'UNKNOWN', 'ONLINE', 'OFFLINE'] as const;

export const heartbeatStatusReportSchema = z.object({
  reportTime: time,
  state: openEnum(HEARTBEAT_STATES).optional(),
});

export const kioskAppStatusReportSchema = z.object({ reportTime: time, appId: str, appVersion: str });

export const usbPeripheralReportSchema = z.object({
  vendor: str,
  name: str,
  vid: int,
  pid: int,
  categories: z.array(z.string()).optional(),
  classId: int,
  subclassId: int,
  firmwareVersion: str,
});

export const peripheralsReportSchema = z.object({
  reportTime: time,
  usbPeripheralReport: z.array(usbPeripheralReportSchema).optional(),
});

export const appReportSchema = z.object({
  reportTime: time,
  usageData: z
    .array(
      z.object({
        appId: str,
        appType: str,
        appInstanceId: str,
        runningDuration: googleDuration.optional(),
      }),
    )
    .optional(),
});

export const runtimeCountersReportSchema = z.object({
  reportTime: time,
  uptimeRuntimeDuration: googleDuration.optional(),
  enterSleepCount: i64,
  enterHibernationCount: i64,
  enterPoweroffCount: i64,
});
