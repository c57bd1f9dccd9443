import { sql, type RawBuilder } from 'kysely';
import type { DurationUnit } from '@fleetdeck/shared/device-query';
import type { HasField } from '@fleetdeck/shared/device-query-operators';
import { escapeLike } from './fleet-scope.ts';

/**
 * The SQL of one query value over `fleet_device d`, by the kind of column it reads: free text,
 * text fields, enumerations, dates, durations, numbers and presence. Only fixed column names and
 * units from this file are spliced in; every value is a bind parameter.
 */

type Sql = RawBuilder<unknown>;

/**
 * The six free-text fields joined, lower case, a newline between them (no typed term holds one, so
 * no match spans two fields). Migration 0009 indexes exactly this expression with trigrams; the
 * planner uses that index only while the two stay character for character the same.
 */
export const DEVICE_SEARCH_TEXT = sql.raw(
  `lower(coalesce(d.serial_number, '') || E'\\n' || coalesce(d.annotated_asset_id, '') || E'\\n' || coalesce(d.annotated_user, '') || E'\\n' || coalesce(d.annotated_location, '') || E'\\n' || coalesce(d.notes, '') || E'\\n' || coalesce(d.model, ''))`,
);

/** Operators whose column is inside `DEVICE_SEARCH_TEXT`: their partial matches narrow through its index. */
const SEARCHED_OPERATORS = new Set(['id', 'asset_id', 'user', 'location', 'note', 'public_model_name']);

/** Free text: partial match, any case, over serial, asset ID, user, location, notes and model. */
export function freeText(text: string): Sql {
  return sql`${DEVICE_SEARCH_TEXT} like lower(${`%${escapeLike(text)}%`})`;
}

function contains(operator: string, column: Sql, text: string): Sql {
  const match = sql`${column} ilike ${`%${escapeLike(text)}%`}`;
  return SEARCHED_OPERATORS.has(operator) ? sql`(${freeText(text)} and ${match})` : match;
}

