/**
 * The fleet's device query language: Google's documented `chromeosdevices.list` operators (status,
 * id, asset_id, user, sync, aue, ...) with their date and number ranges, plus our own terms (ou, battery,
 * stale, active, has, ...) and free text. One parser for the browser (validation as you type,
 * autocomplete) and the server (which compiles the AST to parameterised SQL). Zod-free and DOM-free.
 *
 * Grammar: terms separated by whitespace are AND-ed; `-term` negates; `field:a,b` matches either
 * value; values may be quoted with "..." or '...' (backslash escapes the quote); a bare word or a
 * quoted phrase is free text over serial, asset ID, user, location, notes and model.
 */

export const DEVICE_QUERY_LIMITS = {
  /** Characters of one query. */
  maxChars: 2000,
  /** Terms of one query. */
  maxTerms: 50,
  /** Values of one `field:a,b,c` term. */
  maxValuesPerTerm: 50,
  /** `id:` needs this many characters, as Google's. */
  minSerialPartial: 3,
} as const;

export type DurationUnit = 'd' | 'w' | 'm' | 'y';

/** A value of a term, already validated and typed: the server compiles it without re-parsing. */
export type DeviceQueryValue =
  /** Text compared as the operator defines (partial, exact, word); `prefix` for `chrome_version:111;prefix`. */
  | { readonly kind: 'text'; readonly text: string; readonly prefix: boolean }
  /** Stored values (exact), optionally including "no value"; `exclude` inverts (`status:managed`). */
  | {
      readonly kind: 'enum';
      readonly values: readonly string[];
      readonly includeNull: boolean;
      readonly exclude: boolean;
    }
  /** Half-open range of dates or UTC instants: `gte <= value < lt`. ISO `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM:SSZ`. */
  | { readonly kind: 'dateRange'; readonly gte: string | null; readonly lt: string | null }
  /** `stale:30d`, `active:7d`: a span back from now. */
  | { readonly kind: 'relative'; readonly amount: number; readonly unit: DurationUnit }
  /** `aue:expired` */
  | { readonly kind: 'aueExpired' }
  /** `aue:<6m`: from today (inclusive) to today + span (exclusive). */
  | { readonly kind: 'aueWithin'; readonly amount: number; readonly unit: DurationUnit }
  /** Inclusive number range (bytes for storage and RAM). */
  | { readonly kind: 'numberRange'; readonly gte: number | null; readonly lte: number | null }
  /** `storage_free:..10%`: free share of total, `gte <= share < lt` (percent). */
  | { readonly kind: 'percentRange'; readonly gte: number | null; readonly lt: number | null }
  | { readonly kind: 'boolean'; readonly value: boolean }
  /** `ou:/Path` (subtree) or `ou:=/Path` (that OU only). Paths compare case-insensitively. */
  | { readonly kind: 'orgUnit'; readonly path: string; readonly subtree: boolean }
  /** `has:model`: the named column has a value (`present: false`: has none, as `aue:unknown`). */
  | { readonly kind: 'has'; readonly field: HasField; readonly present: boolean };

