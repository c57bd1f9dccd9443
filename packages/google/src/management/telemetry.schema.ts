import { z } from 'zod';
import {
  telemetryBatteryInfoSchema,
  telemetryCpuInfoSchema,
  telemetryGraphicsInfoSchema,
  telemetryMemoryInfoSchema,
  telemetryNetworkInfoSchema,
  telemetryStorageInfoSchema,
  telemetryThunderboltInfoSchema,
} from './telemetry-info.schema.ts';
import {
  appReportSchema,
  audioStatusReportSchema,
  batteryStatusReportSchema,
  bootPerformanceReportSchema,
  cpuStatusReportSchema,
  graphicsStatusReportSchema,
  heartbeatStatusReportSchema,
  kioskAppStatusReportSchema,
  memoryStatusReportSchema,
  networkBandwidthReportSchema,
  networkDiagnosticsReportSchema,
  networkStatusReportSchema,
  peripheralsReportSchema,
  runtimeCountersReportSchema,
  storageStatusReportSchema,
  telemetryOsUpdateStatusSchema,
} from './telemetry-status-reports.schema.ts';

/** The Chrome Management `TelemetryDevice` and the `telemetry.devices.list` page (reference §2.1–2.3). */

export const telemetryDeviceSchema = z.object({
  /** `customers/{customer}/telemetry/devices/{device}`. */
  name: z.string().optional(),
  customer: z.string().optional(),
  /** Bare OU id (no `id:` prefix). */
  orgUnitId: z.string().optional(),
  /** The Directory API `deviceId`. */
  deviceId: z.string().optional(),
  serialNumber: z.string().optional(),
  cpuInfo: z.array(telemetryCpuInfoSchema).optional(),
  cpuStatusReport: z.array(cpuStatusReportSchema).optional(),
  memoryInfo: telemetryMemoryInfoSchema.optional(),
  memoryStatusReport: z.array(memoryStatusReportSchema).optional(),
  networkInfo: telemetryNetworkInfoSchema.optional(),
  networkStatusReport: z.array(networkStatusReportSchema).optional(),
  networkDiagnosticsReport: z.array(networkDiagnosticsReportSchema).optional(),
  networkBandwidthReport: z.array(networkBandwidthReportSchema).optional(),
  /** An array here, unlike the Directory API's single `osUpdateStatus` object. */
  osUpdateStatus: z.array(telemetryOsUpdateStatusSchema).optional(),
  graphicsInfo: telemetryGraphicsInfoSchema.optional(),
  graphicsStatusReport: z.array(graphicsStatusReportSchema).optional(),
  batteryInfo: z.array(telemetryBatteryInfoSchema).optional(),
  batteryStatusReport: z.array(batteryStatusReportSchema).optional(),
  storageInfo: telemetryStorageInfoSchema.optional(),
  storageStatusReport: z.array(storageStatusReportSchema).optional(),
  thunderboltInfo: z.array(telemetryThunderboltInfoSchema).optional(),
  audioStatusReport: z.array(audioStatusReportSchema).optional(),
  bootPerformanceReport: z.array(bootPerformanceReportSchema).optional(),
  heartbeatStatusReport: z.array(heartbeatStatusReportSchema).optional(),
  kioskAppStatusReport: z.array(kioskAppStatusReportSchema).optional(),
  peripheralsReport: z.array(peripheralsReportSchema).optional(),
  appReport: z.array(appReportSchema).optional(),
  runtimeCountersReport: z.array(runtimeCountersReportSchema).optional(),
});
export type TelemetryDevice = z.infer<typeof telemetryDeviceSchema>;

export const telemetryDevicesPageSchema = z.object({
  devices: z.array(telemetryDeviceSchema).optional(),
  nextPageToken: z.string().optional(),
});
export type TelemetryDevicesPage = z.infer<typeof telemetryDevicesPageSchema>;

/** The documented `readMask` paths for telemetry devices (snake_case, as Google documents them). */
export const TELEMETRY_DEVICE_READ_MASK_PATHS = [
  'name',
  'org_unit_id',
  'device_id',
  'serial_number',
  'cpu_info',
  'cpu_status_report',
  'memory_info',
  'memory_status_report',
  'network_info',
  'network_diagnostics_report',
  'network_status_report',
  'os_update_status',
  'graphics_info',
  'graphics_status_report',
  'battery_info',
  'battery_status_report',
  'storage_info',
  'storage_status_report',
  'thunderbolt_info',
  'audio_status_report',
  'boot_performance_report',
  'heartbeat_status_report',
  'network_bandwidth_report',
  'peripherals_report',
  'kiosk_app_status_report',
  'app_report',
  'runtime_counters_report',
] as const;
export type TelemetryDeviceReadMaskPath = (typeof TELEMETRY_DEVICE_READ_MASK_PATHS)[number];

/** Google's page-size limits for telemetry lists. */
export const TELEMETRY_PAGE_SIZE = { default: 100, max: 1000 } as const;
