/**
 * The compilers of `operator:value` terms of the chromeosdevices.list query (reference §1.6): each
 * operator's accepted values and the predicate over device rows it compiles to, grouped by what
 * the operator reads (identity, dates, management state, hardware).
 */
import { invalidInput } from '../http/google-errors.ts';
import { PLATFORMS } from '../state/chromebook-models.ts';
import { chromeVersion } from '../state/chromeos-releases.ts';
import { annotation } from '../state/device-annotations.ts';
import { diskUsage, systemRamTotal } from '../state/device-hardware.ts';
import {
  compliance,
  lastSyncAt,
  meidOf,
  modelOf,
  osReleaseIndex,
  updateProgress,
} from '../state/device-life.ts';
import { lastUserActivity, recentPeople } from '../state/device-users.ts';
import { FLAG, LICENSE_TYPES, STATUS } from '../state/device-table.ts';
import type { EmulatorState } from '../state/emulator-state.ts';
import { parseMacHex } from '../state/mac-address.ts';
import { personFromEmail } from '../state/people.ts';
import {
  containsPhrase,
  inInterval,
  parseDateRange,
  parseNumberRange,
  words,
  type Interval,
} from './query-values.ts';

export type DevicePredicate = (i: number) => boolean;

export interface Term {
  operator?: string;
  value: string;
}

const STATUS_VALUES: Readonly<Record<string, (status: number) => boolean>> = {
  provisioned: (s) => s === STATUS.ACTIVE,
  active: (s) => s === STATUS.ACTIVE,
  disabled: (s) => s === STATUS.DISABLED,
  deprovisioned: (s) => s === STATUS.DEPROVISIONED,
  managed: (s) => s !== STATUS.DEPROVISIONED,
  pre_provisioned: (s) => s === STATUS.PRE_PROVISIONED,
  inactive: (s) => s === STATUS.INACTIVE,
  delinquent: (s) => s === STATUS.DELINQUENT,
  return_requested: (s) => s === STATUS.RETURN_REQUESTED,
  return_arrived: (s) => s === STATUS.RETURN_ARRIVED,
};

const UPDATE_STATUS_VALUES: Readonly<Record<string, (state: string) => boolean>> = {
  default_os_up_to_date: (s) => s === 'upToDate',
  pending_update: (s) => s !== 'upToDate',
  os_image_download_not_started: (s) => s === 'notStarted',
  os_image_download_in_progress: (s) => s === 'downloading',
  os_update_need_reboot: (s) => s === 'needReboot',
};

const COMPLIANCE_VALUES: Readonly<Record<string, string>> = {
  compliant: 'compliant',
  pending_update: 'pending',
  not_compliant: 'notCompliant',
};

const LICENSE_SKUS: Readonly<Record<string, readonly string[]>> = {
  standalone_chrome_enterprise_upgrade: [
    'enterpriseUpgrade',
    'educationUpgrade',
    'educationUpgradePerpetual',
  ],
  chrome_enterprise_upgrade_bundled: ['enterprise', 'education'],
  standalone_kiosk_and_signage_upgrade: ['kioskUpgrade'],
};

/** What compiling one `operator:value` term needs: the fleet, the clock, the value and its checks. */
export interface TermContext {
  readonly state: EmulatorState;
  readonly fleet: EmulatorState['fleet'];
  readonly now: number;
  readonly value: string;
  readonly lower: string;
  /** Google's 400 for this term, naming the whole query. */
  bad(why: string): Error;
  dates(): Interval;
  numbers(): Interval;
  /** A phrase search in one of the annotated text fields. */
  text(field: Parameters<typeof annotation>[2]): DevicePredicate;
  /** Hardware facts exist only for devices that have synced at least once. */
  reported(i: number): boolean;
  /** The value looked up in an operator's table of accepted values. */
  enumValue<T>(table: Readonly<Record<string, T>>): T;
}

export type TermCompiler = (c: TermContext) => DevicePredicate;

export function termContext(state: EmulatorState, term: Term, query: string): TermContext {
  const fleet = state.fleet;
  const now = state.now();
  const value = term.value;
  const lower = value.toLowerCase();
  const bad = (why: string) => invalidInput(`${why} in query: ${query}`);
  return {
    state,
    fleet,
    now,
    value,
    lower,
    bad,
    dates: () => parseDateRange(value) ?? throwError(bad(`Invalid date '${value}'`)),
    numbers: () => parseNumberRange(value) ?? throwError(bad(`Invalid number range '${value}'`)),
    text: (field) => {
      const phrase = words(value);
      if (phrase.length === 0) throw bad(`Invalid value '${value}'`);
      return (i: number) => containsPhrase(annotation(fleet, i, field), phrase);
    },
    reported: (i) => !Number.isNaN(lastSyncAt(fleet, i, now)),
    enumValue: <T>(table: Readonly<Record<string, T>>): T =>
      table[lower] ?? throwError(bad(`Invalid value '${value}' for ${term.operator}`)),
  };
}

/** A MAC address term's value as the device table stores it. */
function macOf(c: TermContext): number {
  return parseMacHex(c.value) ?? throwError(c.bad('A MAC address is 12 hex digits without separators'));
}

