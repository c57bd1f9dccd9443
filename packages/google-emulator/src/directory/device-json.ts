/**
 * Builds Google's `ChromeOsDevice` JSON (reference §1.5) from a device row at a clock reading.
 * Absent data is left out (never null), int64 values are strings, timestamps are RFC 3339 with
 * milliseconds, enums use Directory's lowerCamel wire values. BASIC leaves out the repeated
 * report fields GAM switches to FULL for (reference §1.2). A `fields` selection builds only the
 * top-level fields it names, as Google answers partial responses without the cost of the rest.
 */
import type { EmulatorState } from '../state/emulator-state.ts';
import {
  checkinFields,
  deviceContext,
  identityFields,
  lifecycleFields,
  placementFields,
  reportFields,
} from './device-fields.ts';

export type Projection = 'BASIC' | 'FULL';
export const PROJECTIONS: readonly Projection[] = ['BASIC', 'FULL'];

type Json = Record<string, unknown>;

/** Every top-level field in the order the JSON carries them; the first five are the identity. */
export const DEVICE_FIELD_NAMES = [
  'kind',
  'etag',
  'deviceId',
  'serialNumber',
  'status',
  'lastSync',
  'supportEndDate',
  'orderNumber',
  'willAutoRenew',
  'annotatedUser',
  'annotatedLocation',
  'notes',
  'model',
  'meid',
  'osVersion',
  'platformVersion',
  'firmwareVersion',
  'macAddress',
  'bootMode',
  'lastEnrollmentTime',
  'recentUsers',
  'activeTimeRanges',
  'ethernetMacAddress',
  'annotatedAssetId',
  'diskVolumeReports',
  'systemRamTotal',
  'cpuStatusReports',
  'cpuInfo',
  'systemRamFreeReports',
  'deviceFiles',
  'screenshotFiles',
  'lastKnownNetwork',
  'autoUpdateExpiration',
  'ethernetMacAddress0',
  'dockMacAddress',
  'manufactureDate',
  'orgUnitPath',
  'tpmVersionInfo',
  'orgUnitId',
  'osUpdateStatus',
  'firstEnrollmentTime',
  'lastDeprovisionTimestamp',
  'deprovisionReason',
  'deviceLicenseType',
  'autoUpdateThrough',
  'extendedSupportEligible',
  'extendedSupportStart',
  'extendedSupportEnabled',
  'chromeOsType',
  'diskSpaceUsage',
  'osVersionCompliance',
  'backlightInfo',
  'bluetoothAdapterInfo',
  'fanInfo',
] as const;
export type DeviceFieldName = (typeof DEVICE_FIELD_NAMES)[number];

/** Fields only FULL carries (GAM switches to FULL for these, reference §1.2). */
const FULL_ONLY_FIELDS: ReadonlySet<DeviceFieldName> = new Set([
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
  'bluetoothAdapterInfo',
  'fanInfo',
]);

/** Which fields one request builds: its projection's, narrowed by its `fields` selection. */
export type DeviceSelection = Readonly<Record<DeviceFieldName, boolean>>;

export type DeviceJsonBuilder = (state: EmulatorState, i: number) => Json;

/**
 * Why: a request makes its builder once, for its projection and `fields` selection (every field
 * when `fields` is undefined), and each device then computes only what is selected: an etag listing
 * reads identities, a full sync's selection skips the time series.
 */
export function deviceJsonBuilder(projection: Projection, fields?: ReadonlySet<string>): DeviceJsonBuilder {
  const want = (name: DeviceFieldName) =>
    (projection === 'FULL' || !FULL_ONLY_FIELDS.has(name)) && (fields === undefined || fields.has(name));
  const selection = Object.fromEntries(
    DEVICE_FIELD_NAMES.map((name) => [name, want(name)]),
  ) as DeviceSelection;
  const identityOnly = DEVICE_FIELD_NAMES.slice(5).every((name) => !selection[name]);
  return (state, i) => {
    const out: Json = {};
    identityFields(out, state, i, selection);
    if (identityOnly) return out;
    const device = deviceContext(state, i);
    checkinFields(out, device, selection);
    reportFields(out, device, selection);
    placementFields(out, device, selection);
    lifecycleFields(out, device, selection);
    return out;
  };
}

const WHOLE_DEVICE: Readonly<Record<Projection, DeviceJsonBuilder>> = {
  BASIC: deviceJsonBuilder('BASIC'),
  FULL: deviceJsonBuilder('FULL'),
};

/** One device with every field of its projection. */
export function chromeOsDeviceJson(state: EmulatorState, i: number, projection: Projection): Json {
  return WHOLE_DEVICE[projection](state, i);
}
