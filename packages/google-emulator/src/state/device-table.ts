/**
 * The fleet's devices in columns: one typed array per numeric attribute and a string array only
 * for the ids and serials. 250,000 devices fit in a few tens of megabytes, and Google's JSON is
 * built on output (see `directory/device-json.ts`). Values that change with time (last sync, OS
 * version, recent users) are not stored; `device-life.ts` derives them from the clock.
 */

export const DEVICE_STATUSES = [
  'ACTIVE',
  'DISABLED',
  'DEPROVISIONED',
  'PRE_PROVISIONED',
  'INACTIVE',
  'DELINQUENT',
  'RETURN_REQUESTED',
  'RETURN_ARRIVED',
] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];
export const STATUS = Object.fromEntries(DEVICE_STATUSES.map((s, i) => [s, i])) as Record<
  DeviceStatus,
  number
>;

/** How a device is used; decides its users, location and check-in rhythm. */
export const PROFILE = { oneToOne: 0, shared: 1, staff: 2, kiosk: 3, spare: 4 } as const;

/** Bits of the `flags` column. */
export const FLAG = {
  devMode: 1,
  /** ACTIVE on paper but unseen for months: its last sync is frozen in `syncBase`. */
  ghost: 2,
  /** Held on an older OS version by policy. */
  pinned: 4,
  extendedUpdatesEnabled: 8,
  unsupportedPolicy: 16,
  cellular: 32,
  /** Bought from Google: has supportEndDate and orderNumber. */
  googleOrder: 64,
  willAutoRenew: 128,
  ethernet: 256,
  dock: 512,
  builtInEthernet: 1024,
  /** The generated annotatedUser is the device's primary user. */
  annotatedPrimary: 2048,
  /** Not on the stable channel (beta), for the release-channel report. */
  betaChannel: 4096,
} as const;

export const LICENSE_TYPES = [
  'education',
  'educationUpgrade',
  'enterprise',
  'enterpriseUpgrade',
  'kioskUpgrade',
  'educationUpgradePerpetual',
] as const;

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

/** Text set through the API replaces the generated annotation; `null` means "set to empty". */
export interface AnnotationOverride {
  annotatedUser?: string;
  annotatedLocation?: string;
  annotatedAssetId?: string;
  notes?: string;
}

/** Per-device state that only some devices ever have. */
export interface DeviceExtras {
  /** Recent users recorded before this instant are gone (WIPE_USERS, REMOTE_POWERWASH). */
  usersWipedAt?: number;
  lastRebootAt?: number;
  files?: { name: string; type: string; createTime: number; screenshot: boolean }[];
}

export class DeviceTable {
  readonly count: number;
  readonly deviceId: string[];
  readonly serial: string[];
  readonly status: Uint8Array;
  readonly model: Uint8Array;
  readonly ouSlot: Uint16Array;
  readonly profile: Uint8Array;
  readonly flags: Uint16Array;
  readonly license: Uint8Array;
  /** School index, or 0xffff for district-level devices. */
  readonly school: Uint16Array;
  readonly firstEnrolled: Float64Array;
  readonly lastEnrolled: Float64Array;
  readonly manufactured: Float64Array;
  /** Last sync while the device is not checking in (ghosts, disabled, deprovisioned). */
  readonly syncBase: Float64Array;
  /** Checking in on its own schedule from this instant; NaN when it is not. */
  readonly liveFrom: Float64Array;
  /** Minutes between check-ins while live. */
  readonly syncPeriodMin: Uint16Array;
  readonly deprovisionedAt: Float64Array;
  readonly deprovisionReason: Uint8Array;
  /** Person number of the student or staff member the device is assigned to, or -1. */
  readonly primaryUser: Int32Array;
  readonly ramGb: Uint8Array;
  readonly storageGb: Uint16Array;
  readonly wifiMac: Float64Array;
  readonly ethernetMac: Float64Array;
  /** Battery capacity lost by the generation instant, in percent of design capacity. */
  readonly batteryWear: Uint8Array;
  readonly assetNumber: Int32Array;
  /** Generated location: kind * 10000 + number (see device-annotations.ts), or -1. */
  readonly locationCode: Int32Array;
  /** Bumped on every change; part of the etag. */
  readonly version: Uint32Array;
  readonly notes = new Map<number, string>();
  readonly overrides = new Map<number, AnnotationOverride>();
  readonly extras = new Map<number, DeviceExtras>();
  readonly #byId = new Map<string, number>();
  readonly #bySerial = new Map<string, number>();

  constructor(count: number) {
    this.count = count;
    this.deviceId = new Array<string>(count);
    this.serial = new Array<string>(count);
    this.status = new Uint8Array(count);
    this.model = new Uint8Array(count);
    this.ouSlot = new Uint16Array(count);
    this.profile = new Uint8Array(count);
    this.flags = new Uint16Array(count);
    this.license = new Uint8Array(count);
    this.school = new Uint16Array(count);
    this.firstEnrolled = new Float64Array(count);
    this.lastEnrolled = new Float64Array(count);
    this.manufactured = new Float64Array(count);
    this.syncBase = new Float64Array(count);
    this.liveFrom = new Float64Array(count).fill(Number.NaN);
    this.syncPeriodMin = new Uint16Array(count);
    this.deprovisionedAt = new Float64Array(count).fill(Number.NaN);
    this.deprovisionReason = new Uint8Array(count);
    this.primaryUser = new Int32Array(count).fill(-1);
    this.ramGb = new Uint8Array(count);
    this.storageGb = new Uint16Array(count);
    this.wifiMac = new Float64Array(count).fill(Number.NaN);
    this.ethernetMac = new Float64Array(count).fill(Number.NaN);
    this.batteryWear = new Uint8Array(count);
    this.assetNumber = new Int32Array(count).fill(-1);
    this.locationCode = new Int32Array(count).fill(-1);
    this.version = new Uint32Array(count).fill(1);
  }

  /** Call once every id and serial is set. */
  buildIndexes(): void {
    this.#byId.clear();
    this.#bySerial.clear();
    for (let i = 0; i < this.count; i++) {
      this.#byId.set(this.deviceId[i] as string, i);
      this.#bySerial.set(this.serial[i] as string, i);
    }
  }

  indexOf(deviceId: string): number | undefined {
    return this.#byId.get(deviceId);
  }

  indexOfSerial(serial: string): number | undefined {
    return this.#bySerial.get(serial);
  }

  has(i: number, flag: number): boolean {
    return ((this.flags[i] ?? 0) & flag) !== 0;
  }

  setFlag(i: number, flag: number, on: boolean): void {
    const current = this.flags[i] ?? 0;
    this.flags[i] = on ? current | flag : current & ~flag;
  }

  statusOf(i: number): DeviceStatus {
    return DEVICE_STATUSES[this.status[i] ?? 0] ?? 'ACTIVE';
  }

  touch(i: number): void {
    this.version[i] = (this.version[i] ?? 0) + 1;
  }

  extrasOf(i: number): DeviceExtras {
    let extras = this.extras.get(i);
    if (!extras) {
      extras = {};
      this.extras.set(i, extras);
    }
    return extras;
  }
}
