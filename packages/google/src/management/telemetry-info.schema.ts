import { z } from 'zod';
import { googleDateSchema, int64String, openEnum } from '../wire-types.ts';

/**
 * The hardware and configuration objects of a Chrome Management `TelemetryDevice` (reference §2.3):
 * the `*Info` sub-objects that change rarely. Status reports live in telemetry-status-reports.schema.ts.
 */

const str = z.string().optional();
const int = z.number().int().optional();
const bool = z.boolean().optional();

export const telemetryCpuInfoSchema = z.object({
  model: str,
  architecture: openEnum(['ARCHITECTURE_UNSPECIFIED', 'X64']).optional(),
  /** kHz (int32). */
  maxClockSpeed: int,
  keylockerSupported: bool,
  keylockerConfigured: bool,
});

export const MEMORY_ENCRYPTION_STATES = [
  'MEMORY_ENCRYPTION_STATE_UNSPECIFIED',
  'MEMORY_ENCRYPTION_STATE_UNKNOWN',
  'MEMORY_ENCRYPTION_STATE_DISABLED',
  'MEMORY_ENCRYPTION_STATE_TME',
  'MEMORY_ENCRYPTION_STATE_MKTME',
] as const;

export const MEMORY_ENCRYPTION_ALGORITHMS = [
  'MEMORY_ENCRYPTION_ALGORITHM_UNSPECIFIED',
  'MEMORY_ENCRYPTION_ALGORITHM_UNKNOWN',
  'MEMORY_ENCRYPTION_ALGORITHM_AES_XTS_128',
  'MEMORY_ENCRYPTION_ALGORITHM_AES_XTS_256',
] as const;

export const telemetryMemoryInfoSchema = z.object({
  totalRamBytes: int64String.optional(),
  availableRamBytes: int64String.optional(),
  totalMemoryEncryption: z
    .object({
      encryptionState: openEnum(MEMORY_ENCRYPTION_STATES).optional(),
      encryptionAlgorithm: openEnum(MEMORY_ENCRYPTION_ALGORITHMS).optional(),
      keyLength: int64String.optional(),
      maxKeys: int64String.optional(),
    })
    .optional(),
});

export const NETWORK_DEVICE_TYPES = [
  'NETWORK_DEVICE_TYPE_UNSPECIFIED',
  'CELLULAR_DEVICE',
  'ETHERNET_DEVICE',
  'WIFI_DEVICE',
] as const;

export const telemetryNetworkInfoSchema = z.object({
  networkDevices: z
    .array(
      z.object({
        type: openEnum(NETWORK_DEVICE_TYPES).optional(),
        macAddress: str,
        meid: str,
        imei: str,
        iccid: str,
        mdn: str,
      }),
    )
    .optional(),
});

export const telemetryGraphicsInfoSchema = z.object({
  adapterInfo: z.object({ adapter: str, deviceId: int64String.optional(), driverVersion: str }).optional(),
  eprivacySupported: bool,
  displayDevices: z
    .array(
      z.object({
        displayName: str,
        displayWidthMm: int,
        displayHeightMm: int,
        internal: bool,
        manufacturerId: str,
        modelId: int,
        manufactureYear: int,
      }),
    )
    .optional(),
  touchScreenInfo: z
    .object({
      touchpadLibrary: str,
      devices: z.array(z.object({ displayName: str, touchPointCount: int, stylusCapable: bool })).optional(),
    })
    .optional(),
});

export const telemetryBatteryInfoSchema = z.object({
  serialNumber: str,
  manufacturer: str,
  /** mAh. */
  designCapacity: int64String.optional(),
  /** mV (int32). */
  designMinVoltage: int,
  manufactureDate: googleDateSchema.optional(),
  technology: str,
});

export const telemetryStorageInfoSchema = z.object({
  totalDiskBytes: int64String.optional(),
  availableDiskBytes: int64String.optional(),
  volume: z
    .array(
      z.object({
        volumeId: str,
        storageTotalBytes: int64String.optional(),
        storageFreeBytes: int64String.optional(),
      }),
    )
    .optional(),
});

export const THUNDERBOLT_SECURITY_LEVELS = [
  'THUNDERBOLT_SECURITY_LEVEL_UNSPECIFIED',
  'THUNDERBOLT_SECURITY_NONE_LEVEL',
  'THUNDERBOLT_SECURITY_USER_LEVEL',
  'THUNDERBOLT_SECURITY_SECURE_LEVEL',
  'THUNDERBOLT_SECURITY_DP_ONLY_LEVEL',
  'THUNDERBOLT_SECURITY_USB_ONLY_LEVEL',
  'THUNDERBOLT_SECURITY_NO_PCIE_LEVEL',
] as const;

export const telemetryThunderboltInfoSchema = z.object({
  securityLevel: openEnum(THUNDERBOLT_SECURITY_LEVELS).optional(),
});
