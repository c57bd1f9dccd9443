import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { MatchCount, SortDirection } from '@fleetdeck/shared/fleet-contract';
import { FLEET_LIST_LIMITS, type FleetColumnId } from '@fleetdeck/shared/fleet-columns';
import type { DB } from '../../db/schema.ts';
import { countDevices, estimateMatches, listedFormOf } from './device-count.ts';
import { gatherRows } from './device-gathered-rows.ts';
import { COLUMN_SQL, segments, type KeysetPosition, type Segment } from './device-keyset.ts';
import { ALL_DEVICES, type DeviceRelation } from './device-relation.ts';
import {
  DEVICE_ROW_FIELDS,
  deviceRowJson,
  deviceRowJsonColumns,
  deviceRowTextSelect,
  type DeviceListRow,
} from './device-row-presenter.ts';

/**
 * One keyset page of the fleet table: order by the chosen column then device_id, never OFFSET.
 * Devices without a value come last in both directions.
 */

type Sql = RawBuilder<unknown>;

/** The columns a row presented in JavaScript reads (device_id and the sort key come with every keyset row). */
const LIST_SELECT = sql.join(
  DEVICE_ROW_FIELDS.filter(([, column]) => column !== 'device_id').map(([, column, kind]) =>
    kind === 'date' ? sql`${sql.ref(`d.${column}`)}::text as ${sql.ref(column)}` : sql.ref(`d.${column}`),
  ),
);

export interface PageRequest {
  readonly where: RawBuilder<boolean>;
  /** The table read (device-relation.ts); `fleet_device` when absent. */
  readonly relation?: DeviceRelation | undefined;
  readonly sort: FleetColumnId;
  readonly dir: SortDirection;
  readonly after?: KeysetPosition | undefined;
  readonly limit: number;
}

interface KeysetRow {
  readonly device_id: string;
  readonly sort_key?: string | null;
}

type SelectedRow = KeysetRow & Record<string, unknown>;

/**
 * The stored columns a page's rows are rendered from, with the keyset's (device_id, the sort
 * column): what the inner query of `limitedRows` reads.
 */
function innerColumns(request: PageRequest, rendered: readonly string[]): Sql {
  const names = new Set([...rendered, 'device_id', COLUMN_SQL[request.sort].column]);
  // Stored column names from `DEVICE_ROW_FIELDS` and `COLUMN_SQL` only: one piece of SQL text.
  return sql.raw([...names].map((name) => `"d"."${name}"`).join(', '));
}

/**
 * Why: a statement that sorts its matches (a count over all of them, several OU paths) would render
 * every match before keeping the page's few; here the rows are chosen, ordered and limited in a
 * subquery of plain columns (`inner`, which holds every column `select` and `order` read), and
 * only those rows are rendered. The outer order is the subquery's own: no second sort.
 */
function limitedRows(
  select: Sql,
  inner: Sql,
  extra: { readonly inner: Sql; readonly outer: Sql },
  from: { readonly relation: DeviceRelation; readonly where: Sql },
  order: Sql,
  limit: number,
  join: Sql = sql``,
): Sql {
  return sql`
    select ${select}, d.device_id, ${extra.outer}
    from (
      select ${inner}, ${extra.inner} from ${from.relation} d where ${from.where} order by ${order} limit ${limit}
    ) d ${join}
    order by ${order}`;
}

/** Why: pages, the export and the fleet table read the same ordered scan of one keyset segment. */
function segmentRows<T = unknown>(
  request: PageRequest,
  segment: Segment,
  select: Sql,
  limit: number,
  join: Sql = sql``,
): RawBuilder<T> {
  const { column } = COLUMN_SQL[request.sort];
  return sql<T>`
    select ${select}, d.device_id, ${sql.ref(`d.${column}`)}::text as sort_key
    from ${request.relation ?? ALL_DEVICES} d ${join}
    where ${request.where} and ${segment.where}
    order by ${segment.order}
    limit ${limit}`;
}

/** Why: `limit + 1` rows tell whether more follow. */
async function readKeysetRows(
  db: Kysely<DB>,
  request: PageRequest,
  select: Sql,
): Promise<{ rows: SelectedRow[]; next: KeysetPosition | null }> {
  const rows: SelectedRow[] = [];
  const want = request.limit + 1;
  for (const segment of segments(request.sort, request.dir, request.after)) {
    const { rows: part } = await segmentRows<SelectedRow>(
      request,
      segment,
      select,
      want - rows.length,
    ).execute(db);
    rows.push(...part);
    if (rows.length >= want) break;
  }
  return pageOf(rows, request);
}

/** Why: `limit + 1` rows read; the page is the first `limit`, and its last row is where the next starts. */
function pageOf<T extends KeysetRow>(
  rows: T[],
  request: PageRequest,
): { rows: T[]; next: KeysetPosition | null } {
  const page = rows.slice(0, request.limit);
  const last = page.at(-1);
  const next =
    rows.length > request.limit && last ? keysetOf(request, last.device_id, last.sort_key ?? null) : null;
  return { rows: page, next };
}

/** Why: the export and bulk previews present stored rows in JavaScript. */
export async function readDevicePage(
  db: Kysely<DB>,
  request: PageRequest,
): Promise<{ rows: DeviceListRow[]; next: KeysetPosition | null }> {
  const page = await readKeysetRows(db, request, LIST_SELECT);
  return { rows: page.rows as unknown as DeviceListRow[], next: page.next };
}