/** Who and what the device is: serial, asset tag, annotations, model, MEID, users and MACs. */
const IDENTITY_TERMS: Readonly<Record<string, TermCompiler>> = {
  id: (c) => {
    if (c.value.length < 3) throw c.bad('A serial number search needs at least 3 characters');
    return (i) => (c.fleet.devices.serial[i] as string).toLowerCase().includes(c.lower);
  },
  asset_id: (c) => (i) =>
    annotation(c.fleet, i, 'annotatedAssetId')?.toLowerCase().includes(c.lower) ?? false,
  user: (c) => c.text('annotatedUser'),
  location: (c) => c.text('annotatedLocation'),
  note: (c) => c.text('notes'),
  public_model_name: (c) => (i) => modelOf(c.fleet, i).apiModel.toLowerCase().includes(c.lower),
  meid: (c) => (i) => c.fleet.devices.has(i, FLAG.cellular) && meidOf(c.fleet, i).includes(c.lower),
  recent_user: (c) => {
    if (!/^[^@\s]+@[^@\s]+$/.test(c.value)) throw c.bad('recent_user needs an email address');
    // Compare person numbers rather than building every device's emails.
    const person = personFromEmail(c.lower, c.state.customer.domain);
    if (person === undefined) return () => false;
    return (i) => recentPeople(c.fleet, i, c.now).includes(person);
  },
  wifi_mac: (c) => {
    const mac = macOf(c);
    return (i) => c.fleet.devices.wifiMac[i] === mac;
  },
  ethernet_mac: (c) => {
    const mac = macOf(c);
    return (i) => c.fleet.devices.ethernetMac[i] === mac;
  },
};

/** Date ranges: enrolment, last sync, last user activity, auto-update expiry. */
const DATE_TERMS: Readonly<Record<string, TermCompiler>> = {
  register: (c) => {
    const range = c.dates();
    return (i) => inInterval(c.fleet.devices.lastEnrolled[i] ?? Number.NaN, range);
  },
  sync: (c) => {
    const range = c.dates();
    return (i) => inInterval(lastSyncAt(c.fleet, i, c.now), range);
  },
  last_user_activity: (c) => {
    const range = c.dates();
    return (i) => inInterval(lastUserActivity(c.fleet, i, c.now), range);
  },
  aue: (c) => {
    const range = c.dates();
    return (i) => inInterval(modelOf(c.fleet, i).aueMs ?? Number.NaN, range);
  },
};

/** Management state: status, updates, compliance, policy support, licences, Chrome version. */
const STATE_TERMS: Readonly<Record<string, TermCompiler>> = {
  status: (c) => {
    const test = c.enumValue(STATUS_VALUES);
    return (i) => test(c.fleet.devices.status[i] ?? 0);
  },
  update_status: (c) => {
    const test = c.enumValue(UPDATE_STATUS_VALUES);
    return (i) => {
      const progress = updateProgress(c.fleet, i, c.now);
      return progress !== undefined && test(progress.state);
    };
  },
  compliance: (c) => {
    const wanted = c.enumValue(COMPLIANCE_VALUES);
    return (i) => compliance(c.fleet, i, c.now) === wanted;
  },
  policy_status: (c) => {
    const supported = c.enumValue({ true: true, false: false });
    return (i) => !c.fleet.devices.has(i, FLAG.unsupportedPolicy) === supported;
  },
  sku: (c) => {
    const family = c.enumValue({ enterprise: 'enterprise', education: 'education' });
    return (i) => (LICENSE_TYPES[c.fleet.devices.license[i] ?? 0] as string).startsWith(family);
  },
  license_sku: (c) => {
    const licenses = c.enumValue(LICENSE_SKUS);
    return (i) => licenses.includes(LICENSE_TYPES[c.fleet.devices.license[i] ?? 0] as string);
  },
  chrome_version: (c) => {
    const prefix = c.lower.endsWith(';prefix');
    const wanted = prefix ? c.lower.slice(0, -';prefix'.length) : c.lower;
    if (!wanted) throw c.bad('Missing Chrome version');
    return (i) => {
      const release = osReleaseIndex(c.fleet, i, c.now);
      if (Number.isNaN(release)) return false;
      const version = chromeVersion(release);
      return prefix ? version.startsWith(wanted) : version.includes(wanted);
    };
  },
};

/** Reported hardware: CPU, storage, RAM and boot mode (only for devices that have synced). */
const HARDWARE_TERMS: Readonly<Record<string, TermCompiler>> = {
  cpu_model_name: (c) => (i) =>
    c.reported(i) && PLATFORMS[modelOf(c.fleet, i).family].cpuModel.toLowerCase().includes(c.lower),
  storage: (c) => {
    const range = c.numbers();
    return (i) => c.reported(i) && inInterval(diskUsage(c.fleet, i, c.now).capacity, range);
  },
  ram: (c) => {
    const range = c.numbers();
    return (i) => c.reported(i) && inInterval(systemRamTotal(c.fleet, i), range);
  },
  boot_mode: (c) => {
    const dev = c.enumValue({ verified: false, dev: true });
    return (i) => c.reported(i) && c.fleet.devices.has(i, FLAG.devMode) === dev;
  },
};

/** Every operator's compiler; a Map so that a name like `constructor` is never found. */
export const TERM_COMPILERS: ReadonlyMap<string, TermCompiler> = new Map(
  Object.entries({ ...IDENTITY_TERMS, ...DATE_TERMS, ...STATE_TERMS, ...HARDWARE_TERMS }),
);

function throwError(error: Error): never {
  throw error;
}
