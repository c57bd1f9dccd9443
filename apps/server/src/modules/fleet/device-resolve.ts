import { sql, type Kysely, type RawBuilder } from 'kysely';
import type {
  ResolveDevicesRequest,
  ResolveDevicesResponse,
  ResolveSuggestions,
} from '@fleetdeck/shared/fleet-contract';
import { FLEET_LIST_LIMITS } from '@fleetdeck/shared/fleet-columns';
import type { DB } from '../../db/schema.ts';
import { appErrors } from '../../errors/app-error.ts';
import { suggestSerials } from './device-resolve-suggest.ts';

/**
 * A pasted list of serials or asset IDs (one per line, or a CSV column) matched exactly, case
 * folded, with 0 / 1 / many matches reported per line before anything acts on them.
 */

interface PastedValue {
  readonly line: number;
  readonly input: string;
  readonly normalized: string;
}

/** Why: spreadsheets paste quoted, padded, BOM-prefixed cells; all compare as the bare value. */
export function normalizePasted(value: string): string {
  let text = value.replace(/^\uFEFF/, '').trim();
  if (
    text.length >= 2 &&
    ((text.startsWith('"') && text.endsWith('"')) || (text.startsWith("'") && text.endsWith("'")))
  ) {
    text = text.slice(1, -1).replace(/""/g, '"').trim();
  }
  return text.toLowerCase();
}

/** RFC 4180 fields of one line (quoted fields may hold commas and doubled quotes). */
function csvFields(line: string, delimiter: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i] as string;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (ch === delimiter) {
      fields.push(field);
      field = '';
    } else field += ch;
  }
  fields.push(field);
  return fields;
}

const HEADER_NAMES: Readonly<Record<string, 'serial' | 'assetId'>> = {
  serial: 'serial',
  serialnumber: 'serial',
  'serial number': 'serial',
  serial_number: 'serial',
  sn: 'serial',
  assetid: 'assetId',
  'asset id': 'assetId',
  asset_id: 'assetId',
  'asset tag': 'assetId',
  asset: 'assetId',
  annotatedassetid: 'assetId',
};

/**
 * Why: one value per line, or a CSV (detected by a delimiter on the first line) whose column is
 * named by `column`, by a known header (serial, asset ID), or else the first.
 */
export function readPastedValues(
  text: string,
  column: string | undefined,
): { values: PastedValue[]; headerBy: 'serial' | 'assetId' | null } {
  const lines = text.split(/\r\n|\n|\r/);
  if (lines.length > FLEET_LIST_LIMITS.resolveLines + 1) {
    throw appErrors.invalidRequest(
      `The list has ${lines.length} lines; paste at most ${FLEET_LIST_LIMITS.resolveLines} at a time.`,
    );
  }
  const first = lines.find((line) => line.trim() !== '') ?? '';
  const delimiter = first.includes('\t')
    ? '\t'
    : first.includes(',')
      ? ','
      : first.includes(';')
        ? ';'
        : null;
  const values: PastedValue[] = [];
  let headerBy: 'serial' | 'assetId' | null = null;
  let index = 0;
  let skipHeader = -1;
  if (delimiter !== null) {
    const header = csvFields(first, delimiter).map((cell) => normalizePasted(cell));
    if (column !== undefined && /^\d+$/.test(column)) {
      index = Number(column) - 1;
    } else if (column !== undefined) {
      index = header.indexOf(normalizePasted(column));
      if (index < 0)
        throw appErrors.invalidRequest(`The pasted CSV has no column "${column}". Check its header row.`);
      skipHeader = lines.indexOf(first);
    } else {
      const known = header.findIndex((cell) => HEADER_NAMES[cell] !== undefined);
      if (known >= 0) {
        index = known;
        skipHeader = lines.indexOf(first);
      }
    }
    if (skipHeader >= 0) headerBy = HEADER_NAMES[header[index] ?? ''] ?? null;
  }
  for (const [i, line] of lines.entries()) {
    if (i === skipHeader || line.trim() === '') continue;
    const input = delimiter === null ? line : (csvFields(line, delimiter)[index] ?? '');
    const normalized = normalizePasted(input);
    if (normalized === '') continue;
    values.push({ line: i + 1, input: input.trim(), normalized });
  }
  return { values, headerBy };
}

/** A device as an exact match reads it: what paste-a-list shows and what a change plan compares. */
export interface MatchRow {
  device_id: string;
  serial_number: string | null;
  annotated_asset_id: string | null;
  model: string | null;
  status: string | null;
  org_unit_path: string | null;
  annotated_location: string | null;
  annotated_user: string | null;
  notes: string | null;
  serial_key: string | null;
  asset_key: string | null;
}

export interface ExactMatches {
  readonly bySerial: Map<string, MatchRow[]>;
  readonly byAsset: Map<string, MatchRow[]>;
}

const CHUNK = 1000;

/**
 * Why: paste-a-list and change plans match values one way, exactly and case folded (never a
 * prefix), through the `(org_id, lower(serial_number))` and `(org_id, lower(annotated_asset_id))`
 * indexes, 1,000 values a statement. `values` are normalized (`normalizePasted`) and unique.
 */