export interface DeviceQueryFieldTerm {
  readonly kind: 'field';
  readonly operator: DeviceQueryOperatorName;
  readonly negated: boolean;
  /** OR-ed alternatives (`field:a,b`). */
  readonly values: readonly DeviceQueryValue[];
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

export interface DeviceQueryTextTerm {
  readonly kind: 'text';
  readonly negated: boolean;
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

export type DeviceQueryTerm = DeviceQueryFieldTerm | DeviceQueryTextTerm;

/** The parsed query: terms AND-ed. An empty list matches every device. */
export interface DeviceQueryAst {
  readonly terms: readonly DeviceQueryTerm[];
}

export interface DeviceQueryError {
  readonly message: string;
  /** Offsets into the query text (end exclusive). */
  readonly start: number;
  readonly end: number;
  readonly term: string;
}

export type DeviceQueryParseResult =
  | { readonly ok: true; readonly query: DeviceQueryAst }
  | { readonly ok: false; readonly errors: readonly DeviceQueryError[] };

type ValueKind =
  | 'text'
  | 'status'
  | 'mapped'
  | 'date'
  | 'aue'
  | 'relative'
  | 'bytes'
  | 'storageFree'
  | 'boolean'
  | 'orgUnit'
  | 'has';

export interface DeviceQueryOperator {
  readonly name: string;
  readonly aliases: readonly string[];
  /** How its value is written, for help and autocomplete. */
  readonly hint: string;
  readonly description: string;
  /** Suggested values for autocomplete (enumerations). */
  readonly values: readonly string[];
  /** Whether the operator is Google's documented one (else ours). */
  readonly google: boolean;
  readonly valueKind: ValueKind;
}

const DIRECTORY_STATUSES = [
  'ACTIVE',
  'DELINQUENT',
  'DEPROVISIONED',
  'DISABLED',
  'INACTIVE',
  'PRE_PROVISIONED',
  'RETURN_ARRIVED',
  'RETURN_REQUESTED',
  'SHIPPED',
  'UNKNOWN',
] as const;

/** Query words mapped to the values the sync stores (lower-case keys). `null` = no value stored. */
const MAPPED_VALUES: Readonly<Record<string, Readonly<Record<string, readonly (string | null)[]>>>> = {
  battery: {
    normal: ['BATTERY_HEALTH_NORMAL'],
    battery_health_normal: ['BATTERY_HEALTH_NORMAL'],
    replace_soon: ['BATTERY_REPLACE_SOON'],
    battery_replace_soon: ['BATTERY_REPLACE_SOON'],
    replace_now: ['BATTERY_REPLACE_NOW'],
    battery_replace_now: ['BATTERY_REPLACE_NOW'],
    unknown: ['BATTERY_HEALTH_UNSPECIFIED', null],
  },
  compliance: {
    compliant: ['compliant'],
    pending_update: ['pending'],
    pending: ['pending'],
    not_compliant: ['notCompliant'],
    notcompliant: ['notCompliant'],
    unknown: ['complianceUnspecified', null],
  },
  update_status: {
    default_os_up_to_date: ['updateStateUnspecified', null],
    up_to_date: ['updateStateUnspecified', null],
    pending_update: ['updateStateNotStarted', 'updateStateDownloadInProgress', 'updateStateNeedReboot'],
    os_image_download_not_started: ['updateStateNotStarted'],
    os_image_download_in_progress: ['updateStateDownloadInProgress'],
    os_update_need_reboot: ['updateStateNeedReboot'],
  },
  boot_mode: {
    dev: ['Dev'],
    verified: ['Verified'],
    unknown: [null],
  },
  sku: {
    education: ['education', 'educationUpgrade', 'educationUpgradePerpetual', 'educationUpgradeFixedTerm'],
    enterprise: [
      'enterprise',
      'enterpriseUpgrade',
      'enterpriseUpgradePerpetual',
      'enterpriseUpgradeFixedTerm',
    ],
    kiosk: ['kioskUpgrade'],
  },
  license_sku: {
    standalone_chrome_enterprise_upgrade: [
      'enterpriseUpgrade',
      'enterpriseUpgradePerpetual',
      'enterpriseUpgradeFixedTerm',
      'educationUpgrade',
      'educationUpgradePerpetual',
      'educationUpgradeFixedTerm',
    ],
    chrome_enterprise_upgrade_bundled: ['enterprise', 'education'],
    standalone_kiosk_and_signage_upgrade: ['kioskUpgrade'],
  },
};

/** Columns `has:` can test. */
export const HAS_FIELDS = [
  'asset_id',
  'user',
  'location',
  'note',
  'model',
  'aue',
  'battery',
  'compliance',
  'sync',
  'recent_user',
  'ou',
  'status',
] as const;
export type HasField = (typeof HAS_FIELDS)[number];

function op(
  name: string,
  valueKind: ValueKind,
  hint: string,
  description: string,
  extra: { aliases?: string[]; values?: readonly string[]; google?: boolean } = {},
): DeviceQueryOperator {
  return {
    name,
    aliases: extra.aliases ?? [],
    hint,
    description,
    values: extra.values ?? (valueKind === 'mapped' ? Object.keys(MAPPED_VALUES[name] ?? {}) : []),
    google: extra.google ?? true,
    valueKind,
  };
}

/** The term catalog, in the order help lists it. */
export const DEVICE_QUERY_OPERATORS = [
  op('status', 'status', 'ACTIVE | DISABLED | DEPROVISIONED | provisioned | managed', 'Directory status', {
    values: [...DIRECTORY_STATUSES, 'provisioned', 'managed'],
  }),
  op('id', 'text', 'serial, at least 3 characters', 'Serial number, partial match'),
  op('serial', 'text', 'serial number', 'Serial number, exact match', { google: false }),
  op('asset_id', 'text', 'asset ID', 'Asset ID, partial match', { aliases: ['asset'] }),
  op('user', 'text', 'name or "phrase"', 'Assigned user, word or phrase match'),
  op('location', 'text', 'text or "phrase"', 'Location, partial match'),
  op('note', 'text', 'text or "phrase"', 'Notes, partial match', { aliases: ['notes'] }),
  op('model', 'text', '"model name"', 'Model, exact match (any case)', { google: false }),
  op('public_model_name', 'text', '"model name"', 'Model, partial match'),
  op('recent_user', 'text', 'user@example.com', 'Most recent user (email), exact match'),
  op('ou', 'orgUnit', '/Path or =/Path', 'Organizational unit and its sub-units (= for that unit only)', {
    aliases: ['orgunitpath', 'org_unit'],
    google: false,
  }),
  op('sync', 'date', 'YYYY-MM-DD, ..YYYY-MM-DD, YYYY-MM-DD.., A..B', 'Last policy sync'),
  op('register', 'date', 'YYYY-MM-DD, A..B', 'Enrollment date (last enrollment)'),
  op('last_user_activity', 'date', 'YYYY-MM-DD, A..B', 'Last user activity (last sync as reported)'),
  op('aue', 'aue', 'expired | <6m | <12m | YYYY-MM-DD..YYYY-MM-DD', 'Auto-update expiration', {
    values: ['expired', '<6m', '<12m', 'unknown'],
  }),
  op('stale', 'relative', '30d | 90d | 8w | 6m | 1y', 'No sync for that long, or never synced', {
    values: ['7d', '30d', '90d'],
    google: false,
  }),
  op('active', 'relative', '7d | 30d', 'Synced within that span', { values: ['7d', '30d'], google: false }),
  op('battery', 'mapped', 'normal | replace_soon | replace_now | unknown', 'Battery health', {
    google: false,
  }),
  op('compliance', 'mapped', 'compliant | pending_update | not_compliant', 'OS version compliance'),
  op('update_status', 'mapped', 'pending_update | os_update_need_reboot | ...', 'OS update status'),
  op('boot_mode', 'mapped', 'verified | dev', 'Boot mode'),
  op('chrome_version', 'text', '111 or 111;prefix', 'Chrome OS version, partial (;prefix for a prefix)'),
  op('storage', 'bytes', '..64GB, 32GB..128GB', 'Total storage (bytes, optional KB/MB/GB/TB)'),
  op('storage_free', 'storageFree', '..10% or ..5GB', 'Free storage, share of total or bytes', {
    google: false,
  }),
  op('ram', 'bytes', '4GB.., ..8GB', 'Total memory (bytes, optional units)'),
  op('wifi_mac', 'text', '6c2995724c50', 'Wi-Fi MAC, exact (colons optional)'),
  op('ethernet_mac', 'text', 'e8ea6a157981', 'Ethernet MAC, exact (colons optional)'),
  op('cpu_model_name', 'text', 'Intel', 'CPU model, partial match'),
  op('meid', 'text', 'digits', 'MEID/IMEI, partial match'),
  op('sku', 'mapped', 'education | enterprise', 'Device license type'),
  op('license_sku', 'mapped', 'standalone_chrome_enterprise_upgrade | ...', 'Upgrade license type'),
  op(
    'policy_status',
    'boolean',
    'true | false',
    'OS still supports policies (false = past auto-update expiration)',
    {
      values: ['true', 'false'],
    },
  ),
  op('device_id', 'text', 'Directory device ID', 'Device ID, exact match', { google: false }),
  op('has', 'has', HAS_FIELDS.join(' | '), 'The field has a value (-has: for none)', {
    values: HAS_FIELDS,
    google: false,
  }),
] as const satisfies readonly DeviceQueryOperator[];

export type DeviceQueryOperatorName = (typeof DEVICE_QUERY_OPERATORS)[number]['name'];

const OPERATOR_BY_NAME = new Map<string, DeviceQueryOperator>();
for (const operator of DEVICE_QUERY_OPERATORS) {
  OPERATOR_BY_NAME.set(operator.name, operator);
  for (const alias of operator.aliases) OPERATOR_BY_NAME.set(alias, operator);
}

/** Why: autocomplete and help look operators up by name or alias, in any case. */
export function findDeviceQueryOperator(name: string): DeviceQueryOperator | undefined {
  return OPERATOR_BY_NAME.get(name.toLowerCase());
}

/** Why: autocomplete offers the operators that start with what was typed. */
export function suggestDeviceQueryOperators(prefix: string): DeviceQueryOperator[] {
  const lower = prefix.toLowerCase();
  return DEVICE_QUERY_OPERATORS.filter(
    (operator) =>
      operator.name.startsWith(lower) || operator.aliases.some((alias) => alias.startsWith(lower)),
  );
}

// ---------------------------------------------------------------------------------------------
// Tokenizer

interface RawValue {
  text: string;
  quoted: boolean;
  start: number;
  end: number;
}

interface RawTerm {
  start: number;
  end: number;
  negated: boolean;
  /** Operator name as written, or null for free text. */
  name: string | null;
  nameEnd: number;
  values: RawValue[];
}

class QueryError extends Error {
  readonly start: number;
  readonly end: number;
  constructor(message: string, start: number, end: number) {
    super(message);
    this.start = start;
    this.end = end;
  }
}

const OPERATOR_NAME = /^[A-Za-z_]+$/;

function isSpace(ch: string): boolean {
  return ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r' || ch === '\f' || ch === '\v';
}

/** Reads one value chunk sequence up to whitespace (and, when `splitCommas`, a comma). */
function readValue(input: string, from: number, splitCommas: boolean): RawValue & { next: number } {
  let i = from;
  let text = '';
  let quoted = false;
  while (i < input.length) {
    const ch = input[i] as string;
    if (isSpace(ch) || (splitCommas && ch === ',')) break;
    if (ch === '"' || ch === "'") {
      const open = i;
      quoted = true;
      i += 1;
      let closed = false;
      while (i < input.length) {
        const c = input[i] as string;
        if (c === '\\' && (input[i + 1] === ch || input[i + 1] === '\\')) {
          text += input[i + 1] as string;
          i += 2;
          continue;
        }
        if (c === ch) {
          closed = true;
          i += 1;
          break;
        }
        text += c;
        i += 1;
      }
      if (!closed)
        throw new QueryError(`Unterminated quote at position ${open}. Close it with ${ch}.`, open, i);
      continue;
    }
    text += ch;
    i += 1;
  }
  return { text, quoted, start: from, end: i, next: i };
}

function tokenize(input: string, errors: DeviceQueryError[]): RawTerm[] {
  const terms: RawTerm[] = [];
  let i = 0;
  while (i < input.length) {
    if (isSpace(input[i] as string)) {
      i += 1;
      continue;
    }
    const start = i;
    let negated = false;
    if (input[i] === '-' && i + 1 < input.length && !isSpace(input[i + 1] as string)) {
      negated = true;
      i += 1;
    }
    try {
      const colon = nameColon(input, i);
      if (colon !== null) {
        const name = input.slice(i, colon);
        const values: RawValue[] = [];
        let j = colon + 1;
        for (;;) {
          const value = readValue(input, j, true);
          values.push(value);
          j = value.next;
          if (input[j] === ',') {
            j += 1;
            continue;
          }
          break;
        }
        terms.push({ start, end: j, negated, name, nameEnd: colon, values });
        i = j;
      } else {
        const value = readValue(input, i, false);
        terms.push({ start, end: value.next, negated, name: null, nameEnd: i, values: [value] });
        i = value.next;
      }
    } catch (error) {
      if (!(error instanceof QueryError)) throw error;
      errors.push({
        message: error.message,
        start: error.start,
        end: input.length,
        term: input.slice(start),
      });
      return terms;
    }
  }
  return terms;
}

/** The index of the `:` of an `operator:` prefix starting at `from`, or null when it is free text. */
function nameColon(input: string, from: number): number | null {
  let i = from;
  while (i < input.length && /[A-Za-z_]/.test(input[i] as string)) i += 1;
  if (i === from || input[i] !== ':') return null;
  return OPERATOR_NAME.test(input.slice(from, i)) ? i : null;
}

// ---------------------------------------------------------------------------------------------
// Values

const DAY_MS = 86_400_000;

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

interface ParsedInstant {
  /** The instant or day as ISO text. */
  iso: string;
  /** The instant just after it (next day, next second), ISO. */
  after: string;
  dateOnly: boolean;
}

const DATE_PATTERN = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2}))?Z?)?$/;