/** Why: the CSV export's batches: only its columns, each already the text the API shows. */
export async function readDevicePageText(
  db: Kysely<DB>,
  request: PageRequest,
  columns: readonly FleetColumnId[],
): Promise<{ rows: Record<string, string | null>[]; next: KeysetPosition | null }> {
  const page = await readKeysetRows(db, request, deviceRowTextSelect(columns));
  return { rows: page.rows as Record<string, string | null>[], next: page.next };
}

/**
 * Why: the fleet table's page, each row already JSON from the database (`deviceRowJson`) and
 * gathered there (`gatherRows`), so the response is assembled without parsing or re-serialising a
 * row.
 */
export async function readDevicePageJson(
  db: Kysely<DB>,
  request: PageRequest,
  columns?: readonly FleetColumnId[],
): Promise<{ devices: string; size: number; next: KeysetPosition | null }> {
  // An estimated or following page reads the sort column's index in order and renders only the
  // rows it reads: its numbering follows the same order, so the plan stays the index scan and limit.
  const json = deviceRowJson(columns);
  const parts: string[] = [];
  let size = 0;
  let last: KeysetPosition | null = null;
  for (const segment of segments(request.sort, request.dir, request.after)) {
    const keep = request.limit - size;
    const select = sql`${json.select} as json, row_number() over (order by ${segment.order}) as rn`;
    const row = await gatherRows(db, segmentRows(request, segment, select, keep + 1, json.join), keep);
    if (row.devices) parts.push(row.devices);
    if (row.last_id) last = keysetOf(request, row.last_id, row.last_key);
    size += Math.min(row.n, keep);
    // A row past the page's last: a next page follows.
    if (row.n > keep) return { devices: parts.join(','), size, next: last };
  }
  return { devices: parts.join(','), size, next: null };
}

function keysetOf(request: PageRequest, deviceId: string, value: string | null): KeysetPosition {
  return { sort: request.sort, dir: request.dir, value, deviceId };
}

export interface DeviceListPage {
  /** The page's devices as JSON objects joined by commas: the inside of a JSON array. */
  readonly devices: string;
  /** How many devices `devices` holds. */
  readonly size: number;
  readonly next: KeysetPosition | null;
  readonly total: MatchCount | null;
}

/**
 * Why: the fleet table's page and its count in as few statements as the count allows. A first page
 * whose estimate is below the exact-count threshold is one statement: the page in the keyset order
 * (blank values last) with `count(*) over ()` for the exact total, since counting those few
 * matches reads them all anyway. Otherwise the page and the count (estimate, exact on request, or
 * none for following pages) are separate. A WHERE that looks up its `ou:` paths while it runs
 * (`compileDeviceListQuery`) is read as it is when the estimate says few devices match (one
 * statement: they are all read and sorted anyway); with many, through its listed form, whose plan
 * can follow the sort column's index.
 */
export async function readDeviceListPage(
  db: Kysely<DB>,
  request: PageRequest,
  count: 'auto' | 'exact' | 'none',
  columns?: readonly FleetColumnId[],
): Promise<DeviceListPage> {
  const first = request.after === undefined && count === 'auto';
  const listed = listedFormOf(request.where);
  const estimate = first || listed ? await estimateMatches(db, request.where, request.relation) : undefined;
  const many = estimate !== undefined && estimate >= FLEET_LIST_LIMITS.exactCountThreshold;
  const planned = many && listed ? { ...request, where: await listed() } : request;
  if (first) {
    if (many) {
      const page = await readDevicePageJson(db, planned, columns);
      return { ...page, total: { value: estimate, exact: false } };
    }
    return readCountedFirstPage(db, planned, columns);
  }
  const [page, total] = await Promise.all([
    readDevicePageJson(db, planned, columns),
    countDevices(db, planned.where, request.after && count === 'auto' ? 'none' : count, request.relation),
  ]);
  return { ...page, total };
}

async function readCountedFirstPage(
  db: Kysely<DB>,
  request: PageRequest,
  columns?: readonly FleetColumnId[],
): Promise<DeviceListPage> {
  const { column } = COLUMN_SQL[request.sort];
  const direction = sql.raw(request.dir);
  const order =
    request.sort === 'deviceId'
      ? sql`d.device_id ${direction}`
      : sql`${sql.ref(`d.${column}`)} ${direction} nulls last, d.device_id ${direction}`;
  const json = deviceRowJson(columns);
  const row = await gatherRows(
    db,
    limitedRows(
      sql`${json.select} as json`,
      innerColumns(request, deviceRowJsonColumns(columns)),
      {
        inner: sql`${sql.ref(`d.${column}`)}::text as sort_key, count(*) over () as total`,
        outer: sql`d.sort_key, d.total, row_number() over (order by ${order}) as rn`,
      },
      { relation: request.relation ?? ALL_DEVICES, where: request.where },
      order,
      request.limit + 1,
      json.join,
    ),
    request.limit,
    sql`, max(p.total) as total`,
  );
  return {
    devices: row.devices ?? '',
    size: Math.min(row.n, request.limit),
    next: row.n > request.limit && row.last_id ? keysetOf(request, row.last_id, row.last_key) : null,
    total: { value: Number(row.total ?? 0), exact: true },
  };
}
