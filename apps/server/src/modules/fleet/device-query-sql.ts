import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  parseDeviceQuery,
  type DeviceQueryAst,
  type DeviceQueryFieldTerm,
  type DeviceQueryTerm,
  type DeviceQueryValue,
} from '@fleetdeck/shared/device-query';
import type { DB } from '../../db/schema.ts';
import { appErrors } from '../../errors/app-error.ts';
import { withListedForm } from './device-count.ts';
import {
  dateRange,
  enumTerm,
  freeText,
  HAS_COLUMNS,
  interval,
  NUMBER_COLUMNS,
  textTerm,
} from './device-query-terms.ts';
import { expandOuPath, ouPathMatch, pathInList, scopePredicate, type FleetScope } from './fleet-scope.ts';

/**
 * The device query language compiled to SQL over `fleet_device d`. Every value travels as a bind
 * parameter; only fixed column names and units (here and in device-query-terms.ts) are spliced in.
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