/** Google's `user:` is a word or phrase match: "joe" finds "Joe" but not "Joey". */
function wordMatch(column: Sql, text: string): Sql {
  const words = text.trim().split(/\s+/).map(escapeRegex).join('[[:space:]]+');
  const regex = `(^|[^[:alnum:]])${words}($|[^[:alnum:]])`;
  return sql`(${contains('user', column, text.trim().split(/\s+/)[0] ?? text)} and ${column} ~* ${regex})`;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const TEXT_COLUMNS = {
  id: sql`d.serial_number`,
  serial: sql`d.serial_number`,
  asset_id: sql`d.annotated_asset_id`,
  user: sql`d.annotated_user`,
  location: sql`d.annotated_location`,
  note: sql`d.notes`,
  model: sql`d.model`,
  public_model_name: sql`d.model`,
  recent_user: sql`d.recent_user`,
  chrome_version: sql`d.os_version`,
  cpu_model_name: sql`(d.raw -> 'cpuInfo' -> 0 ->> 'model')`,
  meid: sql`(d.raw ->> 'meid')`,
  wifi_mac: sql`lower(replace(d.mac_address, ':', ''))`,
  ethernet_mac: sql`lower(replace(d.ethernet_mac_address, ':', ''))`,
  device_id: sql`d.device_id`,
} as const satisfies Record<string, Sql>;

export function textTerm(operator: string, text: string, prefix: boolean): Sql {
  const column = TEXT_COLUMNS[operator as keyof typeof TEXT_COLUMNS];
  switch (operator) {
    case 'user':
      return wordMatch(column, text);
    case 'serial':
      return sql`lower(d.serial_number) = ${text.toLowerCase()}`;
    case 'model':
    case 'recent_user':
      return sql`lower(${column}) = ${text.toLowerCase()}`;
    case 'wifi_mac':
    case 'ethernet_mac':
    case 'device_id':
      return sql`${column} = ${text}`;
    case 'chrome_version':
      return prefix ? sql`${column} like ${`${escapeLike(text)}%`}` : contains(operator, column, text);
    default:
      return contains(operator, column, text);
  }
}

const ENUM_COLUMNS: Readonly<Record<string, Sql>> = {
  status: sql`d.status`,
  battery: sql`d.battery_health`,
  compliance: sql`d.os_compliance`,
  update_status: sql`d.os_update_state`,
  boot_mode: sql`d.boot_mode`,
  sku: sql`d.license_type`,
  license_sku: sql`d.license_type`,
};

export function enumTerm(
  operator: string,
  values: readonly string[],
  includeNull: boolean,
  exclude: boolean,
): Sql {
  const column = ENUM_COLUMNS[operator] ?? sql`null`;
  const list = values.length === 0 ? null : sql.join(values.map((value) => sql`${value}`));
  if (exclude) {
    return list === null ? sql`true` : sql`(${column} is null or ${column} not in (${list}))`;
  }
  const parts: Sql[] = [];
  if (list !== null) parts.push(sql`${column} in (${list})`);
  if (includeNull) parts.push(sql`${column} is null`);
  return parts.length === 0 ? sql`false` : sql`(${sql.join(parts, sql` or `)})`;
}

const INSTANT_COLUMNS: Readonly<Record<string, Sql>> = {
  sync: sql`d.last_sync`,
  register: sql`d.last_enrollment_time`,
  // The Directory copy has no activity times (they are telemetry series); the last sync stands in.
  last_user_activity: sql`d.last_sync`,
};

function asInstant(value: string): string {
  return value.length === 10 ? `${value}T00:00:00Z` : value;
}

/** A date bound on a date column: an instant's day, rounded up for an exclusive upper bound. */
function asDate(value: string, roundUp: boolean): string {
  const day = value.slice(0, 10);
  if (!roundUp || value.length === 10 || value.endsWith('T00:00:00Z')) return day;
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

export function dateRange(operator: string, gte: string | null, lt: string | null): Sql {
  const parts: Sql[] = [];
  if (operator === 'aue') {
    if (gte !== null) parts.push(sql`d.aue_date >= ${asDate(gte, false)}::date`);
    if (lt !== null) parts.push(sql`d.aue_date < ${asDate(lt, true)}::date`);
  } else {
    const column = INSTANT_COLUMNS[operator] ?? sql`null`;
    if (gte !== null) parts.push(sql`${column} >= ${asInstant(gte)}::timestamptz`);
    if (lt !== null) parts.push(sql`${column} < ${asInstant(lt)}::timestamptz`);
  }
  return sql`(${sql.join(parts, sql` and `)})`;
}

/** `make_interval` with a unit from this file and the amount as a parameter. */
export function interval(amount: number, unit: DurationUnit): Sql {
  switch (unit) {
    case 'd':
      return sql`make_interval(days => ${amount}::int)`;
    case 'w':
      return sql`make_interval(days => ${amount * 7}::int)`;
    case 'm':
      return sql`make_interval(months => ${amount}::int)`;
    case 'y':
      return sql`make_interval(years => ${amount}::int)`;
  }
}

export const NUMBER_COLUMNS: Readonly<Record<string, Sql>> = {
  storage: sql`d.storage_total_bytes`,
  storage_free: sql`d.storage_free_bytes`,
  ram: sql`d.ram_total_bytes`,
};

export const HAS_COLUMNS: Readonly<Record<HasField, Sql>> = {
  asset_id: sql`nullif(d.annotated_asset_id, '')`,
  user: sql`nullif(d.annotated_user, '')`,
  location: sql`nullif(d.annotated_location, '')`,
  note: sql`nullif(d.notes, '')`,
  model: sql`nullif(d.model, '')`,
  aue: sql`d.aue_date`,
  battery: sql`d.battery_health`,
  compliance: sql`d.os_compliance`,
  sync: sql`d.last_sync`,
  recent_user: sql`d.recent_user`,
  ou: sql`d.org_unit_path`,
  status: sql`d.status`,
};
