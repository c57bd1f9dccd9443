/**
 * The `query` parameter of chromeosdevices.list (reference §1.6): `operator:value` terms, values
 * quoted with "…" or '…' when they hold spaces, terms separated by spaces and AND-ed, bare words as
 * free text. Operators and values are case-insensitive. Anything malformed is Google's
 * 400 `invalidInput`. A query compiles once into a predicate over device rows.
 */
import { invalidInput } from '../http/google-errors.ts';
import { PLATFORMS } from '../state/chromebook-models.ts';
import { chromeVersion } from '../state/chromeos-releases.ts';
import { annotation } from '../state/device-annotations.ts';
import {
  compliance,
  diskUsage,
  lastSyncAt,
  lastUserActivity,
  meidOf,
  modelOf,
  osReleaseIndex,
  recentPeople,
  systemRamTotal,
  updateProgress,
} from '../state/device-life.ts';
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

interface Term {
  operator?: string;
  value: string;
}

/** Splits a query into terms; quotes group words, `op:"a b"` keeps its operator. */
export function tokenize(query: string): Term[] {
  const terms: Term[] = [];
  let at = 0;
  while (at < query.length) {
    while (at < query.length && /\s/.test(query[at] as string)) at++;
    if (at >= query.length) break;
    let operator: string | undefined;
    const opMatch = /^([A-Za-z_]+):/.exec(query.slice(at));
    if (opMatch) {
      operator = (opMatch[1] as string).toLowerCase();
      at += opMatch[0].length;
    }
    let value: string;
    const quote = query[at];
    if (quote === '"' || quote === "'") {
      const close = query.indexOf(quote, at + 1);
      if (close < 0) throw invalidInput(`Unterminated quote in query: ${query}`);
      value = query.slice(at + 1, close);
      at = close + 1;
    } else {
      const start = at;
      while (at < query.length && !/\s/.test(query[at] as string)) at++;
      value = query.slice(start, at);
    }
    if (operator !== undefined && value === '')
      throw invalidInput(`Missing value for ${operator} in query: ${query}`);
    terms.push(operator === undefined ? { value } : { operator, value });
  }
  return terms;
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

/** Compiles `query` against the emulator's fleet at the current clock reading. */
export function compileDeviceQuery(state: EmulatorState, query: string): DevicePredicate {
  const predicates = tokenize(query).map((term) => compileTerm(state, term, query));
  if (predicates.length === 0) return () => true;
  if (predicates.length === 1) return predicates[0] as DevicePredicate;
  return (i) => predicates.every((p) => p(i));
}

function compileTerm(state: EmulatorState, term: Term, query: string): DevicePredicate {
  const fleet = state.fleet;
  const d = fleet.devices;
  const now = state.now();
  const value = term.value;
  const lower = value.toLowerCase();
  const bad = (why: string) => invalidInput(`${why} in query: ${query}`);
  const dates = (): Interval => parseDateRange(value) ?? throwError(bad(`Invalid date '${value}'`));
  const numbers = (): Interval =>
    parseNumberRange(value) ?? throwError(bad(`Invalid number range '${value}'`));
  const text = (field: Parameters<typeof annotation>[2]) => {
    const phrase = words(value);
    if (phrase.length === 0) throw bad(`Invalid value '${value}'`);
    return (i: number) => containsPhrase(annotation(fleet, i, field), phrase);
  };
  /** Hardware facts exist only for devices that have synced at least once. */
  const reported = (i: number) => !Number.isNaN(lastSyncAt(fleet, i, now));
  const enumValue = <T>(table: Readonly<Record<string, T>>): T =>
    table[lower] ?? throwError(bad(`Invalid value '${value}' for ${term.operator}`));

  switch (term.operator) {
    case undefined:
      return freeText(state, lower);
    case 'status': {
      const test = enumValue(STATUS_VALUES);
      return (i) => test(d.status[i] ?? 0);
    }
    case 'id':
      if (value.length < 3) throw bad('A serial number search needs at least 3 characters');
      return (i) => (d.serial[i] as string).toLowerCase().includes(lower);
    case 'asset_id':
      return (i) => annotation(fleet, i, 'annotatedAssetId')?.toLowerCase().includes(lower) ?? false;
    case 'register': {
      const range = dates();
      return (i) => inInterval(d.lastEnrolled[i] ?? Number.NaN, range);
    }
    case 'sync': {
      const range = dates();
      return (i) => inInterval(lastSyncAt(fleet, i, now), range);
    }
    case 'last_user_activity': {
      const range = dates();
      return (i) => inInterval(lastUserActivity(fleet, i, now), range);
    }
    case 'aue': {
      const range = dates();
      return (i) => inInterval(modelOf(fleet, i).aueMs ?? Number.NaN, range);
    }
    case 'user':
      return text('annotatedUser');
    case 'location':
      return text('annotatedLocation');
    case 'note':
      return text('notes');
    case 'public_model_name':
      return (i) => modelOf(fleet, i).apiModel.toLowerCase().includes(lower);
    case 'cpu_model_name':
      return (i) => reported(i) && PLATFORMS[modelOf(fleet, i).family].cpuModel.toLowerCase().includes(lower);
    case 'meid':
      return (i) => d.has(i, FLAG.cellular) && meidOf(fleet, i).includes(lower);
    case 'update_status': {
      const test = enumValue(UPDATE_STATUS_VALUES);
      return (i) => {
        const progress = updateProgress(fleet, i, now);
        return progress !== undefined && test(progress.state);
      };
    }
    case 'compliance': {
      const wanted = enumValue(COMPLIANCE_VALUES);
      return (i) => compliance(fleet, i, now) === wanted;
    }
    case 'policy_status': {
      const supported = enumValue({ true: true, false: false });
      return (i) => !d.has(i, FLAG.unsupportedPolicy) === supported;
    }
    case 'sku': {
      const family = enumValue({ enterprise: 'enterprise', education: 'education' });
      return (i) => (LICENSE_TYPES[d.license[i] ?? 0] as string).startsWith(family);
    }
    case 'license_sku': {
      const licenses = enumValue(LICENSE_SKUS);
      return (i) => licenses.includes(LICENSE_TYPES[d.license[i] ?? 0] as string);
    }
    case 'chrome_version': {
      const prefix = lower.endsWith(';prefix');
      const wanted = prefix ? lower.slice(0, -';prefix'.length) : lower;
      if (!wanted) throw bad('Missing Chrome version');
      return (i) => {
        const release = osReleaseIndex(fleet, i, now);
        if (Number.isNaN(release)) return false;
        const version = chromeVersion(release);
        return prefix ? version.startsWith(wanted) : version.includes(wanted);
      };
    }
    case 'recent_user': {
      if (!/^[^@\s]+@[^@\s]+$/.test(value)) throw bad('recent_user needs an email address');
      // Compare person numbers rather than building every device's emails.
      const person = personFromEmail(lower, state.customer.domain);
      if (person === undefined) return () => false;
      return (i) => recentPeople(fleet, i, now).includes(person);
    }
    case 'wifi_mac': {
      const mac = parseMacHex(value) ?? throwError(bad('A MAC address is 12 hex digits without separators'));
      return (i) => d.wifiMac[i] === mac;
    }
    case 'ethernet_mac': {
      const mac = parseMacHex(value) ?? throwError(bad('A MAC address is 12 hex digits without separators'));
      return (i) => d.ethernetMac[i] === mac;
    }
    case 'storage': {
      const range = numbers();
      return (i) => reported(i) && inInterval(diskUsage(fleet, i, now).capacity, range);
    }
    case 'ram': {
      const range = numbers();
      return (i) => reported(i) && inInterval(systemRamTotal(fleet, i), range);
    }
    case 'boot_mode': {
      const dev = enumValue({ verified: false, dev: true });
      return (i) => reported(i) && d.has(i, FLAG.devMode) === dev;
    }
    default:
      throw bad(`Unknown search operator '${term.operator}'`);
  }
}

/** A word without an operator: serial, asset tag, user, location, notes, model, MAC or device id. */
function freeText(state: EmulatorState, lower: string): DevicePredicate {
  const fleet = state.fleet;
  const d = fleet.devices;
  const mac = parseMacHex(lower);
  return (i) =>
    (d.serial[i] as string).toLowerCase().includes(lower) ||
    d.deviceId[i] === lower ||
    (mac !== undefined && (d.wifiMac[i] === mac || d.ethernetMac[i] === mac)) ||
    modelOf(fleet, i).apiModel.toLowerCase().includes(lower) ||
    (['annotatedAssetId', 'annotatedUser', 'annotatedLocation', 'notes'] as const).some((field) =>
      annotation(fleet, i, field)?.toLowerCase().includes(lower),
    );
}

function throwError(error: Error): never {
  throw error;
}
