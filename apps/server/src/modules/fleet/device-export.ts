import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { SortDirection } from '@fleetdeck/shared/fleet-contract';
import {
  DEFAULT_FLEET_COLUMNS,
  FLEET_COLUMNS,
  isFleetColumnId,
  type FleetColumnId,
} from '@fleetdeck/shared/fleet-columns';
import { rawColumnLabel, readableFleetValue } from '@fleetdeck/shared/fleet-values';
import type { DB } from '../../db/schema.ts';
import { appErrors } from '../../errors/app-error.ts';
import { assertSortable, type KeysetPosition } from './device-keyset.ts';
import { readDevicePageText } from './device-list.ts';
import { deviceRowTextSelect, isTextField } from './device-row-presenter.ts';

/**
 * The CSV export: every matching row with the chosen columns, read in batches and written as they
 * come (a 100k-device export never sits in memory). RFC 4180 quoting, and a guard against
 * spreadsheet formulas in cells people typed (asset IDs, notes).
 *
 * Row order: a query's export follows the table's sort (keyset batches). A pasted list's export
 * follows the pasted order unless a sort is asked for: an admin pastes a spreadsheet column and
 * lays the file next to it, and the table already shows a pasted list in that order (its headers
 * do not sort). Each device comes where it is first pasted; repeats and devices the caller may not
 * see leave no row. The list is read in batches of its own ids, so memory stays bounded as well.
 */

const BATCH = 2000;

/** Why: `columns=a,b,c` from the URL, validated against the catalog; undefined when absent. */
export function parseColumnList(columns: string | undefined, use: string): FleetColumnId[] | undefined {
  if (columns === undefined || columns.trim() === '') return undefined;
  const ids = columns.split(',').map((id) => id.trim());
  const unknown = ids.filter((id) => !isFleetColumnId(id));
  if (unknown.length > 0) {
    throw appErrors.invalidRequest(`Unknown ${use} column "${unknown[0]}". Choose columns from the table.`);
  }
  return [...new Set(ids)] as FleetColumnId[];
}

/** Why: the export's columns: the chosen ones, or the table's defaults. */
export function exportColumns(columns: string | undefined): FleetColumnId[] {
  return parseColumnList(columns, 'export') ?? [...DEFAULT_FLEET_COLUMNS];
}

/**
 * Why: RFC 4180 quoting plus a leading `'` for cells a spreadsheet would run as a formula (text
 * fields only: a number or a date is never one).
 */
