import { z } from 'zod';
import { googleDuration, googleTimestamp, int64String, openEnum } from '../wire-types.ts';

/**
 * The Directory API `ChromeOsDevice` resource with every documented field (reference §1.5).
 * Directory enums are lowerCamel on the wire except `status` and `deprovisionReason`. Unknown fields
 * are dropped, never rejected; int64 fields stay strings.
 */

export const CHROME_OS_DEVICE_STATUSES = [
  'ACTIVE',
  'DELINQUENT',
  'PRE_PROVISIONED',
  'DEPROVISIONED',
  'DISABLED',
  'INACTIVE',
  'RETURN_ARRIVED',
  'RETURN_REQUESTED',
  'SHIPPED',
  'UNKNOWN',
] as const;
export type ChromeOsDeviceStatus = (typeof CHROME_OS_DEVICE_STATUSES)[number];

export const DEPROVISION_REASONS = [
  'DEPROVISION_REASON_UNSPECIFIED',
  'DEPROVISION_REASON_SAME_MODEL_REPLACEMENT',
  'DEPROVISION_REASON_UPGRADE',
  'DEPROVISION_REASON_DOMAIN_MOVE',
  'DEPROVISION_REASON_SERVICE_EXPIRATION',
  'DEPROVISION_REASON_OTHER',
  'DEPROVISION_REASON_DIFFERENT_MODEL_REPLACEMENT',
  'DEPROVISION_REASON_RETIRING_DEVICE',
  'DEPROVISION_REASON_UPGRADE_TRANSFER',
  'DEPROVISION_REASON_NOT_REQUIRED',
  'DEPROVISION_REASON_REPAIR_CENTER',
] as const;
export type DeprovisionReason = (typeof DEPROVISION_REASONS)[number];

export const DEVICE_LICENSE_TYPES = [
  'deviceLicenseTypeUnspecified',
  'enterprise',
  'enterpriseUpgrade',
  'educationUpgrade',
  'education',
  'kioskUpgrade',
  'enterpriseUpgradePerpetual',
  'enterpriseUpgradeFixedTerm',
  'educationUpgradePerpetual',
  'educationUpgradeFixedTerm',
] as const;

export const CHROME_OS_TYPES = ['chromeOsTypeUnspecified', 'chromeOsFlex', 'chromeOs'] as const;

export const OS_VERSION_COMPLIANCES = [
  'complianceUnspecified',
  'compliant',
  'pending',
  'notCompliant',
] as const;

export const OS_UPDATE_STATES = [
  'updateStateUnspecified',
  'updateStateNotStarted',
  'updateStateDownloadInProgress',
  'updateStateNeedReboot',
] as const;

export const RECENT_USER_TYPES = ['USER_TYPE_MANAGED', 'USER_TYPE_UNMANAGED'] as const;

export const BOOT_MODES = ['Verified', 'Dev'] as const;

export const recentUserSchema = z.object({
  type: openEnum(RECENT_USER_TYPES).optional(),
  email: z.string().optional(),
});

export const activeTimeRangeSchema = z.object({
  date: z.string().optional(),
  /** Milliseconds of activity on `date` (int32 on the wire). */
  activeTime: z.number().int().optional(),
});

export const cpuStatusReportSchema = z.object({
  reportTime: googleTimestamp.optional(),
  cpuUtilizationPercentageInfo: z.array(z.number().int()).optional(),
  cpuTemperatureInfo: z
    .array(z.object({ label: z.string().optional(), temperature: z.number().int().optional() }))
    .optional(),
});

export const cpuInfoSchema = z.object({
  model: z.string().optional(),
  architecture: z.string().optional(),
  maxClockSpeedKhz: z.number().int().optional(),
  logicalCpus: z
    .array(
      z.object({
        maxScalingFrequencyKhz: z.number().int().optional(),
        currentScalingFrequencyKhz: z.number().int().optional(),
        idleDuration: googleDuration.optional(),
        cStates: z
          .array(z.object({ displayName: z.string().optional(), sessionDuration: googleDuration.optional() }))
          .optional(),
      }),
    )
    .optional(),
});

export const systemRamFreeReportSchema = z.object({
  reportTime: googleTimestamp.optional(),
  systemRamFreeInfo: z.array(int64String).optional(),
});

export const diskVolumeReportSchema = z.object({
  volumeInfo: z
    .array(
      z.object({
        volumeId: z.string().optional(),
        storageTotal: int64String.optional(),
        storageFree: int64String.optional(),
      }),
    )
    .optional(),
});

export const lastKnownNetworkSchema = z.object({
  ipAddress: z.string().optional(),
  wanIpAddress: z.string().optional(),
});

export const deviceFileSchema = z.object({
  name: z.string().optional(),
  type: z.string().optional(),
  downloadUrl: z.string().optional(),
  createTime: googleTimestamp.optional(),
});

export const tpmVersionInfoSchema = z.object({
  family: z.string().optional(),
  specLevel: z.string().optional(),
  manufacturer: z.string().optional(),
  tpmModel: z.string().optional(),
  firmwareVersion: z.string().optional(),
  vendorSpecific: z.string().optional(),
});

export const osUpdateStatusSchema = z.object({
  state: openEnum(OS_UPDATE_STATES).optional(),
  targetOsVersion: z.string().optional(),
  targetKioskAppVersion: z.string().optional(),
  updateTime: googleTimestamp.optional(),
  updateCheckTime: googleTimestamp.optional(),
  rebootTime: googleTimestamp.optional(),
});

export const diskSpaceUsageSchema = z.object({
  capacityBytes: int64String.optional(),
  usedBytes: int64String.optional(),
});

