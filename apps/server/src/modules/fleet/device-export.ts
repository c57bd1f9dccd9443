import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { SortDirection } from '@fleetdeck/shared/fleet-contract';
import {
  DEFAULT_FLEET_COLUMNS,
  FLEET_COLUMNS,
  isFleetColumnId,
  type FleetColumnId,
} from '@fleetdeck/shared/fleet-columns';
import type { DB } from '../../db/schema.ts';
import { appErrors } from '../../errors/app-error.ts';
import type { KeysetPosition } from './device-keyset.ts';
import { readDevicePageText } from './device-list.ts';
import { isTextField } from './device-row-presenter.ts';

/**
 * The CSV export: every matching row with the chosen columns, read in keyset batches and written
 * as they come (a 100k-device export never sits in memory). RFC 4180 quoting, and a guard against
 * spreadsheet formulas in cells people typed (asset IDs, notes).
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

const LABELS = new Map(FLEET_COLUMNS.map((column) => [column.id, column.label]));

/** What an export writes: its columns, in which order. */
export interface CsvRequest {
  readonly sort: FleetColumnId;
  readonly dir: SortDirection;
  readonly columns: readonly FleetColumnId[];
}

/** Why: the file a person downloads, with headers as the table shows them. */
export async function* deviceCsv(
  db: Kysely<DB>,
  where: RawBuilder<boolean>,
  options: CsvRequest,
  counter: { rows: number },
): AsyncGenerator<string> {
  yield `\uFEFF${options.columns.map((id) => csvCell(LABELS.get(id) ?? id)).join(',')}\r\n`;
  const guarded = options.columns.map((id) => isTextField(id));
  let after: KeysetPosition | undefined;
  for (;;) {
    const { rows, next } = await readDevicePageText(
      db,
      { where, sort: options.sort, dir: options.dir, after, limit: BATCH },
      options.columns,
    );
    let chunk = '';
    for (const row of rows) {
      chunk += `${options.columns.map((id, i) => csvCell(row[id] ?? null, guarded[i])).join(',')}\r\n`;
    }
    counter.rows += rows.length;
    if (chunk !== '') yield chunk;
    if (!next) return;
    after = next;
  }
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