export function csvCell(value: string | number | null, guard = typeof value === 'string'): string {
  if (value === null) return '';
  let text = String(value);
  if (guard && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const COLUMNS = new Map(FLEET_COLUMNS.map((column) => [column.id, column]));

/**
 * A CSV column: the table's column as a person reads it, or its raw twin (the stored value, for
 * scripts) right after each column the table formats.
 */
interface CsvColumn {
  readonly id: FleetColumnId;
  readonly label: string;
  readonly cell: (raw: string) => string;
  /** A value a person typed or Google echoes as free text: guarded against formulas. */
  readonly guarded: boolean;
}

/** Why: one list of file columns drives the header and every row. */
export function csvColumns(columns: readonly FleetColumnId[]): CsvColumn[] {
  return columns.flatMap((id) => {
    const column = COLUMNS.get(id);
    if (!column) return [{ id, label: id, cell: (raw: string) => raw, guarded: isTextField(id) }];
    const shown: CsvColumn = {
      id,
      label: column.label,
      cell: (raw) => readableFleetValue(column, raw),
      guarded: isTextField(id),
    };
    const rawLabel = rawColumnLabel(column);
    return rawLabel === null ? [shown] : [shown, { id, label: rawLabel, cell: (raw) => raw, guarded: false }];
  });
}

/** A pasted list exported in its own order: the caller's scope and the ids as pasted. */
export interface PastedOrder {
  readonly scope: RawBuilder<boolean>;
  readonly deviceIds: readonly string[];
}

/** In which order an export writes its rows: a column sort, or a pasted list's own order. */
export type CsvOrder =
  | { readonly sort: FleetColumnId; readonly dir: SortDirection; readonly pasted?: undefined }
  | { readonly sort?: undefined; readonly dir?: undefined; readonly pasted: PastedOrder };

/** What an export writes: its columns, in which order. */
export type CsvRequest = CsvOrder & { readonly columns: readonly FleetColumnId[] };

type TextRow = Record<string, string | null>;

/** Why: a sorted export reads `where`'s matches one keyset batch after another. */
async function* sortedBatches(
  db: Kysely<DB>,
  where: RawBuilder<boolean>,
  order: { sort: FleetColumnId; dir: SortDirection },
  columns: readonly FleetColumnId[],
): AsyncGenerator<TextRow[]> {
  let after: KeysetPosition | undefined;
  for (;;) {
    const { rows, next } = await readDevicePageText(
      db,
      { where, sort: order.sort, dir: order.dir, after, limit: BATCH },
      columns,
    );
    yield rows;
    if (!next) return;
    after = next;
  }
}

/**
 * Why: a pasted list in its own order, BATCH ids per statement: each batch's rows come back in the
 * order of its ids (`with ordinality`), found by the (org_id, device_id) key within the scope.
 */
async function* pastedOrderBatches(
  db: Kysely<DB>,
  pasted: PastedOrder,
  columns: readonly FleetColumnId[],
): AsyncGenerator<TextRow[]> {
  const ids = [...new Set(pasted.deviceIds)];
  for (let start = 0; start < ids.length; start += BATCH) {
    const batch = JSON.stringify(ids.slice(start, start + BATCH));
    const { rows } = await sql<TextRow>`
      select ${deviceRowTextSelect(columns)}
      from jsonb_array_elements_text(${batch}::jsonb) with ordinality as p(device_id, n)
      join fleet_device d on d.device_id = p.device_id
      where ${pasted.scope}
      order by p.n`.execute(db);
    yield rows;
  }
}

function textOf(raw: string | null | undefined, cell: (raw: string) => string): string | null {
  return raw === null || raw === undefined || raw === '' ? null : cell(raw);
}

/**
 * Why: the file a person downloads, with headers and values as the table shows them, and the
 * stored values beside the formatted ones for scripts.
 */
export async function* deviceCsv(
  db: Kysely<DB>,
  where: RawBuilder<boolean>,
  options: CsvRequest,
  counter: { rows: number },
): AsyncGenerator<string> {
  const { columns } = options;
  const file = csvColumns(columns);
  yield `\uFEFF${file.map((column) => csvCell(column.label)).join(',')}\r\n`;
  const batches = options.pasted
    ? pastedOrderBatches(db, options.pasted, columns)
    : sortedBatches(db, where, options, columns);
  for await (const rows of batches) {
    let chunk = '';
    for (const row of rows) {
      chunk += `${file.map((column) => csvCell(textOf(row[column.id], column.cell), column.guarded)).join(',')}\r\n`;
    }
    counter.rows += rows.length;
    if (chunk !== '') yield chunk;
  }
}

/**
 * Why: a pasted list's export is in pasted order unless a sort is asked for; a direction alone
 * names no column to sort by, so it is refused rather than guessed.
 */
export function pastedListOrder(
  scope: RawBuilder<boolean>,
  request: {
    deviceIds: readonly string[];
    sort?: FleetColumnId | undefined;
    dir?: SortDirection | undefined;
  },
): CsvOrder {
  if (request.sort !== undefined) {
    assertSortable(request.sort);
    return { sort: request.sort, dir: request.dir ?? 'asc' };
  }
  if (request.dir !== undefined) {
    throw appErrors.invalidRequest(
      'A sort direction needs a sort column. Send sort with dir, or leave both out to keep the pasted order.',
    );
  }
  return { pasted: { scope, deviceIds: request.deviceIds } };
}

/**
 * Why: a folder of exports reads by what each holds: "fleetdeck-devices-status-disabled-2026-11-23.csv".
 * Only [a-z0-9-] of the query reach the header, so nothing in it can break out of the quotes.
 */
export function exportFileName(query: string, day: string): string {
  const slug = query
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `fleetdeck-devices-${slug ? `${slug}-` : ''}${day}.csv`;
}

/**
 * Why: a pasted list's export holds the listed devices the caller may see (`scope`: the tenant,
 * live devices, a viewer's OU subtrees), and the file is named by how many that is.
 */
export async function deviceListWhere(
  db: Kysely<DB>,
  scope: RawBuilder<boolean>,
  deviceIds: readonly string[],
): Promise<{ where: RawBuilder<boolean>; count: number }> {
  const ids = JSON.stringify([...new Set(deviceIds)]);
  const where = sql<boolean>`${scope}
    and d.device_id = any(array(select jsonb_array_elements_text(${ids}::jsonb)))`;
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from fleet_device d where ${where}`.execute(db);
  return { where, count: rows[0]?.n ?? 0 };
}

/** Why: "fleet-pasted-20-devices.csv" says what the file holds next to a query's exports. */
export function listExportFileName(count: number): string {
  return `fleet-pasted-${count}-${count === 1 ? 'device' : 'devices'}.csv`;
}
