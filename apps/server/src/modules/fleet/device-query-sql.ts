import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  parseDeviceQuery,
  type DeviceQueryAst,
  type DeviceQueryFieldTerm,
  type DeviceQueryTerm,
  type DeviceQueryValue,
  type DurationUnit,
} from '@fleetdeck/shared/device-query';
import type { HasField } from '@fleetdeck/shared/device-query-operators';
import type { DB } from '../../db/schema.ts';
import { appErrors } from '../../errors/app-error.ts';
import { withListedForm } from './device-count.ts';
import {
  escapeLike,
  expandOuPath,
  ouPathMatch,
  pathInList,
  scopePredicate,
  type FleetScope,
} from './fleet-scope.ts';

/**
 * The device query language compiled to SQL over `fleet_device d`. Every value travels as a bind
 * parameter; only fixed column names and units from this file are spliced in.
 *
 * Server functions other modules call (bulk actions with `{ query }` targets):
 *   parseDeviceQueryOrThrow(q: string): DeviceQueryAst                        — 400 with positions
 *   compileDeviceQuery(db, scope: FleetScope, q: string): Promise<RawBuilder<boolean>>
 *       the full WHERE predicate over `fleet_device d` (tenant, live, OU scope, the query)
 *   selectMatchingDeviceIds(db, scope: FleetScope, q: string, limit: number): Promise<string[]>
 *       ids of matching devices ordered by device_id, at most `limit`
 *   countMatchingDevices(db, scope: FleetScope, q: string): Promise<number>   — exact
 * `FleetScope` is `{ orgId, ouPaths }` with `ouPaths` from `allowedOuPaths` (fleet-scope.ts).
 */

type Sql = RawBuilder<unknown>;

/** Why: one 400 for the API and for bulk actions, carrying every error with its position. */
export function parseDeviceQueryOrThrow(q: string): DeviceQueryAst {
  const result = parseDeviceQuery(q);
  if (result.ok) return result.query;
  const [first] = result.errors;
  throw appErrors.invalidRequest(first?.message ?? 'The search query is not valid. Check its terms.', {
    query: result.errors.map((error) => ({ ...error })),
  });
}

/**
 * How `ou:` terms find their paths: `listed` reads them first and lists them in the statement
 * (the planner then knows how many devices they hold); `inline` looks them up inside the
 * statement itself, one statement fewer, for the fleet table's pages (`compileDeviceListQuery`).
 */
type OuPaths = 'inline' | 'listed';

async function compileWhere(
  db: Kysely<DB>,
  scope: FleetScope,
  q: string | DeviceQueryAst,
  ou: OuPaths,
): Promise<{ ast: DeviceQueryAst; where: RawBuilder<boolean>; listed: () => Promise<RawBuilder<boolean>> }> {
  const ast = typeof q === 'string' ? parseDeviceQueryOrThrow(q) : q;
  const scoped = await scopePredicate(db, scope);
  const compile = async (form: OuPaths) => {
    const parts: Sql[] = [scoped];
    for (const term of ast.terms) parts.push(await compileTerm(db, scope.orgId, term, form));
    return sql<boolean>`${sql.join(parts, sql` and `)}`;
  };
  // Read at most once per request: the estimate (when not cached) and a page of many matches share it.
  let listed: Promise<RawBuilder<boolean>> | undefined;
  return { ast, where: await compile(ou), listed: () => (listed ??= compile('listed')) };
}

/** Why: the WHERE of every fleet read and of bulk actions targeting a query. */
export async function compileDeviceQuery(
  db: Kysely<DB>,
  scope: FleetScope,
  q: string | DeviceQueryAst,
): Promise<RawBuilder<boolean>> {
  return (await compileWhere(db, scope, q, 'listed')).where;
}

/**
 * Why: the fleet table's WHERE, where an `ou:` term costs no statement of its own. The listed
 * form stays attached (`withListedForm`): the count's estimate is made from it, and a page of many
 * matches reads through it, since only a planner that knows how many devices the paths hold picks
 * the sort column's index over sorting every match (`readDeviceListPage`).
 */
export async function compileDeviceListQuery(
  db: Kysely<DB>,
  scope: FleetScope,
  q: string | DeviceQueryAst,
): Promise<RawBuilder<boolean>> {
  const { ast, where, listed } = await compileWhere(db, scope, q, 'inline');
  return ast.terms.some(looksUpOu) ? withListedForm(where, listed) : where;
}

function looksUpOu(term: DeviceQueryTerm): boolean {
  return (
    term.kind !== 'text' &&
    term.values.some((value) => value.kind === 'orgUnit' && !(value.subtree && value.path === '/'))
  );
}