function parseInstant(text: string): ParsedInstant | null {
  const match = DATE_PATTERN.exec(text);
  if (!match) return null;
  const [, ys, ms, ds, hs, mins, ss] = match;
  const year = Number(ys);
  const month = Number(ms);
  const day = Number(ds);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  if (hs === undefined) {
    const next = new Date(date.getTime() + DAY_MS);
    return { iso: isoDate(date), after: isoDate(next), dateOnly: true };
  }
  const hour = Number(hs);
  const minute = Number(mins);
  const second = ss === undefined ? 0 : Number(ss);
  if (hour > 23 || minute > 59 || second > 59) return null;
  const instant = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return {
    iso: isoInstant(instant),
    after: isoInstant(new Date(instant.getTime() + (ss === undefined ? 60_000 : 1000))),
    dateOnly: false,
  };
}

function isoDate(date: Date): string {
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

function isoInstant(date: Date): string {
  return `${isoDate(date)}T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}Z`;
}

function splitRange(text: string): [string, string] | null {
  const at = text.indexOf('..');
  if (at < 0) return null;
  return [text.slice(0, at), text.slice(at + 2)];
}

function parseDateRange(text: string): DeviceQueryValue | string {
  const range = splitRange(text);
  if (range === null) {
    const one = parseInstant(text);
    if (!one) return `Invalid date "${text}"`;
    return { kind: 'dateRange', gte: one.iso, lt: one.after };
  }
  const [lo, hi] = range;
  if (lo === '' && hi === '') return `Empty range ".."`;
  const from = lo === '' ? null : parseInstant(lo);
  const to = hi === '' ? null : parseInstant(hi);
  if (lo !== '' && !from) return `Invalid date "${lo}"`;
  if (hi !== '' && !to) return `Invalid date "${hi}"`;
  if (from && to && from.iso > to.iso && compareInstants(from.iso, to.iso) > 0) {
    return `Invalid range "${text}": ${lo} is after ${hi}`;
  }
  return { kind: 'dateRange', gte: from?.iso ?? null, lt: to?.after ?? null };
}

function compareInstants(a: string, b: string): number {
  const ta = Date.parse(a.length === 10 ? `${a}T00:00:00Z` : a);
  const tb = Date.parse(b.length === 10 ? `${b}T00:00:00Z` : b);
  return ta - tb;
}

const DURATION = /^(\d{1,4})([dwmy])$/i;

function parseDuration(text: string): { amount: number; unit: DurationUnit } | null {
  const match = DURATION.exec(text);
  if (!match) return null;
  const amount = Number(match[1]);
  if (amount <= 0) return null;
  return { amount, unit: (match[2] as string).toLowerCase() as DurationUnit };
}

const BYTE_UNITS: Readonly<Record<string, number>> = {
  '': 1,
  b: 1,
  kb: 1024,
  k: 1024,
  mb: 1024 ** 2,
  m: 1024 ** 2,
  gb: 1024 ** 3,
  g: 1024 ** 3,
  tb: 1024 ** 4,
  t: 1024 ** 4,
  kib: 1024,
  mib: 1024 ** 2,
  gib: 1024 ** 3,
  tib: 1024 ** 4,
};

function parseBytes(text: string): number | null {
  const match = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(text);
  if (!match) return null;
  const unit = BYTE_UNITS[(match[2] as string).toLowerCase()];
  if (unit === undefined) return null;
  const value = Math.round(Number(match[1]) * unit);
  return Number.isSafeInteger(value) ? value : null;
}

function parseByteRange(text: string): DeviceQueryValue | string {
  const range = splitRange(text);
  if (range === null) {
    const one = parseBytes(text);
    if (one === null) return `Invalid number "${text}"`;
    return { kind: 'numberRange', gte: one, lte: one };
  }
  const [lo, hi] = range;
  if (lo === '' && hi === '') return `Empty range ".."`;
  const min = lo === '' ? null : parseBytes(lo);
  const max = hi === '' ? null : parseBytes(hi);
  if (lo !== '' && min === null) return `Invalid number "${lo}"`;
  if (hi !== '' && max === null) return `Invalid number "${hi}"`;
  if (min !== null && max !== null && min > max) return `Invalid range "${text}": ${lo} is more than ${hi}`;
  return { kind: 'numberRange', gte: min, lte: max };
}

function parsePercent(text: string): number | null {
  const match = /^(\d{1,3}(?:\.\d+)?)%$/.exec(text);
  if (!match) return null;
  const value = Number(match[1]);
  return value <= 100 ? value : null;
}

function parseStorageFree(text: string): DeviceQueryValue | string {
  if (!text.includes('%')) return parseByteRange(text);
  const range = splitRange(text);
  if (range === null) return `Use a range for a share, e.g. "..10%"`;
  const [lo, hi] = range;
  if (lo === '' && hi === '') return `Empty range ".."`;
  const min = lo === '' ? null : parsePercent(lo);
  const max = hi === '' ? null : parsePercent(hi);
  if (lo !== '' && min === null) return `Invalid percentage "${lo}"`;
  if (hi !== '' && max === null) return `Invalid percentage "${hi}"`;
  if (min !== null && max !== null && min > max) return `Invalid range "${text}": ${lo} is more than ${hi}`;
  return { kind: 'percentRange', gte: min, lt: max };
}

function mappedValue(operator: string, text: string): DeviceQueryValue | string {
  const table = MAPPED_VALUES[operator] ?? {};
  const stored = table[text.toLowerCase()];
  if (!stored) {
    return `Unknown value "${text}" for ${operator}:. Use ${Object.keys(table).join(', ')}`;
  }
  return {
    kind: 'enum',
    values: stored.filter((value): value is string => value !== null),
    includeNull: stored.includes(null),
    exclude: false,
  };
}

function statusValue(text: string): DeviceQueryValue | string {
  const lower = text.toLowerCase();
  if (lower === 'provisioned')
    return { kind: 'enum', values: ['ACTIVE'], includeNull: false, exclude: false };
  if (lower === 'managed')
    return { kind: 'enum', values: ['DEPROVISIONED'], includeNull: false, exclude: true };
  const upper = text.toUpperCase();
  if ((DIRECTORY_STATUSES as readonly string[]).includes(upper)) {
    return { kind: 'enum', values: [upper], includeNull: false, exclude: false };
  }
  return `Unknown status "${text}". Use ${DIRECTORY_STATUSES.join(', ')}, provisioned or managed`;
}

function aueValue(text: string): DeviceQueryValue | string {
  const lower = text.toLowerCase();
  if (lower === 'expired') return { kind: 'aueExpired' };
  if (lower === 'unknown') return { kind: 'has', field: 'aue', present: false };
  if (lower.startsWith('<')) {
    const span = parseDuration(lower.slice(1));
    if (!span) return `Invalid span "${text}". Use e.g. <6m or <12m`;
    return { kind: 'aueWithin', ...span };
  }
  return parseDateRange(text);
}

function textValue(operator: string, raw: RawValue): DeviceQueryValue | string {
  let text = raw.text;
  let prefix = false;
  if (operator === 'chrome_version' && !raw.quoted && /;prefix$/i.test(text)) {
    text = text.slice(0, -';prefix'.length);
    prefix = true;
  }
  if (operator === 'wifi_mac' || operator === 'ethernet_mac') {
    text = text.replace(/[:-]/g, '').toLowerCase();
    if (!/^[0-9a-f]{12}$/.test(text)) return `Invalid MAC address "${raw.text}". Use 12 hex digits`;
  }
  if (text.trim() === '') return `Empty value`;
  if (operator === 'id' && text.length < DEVICE_QUERY_LIMITS.minSerialPartial) {
    return `Serial search needs at least ${DEVICE_QUERY_LIMITS.minSerialPartial} characters`;
  }
  return { kind: 'text', text, prefix };
}

function orgUnitValue(raw: RawValue): DeviceQueryValue | string {
  let text = raw.text;
  let subtree = true;
  if (text.startsWith('=')) {
    subtree = false;
    text = text.slice(1);
  }
  text = text.trim();
  if (text === '') return `Empty value`;
  if (!text.startsWith('/')) text = `/${text}`;
  if (text.length > 1 && text.endsWith('/')) text = text.slice(0, -1);
  return { kind: 'orgUnit', path: text, subtree };
}

function parseValue(operator: DeviceQueryOperator, raw: RawValue): DeviceQueryValue | string {
  if (raw.text === '' && operator.valueKind !== 'text') return `Empty value`;
  switch (operator.valueKind) {
    case 'text':
      return textValue(operator.name, raw);
    case 'status':
      return statusValue(raw.text);
    case 'mapped':
      return mappedValue(operator.name, raw.text);
    case 'date':
      return parseDateRange(raw.text);
    case 'aue':
      return aueValue(raw.text);
    case 'relative': {
      const span = parseDuration(raw.text);
      return span ? { kind: 'relative', ...span } : `Invalid span "${raw.text}". Use e.g. 30d, 8w, 6m or 1y`;
    }
    case 'bytes':
      return parseByteRange(raw.text);
    case 'storageFree':
      return parseStorageFree(raw.text);
    case 'boolean': {
      const lower = raw.text.toLowerCase();
      if (lower === 'true' || lower === 'false') return { kind: 'boolean', value: lower === 'true' };
      return `Invalid value "${raw.text}". Use true or false`;
    }
    case 'orgUnit':
      return orgUnitValue(raw);
    case 'has': {
      const lower = raw.text.toLowerCase();
      const field = HAS_FIELDS.find((name) => name === lower);
      return field
        ? { kind: 'has', field, present: true }
        : `Unknown field "${raw.text}". Use ${HAS_FIELDS.join(', ')}`;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Parse

/** Why: suggestions for a mistyped operator ("stauts" → "status"). */
function closestOperator(name: string): string | null {
  let best: string | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of OPERATOR_BY_NAME.keys()) {
    const distance = editDistance(name.toLowerCase(), candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  if (best === null) return null;
  return bestDistance <= Math.max(2, Math.floor(name.length / 3))
    ? (OPERATOR_BY_NAME.get(best)?.name ?? best)
    : null;
}

function editDistance(a: string, b: string): number {
  const previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    let diagonal = previous[0] as number;
    previous[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const above = previous[j] as number;
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      previous[j] = Math.min(above + 1, (previous[j - 1] as number) + 1, diagonal + cost);
      // Transposition ("stauts") counts as one edit.
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        previous[j] = Math.min(previous[j] as number, diagonal);
      }
      diagonal = above;
    }
  }
  return previous[b.length] as number;
}

/**
 * Why: one parser for browser and server; every error names the term and its position so the
 * search box can underline it and the API can answer 400 with the same words.
 */
export function parseDeviceQuery(input: string): DeviceQueryParseResult {
  if (input.length > DEVICE_QUERY_LIMITS.maxChars) {
    return {
      ok: false,
      errors: [
        {
          message: `Query too long: ${input.length} characters at position ${DEVICE_QUERY_LIMITS.maxChars}. Use at most ${DEVICE_QUERY_LIMITS.maxChars}.`,
          start: DEVICE_QUERY_LIMITS.maxChars,
          end: input.length,
          term: input.slice(DEVICE_QUERY_LIMITS.maxChars, DEVICE_QUERY_LIMITS.maxChars + 40),
        },
      ],
    };
  }
  const errors: DeviceQueryError[] = [];
  const rawTerms = tokenize(input, errors);
  const terms: DeviceQueryTerm[] = [];
  for (const [index, raw] of rawTerms.entries()) {
    const termText = input.slice(raw.start, raw.end);
    if (index >= DEVICE_QUERY_LIMITS.maxTerms) {
      errors.push({
        message: `Too many terms at position ${raw.start}: use at most ${DEVICE_QUERY_LIMITS.maxTerms}.`,
        start: raw.start,
        end: input.length,
        term: termText,
      });
      break;
    }
    const fail = (message: string, start = raw.start, end = raw.end): void => {
      errors.push({ message, start, end, term: termText });
    };
    if (raw.name === null) {
      const value = raw.values[0] as RawValue;
      if (value.text.trim() === '') {
        fail(`Empty phrase at position ${raw.start}. Type something between the quotes.`);
        continue;
      }
      terms.push({ kind: 'text', negated: raw.negated, text: value.text, start: raw.start, end: raw.end });
      continue;
    }
    const nameStart = raw.negated ? raw.start + 1 : raw.start;
    const operator = findDeviceQueryOperator(raw.name);
    if (!operator) {
      const suggestion = closestOperator(raw.name);
      fail(
        `Unknown operator "${raw.name}" at position ${nameStart}.${suggestion ? ` Did you mean "${suggestion}"?` : ' See the list of search terms.'}`,
        nameStart,
        raw.nameEnd,
      );
      continue;
    }
    if (raw.values.length > DEVICE_QUERY_LIMITS.maxValuesPerTerm) {
      fail(
        `Too many values in "${operator.name}:" at position ${raw.start}: use at most ${DEVICE_QUERY_LIMITS.maxValuesPerTerm}.`,
      );
      continue;
    }
    const values: DeviceQueryValue[] = [];
    let failed = false;
    for (const value of raw.values) {
      const parsed = value.text === '' ? 'Empty value' : parseValue(operator, value);
      if (typeof parsed === 'string') {
        const where = value.text === '' ? raw.nameEnd : value.start;
        const detail =
          parsed === 'Empty value' ? `Empty value for "${raw.name}:"` : `${parsed} in "${raw.name}:"`;
        fail(`${detail} at position ${where}.${hintFor(operator)}`, where, Math.max(value.end, where + 1));
        failed = true;
        break;
      }
      values.push(parsed);
    }
    if (failed) continue;
    terms.push({
      kind: 'field',
      operator: operator.name,
      negated: raw.negated,
      values,
      start: raw.start,
      end: raw.end,
      text: termText,
    });
  }
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, query: { terms } };
}

function hintFor(operator: DeviceQueryOperator): string {
  return ` Expected ${operator.hint}.`;
}

/** Why: error text for an API answer or a tooltip, all errors in one line. */
export function describeDeviceQueryErrors(errors: readonly DeviceQueryError[]): string {
  return errors.map((error) => error.message).join(' ');
}

/** Why: facet buckets and dashboard links write terms that survive any value (spaces, quotes). */
export function quoteDeviceQueryValue(value: string): string {
  if (/^[^\s"',]+$/.test(value) && !value.startsWith('-')) return value;
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}
