import { sql } from 'kysely';
import { copyIn, copyJson, copyText } from '../../db/copy-in.ts';
import type { Executor } from './device-page-writer.ts';
import { DEVICE_ROW_SQL_TYPES, type DeviceRow } from './device-row.ts';
import { newestSamples, SAMPLE_BATTERY_TARGETS, SAMPLE_BATTERY_VALUES } from './telemetry-writer.ts';

/**
 * A first copy's new rows on PostgreSQL, copied into the load table with COPY (decision 023):
 * PostgreSQL reads COPY's text once, where the upsert parses the page as one JSON value and then
 * takes each row apart again (about twice the database's work per device). A row takes its battery
 * state from the newest telemetry sample stored before it, read first, as the upsert does with a
 * join; samples that commit later reach it before the attach (`applyNewestTelemetry`).
 */

const ROW_COLUMNS = Object.keys(DEVICE_ROW_SQL_TYPES) as (keyof DeviceRow)[];
const COPY_COLUMNS = [...ROW_COLUMNS, 'seen_run_id', ...SAMPLE_BATTERY_TARGETS];
/** A row without a sample: its battery columns stay empty. */
const NO_BATTERY = SAMPLE_BATTERY_TARGETS.map(() => '\\N').join('\t');

/** Why: the battery columns of new rows, as the text COPY reads, keyed by device. */
export async function readNewestBattery(
  db: Executor,
  orgId: string,
  deviceIds: readonly string[],
): Promise<Map<string, string>> {
  const values = SAMPLE_BATTERY_VALUES.map((value) => `(${value})::text`).join(', ');
  const ids = sql`t.device_id = any(array(select jsonb_array_elements_text(${JSON.stringify(deviceIds)}::jsonb)))`;
  const result = await sql<{ device_id: string; battery: (string | null)[] }>`
    select s.device_id, array[${sql.raw(values)}] as battery from ${newestSamples(orgId, ids)} s`.execute(db);
  return new Map(result.rows.map((row) => [row.device_id, row.battery.map(copyText).join('\t')]));
}

/** Why: new rows of a load table in one COPY; the caller knows none of them is stored yet. */
export async function copyDeviceRows(
  db: Executor,
  table: string,
  runId: string,
  rows: readonly DeviceRow[],
  battery: ReadonlyMap<string, string>,
): Promise<void> {
  const lines = rows.map((row) => {
    const values = ROW_COLUMNS.map((column) =>
      column === 'raw' ? copyJson(JSON.stringify(row.raw)) : copyText(row[column]),
    );
    values.push(runId, battery.get(row.device_id) ?? NO_BATTERY);
    return values.join('\t');
  });
  await copyIn(db, table, COPY_COLUMNS, `${lines.join('\n')}\n`);
}