/** Why: bulk actions resolve a query to device ids once, before they act. */
export async function selectMatchingDeviceIds(
  db: Kysely<DB>,
  scope: FleetScope,
  q: string,
  limit: number,
): Promise<string[]> {
  const where = await compileDeviceQuery(db, scope, q);
  const { rows } = await sql<{ device_id: string }>`
    select d.device_id from fleet_device d where ${where} order by d.device_id limit ${limit}`.execute(db);
  return rows.map((row) => row.device_id);
}

/** Why: a bulk action's blast radius, counted exactly. */
export async function countMatchingDevices(db: Kysely<DB>, scope: FleetScope, q: string): Promise<number> {
  const where = await compileDeviceQuery(db, scope, q);
  const { rows } = await sql<{
    n: number;
  }>`select count(*)::int as n from fleet_device d where ${where}`.execute(db);
  return rows[0]?.n ?? 0;
}

async function compileTerm(db: Kysely<DB>, orgId: string, term: DeviceQueryTerm, ou: OuPaths): Promise<Sql> {
  const positive = term.kind === 'text' ? freeText(term.text) : await fieldTerm(db, orgId, term, ou);
  // A negated term keeps devices without a value (NOT NULL would drop them).
  return term.negated ? sql`not coalesce((${positive}), false)` : sql`(${positive})`;
}

async function fieldTerm(
  db: Kysely<DB>,
  orgId: string,
  term: DeviceQueryFieldTerm,
  ou: OuPaths,
): Promise<Sql> {
  const alternatives: Sql[] = [];
  for (const value of term.values) alternatives.push(await compileValue(db, orgId, term.operator, value, ou));
  return alternatives.length === 1 ? (alternatives[0] as Sql) : sql`(${sql.join(alternatives, sql` or `)})`;
}

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
function freeText(text: string): Sql {
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

function textTerm(operator: string, text: string, prefix: boolean): Sql {
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

function enumTerm(operator: string, values: readonly string[], includeNull: boolean, exclude: boolean): Sql {
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

function dateRange(operator: string, gte: string | null, lt: string | null): Sql {
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
function interval(amount: number, unit: DurationUnit): Sql {
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

const NUMBER_COLUMNS: Readonly<Record<string, Sql>> = {
  storage: sql`d.storage_total_bytes`,
  storage_free: sql`d.storage_free_bytes`,
  ram: sql`d.ram_total_bytes`,
};

const HAS_COLUMNS: Readonly<Record<HasField, Sql>> = {
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

async function compileValue(
  db: Kysely<DB>,
  orgId: string,
  operator: string,
  value: DeviceQueryValue,
  ou: OuPaths,
): Promise<Sql> {
  switch (value.kind) {
    case 'text':
      return textTerm(operator, value.text, value.prefix);
    case 'enum':
      return enumTerm(operator, value.values, value.includeNull, value.exclude);
    case 'dateRange':
      return dateRange(operator, value.gte, value.lt);
    case 'relative':
      return operator === 'stale'
        ? sql`(d.last_sync < now() - ${interval(value.amount, value.unit)} or d.last_sync is null)`
        : sql`d.last_sync >= now() - ${interval(value.amount, value.unit)}`;
    case 'aueExpired':
      return sql`d.aue_date < current_date`;
    case 'aueWithin':
      return sql`(d.aue_date >= current_date and d.aue_date < current_date + ${interval(value.amount, value.unit)})`;
    case 'numberRange': {
      const column = NUMBER_COLUMNS[operator] ?? sql`null`;
      const parts: Sql[] = [];
      if (value.gte !== null) parts.push(sql`${column} >= ${value.gte}::bigint`);
      if (value.lte !== null) parts.push(sql`${column} <= ${value.lte}::bigint`);
      return sql`(${sql.join(parts, sql` and `)})`;
    }
    case 'percentRange': {
      const parts: Sql[] = [sql`d.storage_total_bytes > 0`];
      if (value.gte !== null)
        parts.push(sql`d.storage_free_bytes * 100 >= ${value.gte}::numeric * d.storage_total_bytes`);
      if (value.lt !== null)
        parts.push(sql`d.storage_free_bytes * 100 < ${value.lt}::numeric * d.storage_total_bytes`);
      return sql`(${sql.join(parts, sql` and `)})`;
    }
    case 'boolean':
      // OS policy support: a device past its auto-update expiration no longer gets new policies.
      return value.value
        ? sql`(d.aue_date is null or d.aue_date >= current_date)`
        : sql`d.aue_date < current_date`;
    case 'orgUnit': {
      if (value.subtree && value.path === '/') return sql`true`;
      if (ou === 'inline') return ouPathMatch(orgId, value.path, value.subtree);
      return pathInList(await expandOuPath(db, orgId, value.path, value.subtree));
    }
    case 'has':
      return value.present
        ? sql`${HAS_COLUMNS[value.field]} is not null`
        : sql`${HAS_COLUMNS[value.field]} is null`;
  }
}