export async function matchExactly(
  db: Kysely<DB>,
  scope: RawBuilder<boolean>,
  values: readonly string[],
  by: 'auto' | 'serial' | 'assetId',
): Promise<ExactMatches> {
  const bySerial = new Map<string, MatchRow[]>();
  const byAsset = new Map<string, MatchRow[]>();
  for (let at = 0; at < values.length; at += CHUNK) {
    const chunk = values.slice(at, at + CHUNK);
    const list = sql.join(chunk.map((value) => sql`${value}`));
    const matchers = [];
    if (by !== 'assetId') matchers.push(sql`lower(d.serial_number) in (${list})`);
    if (by !== 'serial') matchers.push(sql`lower(d.annotated_asset_id) in (${list})`);
    const { rows } = await sql<MatchRow>`
      select d.device_id, d.serial_number, d.annotated_asset_id, d.model, d.status, d.org_unit_path,
        d.annotated_location, d.annotated_user, d.notes,
        lower(d.serial_number) as serial_key, lower(d.annotated_asset_id) as asset_key
      from fleet_device d
      where ${scope} and (${sql.join(matchers, sql` or `)})
      order by d.device_id`.execute(db);
    for (const row of rows) {
      if (by !== 'assetId' && row.serial_key !== null) push(bySerial, row.serial_key, row);
      if (by !== 'serial' && row.asset_key !== null) push(byAsset, row.asset_key, row);
    }
  }
  return { bySerial, byAsset };
}

/** Why: bulk actions on a pasted list act only on lines that matched exactly one device. */
export async function resolvePastedList(
  db: Kysely<DB>,
  scope: RawBuilder<boolean>,
  request: ResolveDevicesRequest,
): Promise<ResolveDevicesResponse> {
  const { values, headerBy } = readPastedValues(request.text, request.column);
  const by = request.by === 'auto' ? (headerBy ?? 'auto') : request.by;
  const unique = [...new Set(values.map((value) => value.normalized))];
  const { bySerial, byAsset } = await matchExactly(db, scope, unique, by);
  const suggestions = await suggestUnmatched(db, scope, by, unique, bySerial, byAsset);
  const firstLine = new Map<string, number>();
  const summary = { none: 0, one: 0, many: 0, duplicates: 0 };
  const uniqueDeviceIds = new Set<string>();
  const lines = values.map((value) => {
    const seen = firstLine.get(value.normalized);
    if (seen === undefined) firstLine.set(value.normalized, value.line);
    else summary.duplicates += 1;
    const matches = [
      ...(bySerial.get(value.normalized) ?? []).map((row) => present(row, 'serial' as const)),
      ...(byAsset.get(value.normalized) ?? [])
        .filter(
          (row) => !(bySerial.get(value.normalized) ?? []).some((other) => other.device_id === row.device_id),
        )
        .map((row) => present(row, 'assetId' as const)),
    ];
    // A repeated value counts on its first line only (and in `duplicates`), so repeats do not
    // inflate "matched" (one device pasted by serial and by asset ID still counts twice here).
    if (seen === undefined) countOutcome(summary, uniqueDeviceIds, matches);
    return {
      line: value.line,
      input: value.input.slice(0, 200),
      normalized: value.normalized.slice(0, 200),
      matches: matches.slice(0, FLEET_LIST_LIMITS.resolveMatchesPerLine),
      matchCount: matches.length,
      duplicateOfLine: seen ?? null,
      suggestions: matches.length === 0 ? (suggestions.found.get(value.normalized) ?? null) : null,
    };
  });
  return { lines, summary, uniqueDeviceIds: [...uniqueDeviceIds], unsuggested: suggestions.unsuggested };
}

/** Why: the first values with no match (serials only) get suggestions; the rest are counted. */
async function suggestUnmatched(
  db: Kysely<DB>,
  scope: RawBuilder<boolean>,
  by: 'auto' | 'serial' | 'assetId',
  unique: readonly string[],
  bySerial: ReadonlyMap<string, MatchRow[]>,
  byAsset: ReadonlyMap<string, MatchRow[]>,
) {
  const unmatched = unique.filter((value) => !bySerial.has(value) && !byAsset.has(value));
  if (by === 'assetId') return { found: new Map<string, ResolveSuggestions>(), unsuggested: 0 };
  const looked = unmatched.slice(0, FLEET_LIST_LIMITS.resolveSuggestValues);
  return { found: await suggestSerials(db, scope, looked), unsuggested: unmatched.length - looked.length };
}

function countOutcome(
  summary: { none: number; one: number; many: number },
  uniqueDeviceIds: Set<string>,
  matches: readonly { deviceId: string }[],
): void {
  if (matches.length === 0) summary.none += 1;
  else if (matches.length === 1) {
    summary.one += 1;
    uniqueDeviceIds.add((matches[0] as { deviceId: string }).deviceId);
  } else summary.many += 1;
}

function push(map: Map<string, MatchRow[]>, key: string, row: MatchRow): void {
  const list = map.get(key);
  if (list) list.push(row);
  else map.set(key, [row]);
}

function present(row: MatchRow, matchedOn: 'serial' | 'assetId') {
  return {
    deviceId: row.device_id,
    serialNumber: row.serial_number,
    annotatedAssetId: row.annotated_asset_id,
    model: row.model,
    status: row.status,
    orgUnitPath: row.org_unit_path,
    matchedOn,
  };
}