export const backlightInfoSchema = z.object({
  path: z.string().optional(),
  maxBrightness: z.number().int().optional(),
  brightness: z.number().int().optional(),
});

export const fanInfoSchema = z.object({ speedRpm: z.number().int().optional() });

export const bluetoothAdapterInfoSchema = z.object({
  address: z.string().optional(),
  numConnectedDevices: z.number().int().optional(),
});

export const chromeOsDeviceSchema = z.object({
  kind: z.string().optional(),
  etag: z.string().optional(),
  deviceId: z.string(),
  serialNumber: z.string().optional(),
  status: openEnum(CHROME_OS_DEVICE_STATUSES).optional(),
  lastSync: googleTimestamp.optional(),
  supportEndDate: googleTimestamp.optional(),
  willAutoRenew: z.boolean().optional(),
  orderNumber: z.string().optional(),
  annotatedUser: z.string().optional(),
  annotatedLocation: z.string().optional(),
  annotatedAssetId: z.string().optional(),
  notes: z.string().optional(),
  orgUnitPath: z.string().optional(),
  orgUnitId: z.string().optional(),
  model: z.string().optional(),
  meid: z.string().optional(),
  osVersion: z.string().optional(),
  platformVersion: z.string().optional(),
  firmwareVersion: z.string().optional(),
  macAddress: z.string().optional(),
  ethernetMacAddress: z.string().optional(),
  ethernetMacAddress0: z.string().optional(),
  dockMacAddress: z.string().optional(),
  bootMode: openEnum(BOOT_MODES).optional(),
  lastEnrollmentTime: googleTimestamp.optional(),
  firstEnrollmentTime: googleTimestamp.optional(),
  lastDeprovisionTimestamp: googleTimestamp.optional(),
  deprovisionReason: openEnum(DEPROVISION_REASONS).optional(),
  manufactureDate: z.string().optional(),
  /** Deprecated by Google: epoch milliseconds as an int64 string. Prefer `autoUpdateThrough`. */
  autoUpdateExpiration: int64String.optional(),
  autoUpdateThrough: googleTimestamp.optional(),
  extendedSupportEligible: z.boolean().optional(),
  extendedSupportStart: googleTimestamp.optional(),
  extendedSupportEnabled: z.boolean().optional(),
  deviceLicenseType: openEnum(DEVICE_LICENSE_TYPES).optional(),
  chromeOsType: openEnum(CHROME_OS_TYPES).optional(),
  osVersionCompliance: openEnum(OS_VERSION_COMPLIANCES).optional(),
  osUpdateStatus: osUpdateStatusSchema.optional(),
  diskSpaceUsage: diskSpaceUsageSchema.optional(),
  systemRamTotal: int64String.optional(),
  recentUsers: z.array(recentUserSchema).optional(),
  activeTimeRanges: z.array(activeTimeRangeSchema).optional(),
  cpuStatusReports: z.array(cpuStatusReportSchema).optional(),
  cpuInfo: z.array(cpuInfoSchema).optional(),
  systemRamFreeReports: z.array(systemRamFreeReportSchema).optional(),
  diskVolumeReports: z.array(diskVolumeReportSchema).optional(),
  lastKnownNetwork: z.array(lastKnownNetworkSchema).optional(),
  deviceFiles: z.array(deviceFileSchema).optional(),
  screenshotFiles: z.array(deviceFileSchema).optional(),
  tpmVersionInfo: tpmVersionInfoSchema.optional(),
  backlightInfo: z.array(backlightInfoSchema).optional(),
  fanInfo: z.array(fanInfoSchema).optional(),
  bluetoothAdapterInfo: z.array(bluetoothAdapterInfoSchema).optional(),
});
export type ChromeOsDevice = z.infer<typeof chromeOsDeviceSchema>;

/** `ChromeOsDevices`: one page of `chromeosdevices.list`. Google drops the list key when empty. */
export const chromeOsDevicesPageSchema = z.object({
  kind: z.string().optional(),
  etag: z.string().optional(),
  chromeosdevices: z.array(chromeOsDeviceSchema).optional(),
  nextPageToken: z.string().optional(),
});
export type ChromeOsDevicesPage = z.infer<typeof chromeOsDevicesPageSchema>;

/** The sortable columns of `chromeosdevices.list`, as the wire spells them. */
export const CHROME_OS_DEVICE_ORDER_BY = [
  'annotatedLocation',
  'annotatedUser',
  'lastSync',
  'notes',
  'serialNumber',
  'status',
] as const;

/** Google's documented limits on the writable device fields (Directory limits page). */
export const DEVICE_FIELD_LIMITS = { annotatedUser: 100, annotatedLocation: 200, notes: 500 } as const;

/** The writable subset of a device: the body of `chromeosdevices.update` / `patch`. */
export const chromeOsDeviceUpdateSchema = z.object({
  annotatedUser: z.string().max(DEVICE_FIELD_LIMITS.annotatedUser).optional(),
  annotatedLocation: z.string().max(DEVICE_FIELD_LIMITS.annotatedLocation).optional(),
  /** Google documents no limit for the asset tag; the bound only keeps requests sane. */
  annotatedAssetId: z.string().max(500).optional(),
  notes: z.string().max(DEVICE_FIELD_LIMITS.notes).optional(),
  orgUnitPath: z.string().min(1).max(2000).optional(),
  orgUnitId: z.string().min(1).max(200).optional(),
});
export type ChromeOsDeviceUpdate = z.infer<typeof chromeOsDeviceUpdateSchema>;
