import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import {
  DEVICE_ROW_SQL_TYPES,
  HISTORY_COLUMN_NAMES,
  HISTORY_COLUMNS,
  type DeviceRow,
  type HistoryColumn,
} from './device-row.ts';
import { copyDeviceRows, readNewestBattery } from './device-page-copy.ts';
import { DEVICE_TABLE } from './device-partition.ts';
import { SAMPLE_BATTERY_COLUMNS, SAMPLE_BATTERY_TARGETS } from './telemetry-writer.ts';

/**
 * Writes one page of devices inside the caller's transaction: rows whose content hash changed are
 * upserted (one statement over `jsonb_to_recordset`), every device the page listed is recorded as
 * seen by this run in one row (for mark-and-sweep), unchanged rows only take a moved etag, and
 * every changed tracked field of a known device becomes one history row. Re-running the same page
 * is harmless, which is what makes resume safe.
 */

export type Executor = Kysely<DB> | Transaction<DB>;

export interface DevicePageInput {
  readonly orgId: string;
  readonly runId: string;
  readonly rows: readonly DeviceRow[];
  /** Devices the page listed whose etag did not move (not fetched): recorded as seen only. */
  readonly unchanged?: readonly SeenDevice[];
  /** `fleet_device`, or a first copy's load table (device-partition.ts). */
  readonly table?: string;
  /** A load table on PostgreSQL: a page of new rows is copied in (device-page-copy.ts). */
  readonly copy?: boolean;
}

export interface DevicePageOutcome {
  readonly written: number;
  readonly unchanged: number;
  readonly created: number;
  readonly historyRows: number;
}

interface ExistingDevice extends Record<HistoryColumn, string | null> {
  device_id: string;
  content_hash: string;
  deleted: boolean;
}

const COLUMNS = Object.keys(DEVICE_ROW_SQL_TYPES) as (keyof DeviceRow)[];
const RECORD_DEFINITION = COLUMNS.map((c) => `${c} ${DEVICE_ROW_SQL_TYPES[c]}`).join(', ');
const UPDATE_COLUMNS = COLUMNS.filter((c) => c !== 'org_id' && c !== 'device_id' && c !== 'raw');

/** Why: the one write path of devices for every sync, so a page and its checkpoint commit together. */
export async function writeDevicePage(db: Executor, input: DevicePageInput): Promise<DevicePageOutcome> {
  const rows = dedupeById(input.rows);
  const listedUnchanged = input.unchanged ?? [];
  const table = input.table ?? DEVICE_TABLE;
  const copying = input.copy === true && rows.length > 0;
  const [existing, battery] = await Promise.all([
    rows.length ? readExisting(db, table, input.orgId, rows) : new Map<string, ExistingDevice>(),
    copying
      ? readNewestBattery(
          db,
          input.orgId,
          rows.map((row) => row.device_id),
        )
      : undefined,
  ]);
  const changed: DeviceRow[] = [];
  const unchanged: SeenDevice[] = [];
  const history: HistoryInsert[] = [];
  for (const row of rows) {
    const before = existing.get(row.device_id);
    if (before && before.content_hash === row.content_hash && !before.deleted) {
      unchanged.push({ device_id: row.device_id, etag: row.etag });
      continue;
    }
    changed.push(row);
    if (before) history.push(...diffHistory(before, row));
  }
  const listed = [...rows.map((row) => row.device_id), ...listedUnchanged.map((device) => device.device_id)];
  // Sent together: none needs another's answer, so the database does not wait on this thread
  // between them (decision 022).
  // A page of rows none of which is stored yet is copied in; one that lists a stored row again
  // (a shard restarted, a device moved between shards) is upserted.
  const write = !changed.length
    ? undefined
    : battery && existing.size === 0
      ? copyDeviceRows(db, table, input.runId, changed, battery)
      : upsertRows(db, table, input, changed);
  await Promise.all([
    write,
    recordSeenPage(db, input.orgId, input.runId, listed),
    updateMovedEtags(db, input.orgId, [...unchanged, ...listedUnchanged], table),
    history.length ? insertHistory(db, input.orgId, input.runId, history) : undefined,
  ]);
  const created = changed.filter((row) => !existing.has(row.device_id)).length;
  return {
    written: changed.length,
    unchanged: unchanged.length + listedUnchanged.length,
    created,
    historyRows: history.length,
  };
}

function dedupeById(rows: readonly DeviceRow[]): DeviceRow[] {
  const byId = new Map<string, DeviceRow>();
  for (const row of rows) byId.set(row.device_id, row);
  return [...byId.values()];
}

async function readExisting(
  db: Executor,
  table: string,
  orgId: string,
  rows: readonly DeviceRow[],
): Promise<Map<string, ExistingDevice>> {
  const ids = JSON.stringify(rows.map((row) => row.device_id));
  const tracked = HISTORY_COLUMN_NAMES.map((c) => `${c}::text as ${c}`).join(', ');
  const result = await sql<ExistingDevice>`
    select device_id, content_hash, deleted_at is not null as deleted, ${sql.raw(tracked)}
    from ${sql.id(table)}
    where org_id = ${orgId}
      and device_id = any(array(select jsonb_array_elements_text(${ids}::jsonb)))`.execute(db);
  return new Map(result.rows.map((row) => [row.device_id, row]));
}

async function upsertRows(
  db: Executor,
  table: string,
  input: DevicePageInput,
  rows: readonly DeviceRow[],
): Promise<void> {
  const payload = JSON.stringify(rows);
  const updates = UPDATE_COLUMNS.map((c) => `${c} = excluded.${c}`).join(', ');
  // A new row takes its battery state from telemetry stored before it (telemetry is listed beside
  // the devices), so it is not written a second time; an existing row keeps its own.
  await sql`
    insert into ${sql.id(table)} (${sql.raw(COLUMNS.join(', '))}, seen_run_id, updated_at, deleted_at,
      ${sql.raw(SAMPLE_BATTERY_TARGETS.join(', '))})
    select ${sql.raw(COLUMNS.map((c) => `r.${c}`).join(', '))}, ${input.runId}::uuid, now(), null,
      ${sql.raw(SAMPLE_BATTERY_COLUMNS)}
    from jsonb_to_recordset(${payload}::jsonb) as r(${sql.raw(RECORD_DEFINITION)})
    left join lateral (
      select t.* from fleet_telemetry_sample t
      where t.org_id = ${input.orgId} and t.device_id = r.device_id
      order by t.sampled_at desc limit 1
    ) s on true
    on conflict (org_id, device_id) do update set
      ${sql.raw(updates)}, raw = excluded.raw,
      seen_run_id = excluded.seen_run_id, updated_at = now(), deleted_at = null`.execute(db);
}

export interface SeenDevice {
  readonly device_id: string;
  /** The listed etag when it may differ from the stored one; null when it is known not to. */
  readonly etag: string | null;
}

/**
 * Why: the sweep must know every device the run listed, and one row per page costs one small
 * insert where a row per device cost ~0.03 ms each (95,000 of them in an incremental run). The
 * page's smallest id keys the row, so a page listed again (a restarted shard) merges into it and
 * no device is recorded twice.
 */
export async function recordSeenPage(
  db: Executor,
  orgId: string,
  runId: string,
  deviceIds: readonly string[],
): Promise<void> {
  const ids = [...new Set(deviceIds)];
  if (ids.length === 0) return;
  const key = ids.reduce((min, id) => (id < min ? id : min));
  await sql`
    insert into fleet_device_seen_page (org_id, run_id, page_key, device_ids)
    values (${orgId}, ${runId}::uuid, ${key}, array(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)))
    on conflict (org_id, run_id, page_key) do update set device_ids = array(
      select distinct unnest(fleet_device_seen_page.device_ids || excluded.device_ids))`.execute(db);
}

/** Why: an unchanged device's row is not rewritten, except for an etag that moved. */
async function updateMovedEtags(
  db: Executor,
  orgId: string,
  devices: readonly SeenDevice[],
  table: string,
): Promise<void> {
  const moved = devices.filter((device) => device.etag !== null);
  if (moved.length === 0) return;
  // The id array keeps the plan on the primary key (a join on the record set alone scans the org).
  await sql`
    update ${sql.id(table)} d set etag = r.etag
    from jsonb_to_recordset(${JSON.stringify(moved)}::jsonb) as r(device_id text, etag text)
    where d.org_id = ${orgId} and d.device_id = r.device_id
      and d.device_id = any(array(select jsonb_array_elements_text(${JSON.stringify(moved.map((d) => d.device_id))}::jsonb)))
      and d.etag is distinct from r.etag`.execute(db);
}

/** Why: a new run starts with no device listed; rows of earlier runs (finished or not) go. */
export async function forgetSeenDevices(db: Executor, orgId: string, runId: string): Promise<void> {
  await sql`delete from fleet_device_seen_page where org_id = ${orgId} and run_id <> ${runId}::uuid`.execute(
    db,
  );
}

/**
 * Why: a run's progress is saved about once a second, so an attempt killed between two saves lost
 * the count of the pages it committed since; the pages themselves say how many devices it listed.
 */
export async function countSeenDevices(db: Executor, orgId: string, runId: string): Promise<number> {
  const { rows } = await sql<{ seen: number }>`
    select count(distinct device_id)::int as seen
    from fleet_device_seen_page, unnest(device_ids) as device_id
    where org_id = ${orgId} and run_id = ${runId}::uuid`.execute(db);
  return rows[0]?.seen ?? 0;
}

/**
 * Why: an incremental listing brings only ids and etags; only devices whose etag differs from the
 * stored one (or that are new) are fetched whole. One read for the whole run: ~40 bytes a device.
 */
export async function readStoredEtags(
  db: Executor,
  orgId: string,
  table: string = DEVICE_TABLE,
): Promise<Map<string, string>> {
  const result = await sql<{ device_id: string; etag: string }>`
    select device_id, etag from ${sql.id(table)}
    where org_id = ${orgId} and deleted_at is null and etag is not null`.execute(db);
  return new Map(result.rows.map((row) => [row.device_id, row.etag]));
}

interface HistoryInsert {
  device_id: string;
  field: string;
  old_value: string | null;
  new_value: string | null;
}

function diffHistory(before: ExistingDevice, row: DeviceRow): HistoryInsert[] {
  const changes: HistoryInsert[] = [];
  for (const column of HISTORY_COLUMN_NAMES) {
    const oldValue = before[column];
    const newValue = row[column];
    if ((oldValue ?? null) === (newValue ?? null)) continue;
    changes.push({
      device_id: row.device_id,
      field: HISTORY_COLUMNS[column],
      old_value: oldValue,
      new_value: newValue,
    });
  }
  return changes;
}

async function insertHistory(
  db: Executor,
  orgId: string,
  runId: string,
  rows: readonly HistoryInsert[],
): Promise<void> {
  await sql`
    insert into fleet_device_history (org_id, device_id, field, old_value, new_value, source, sync_run_id)
    select ${orgId}, r.device_id, r.field, r.old_value, r.new_value, 'sync', ${runId}::uuid
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as r(device_id text, field text, old_value text, new_value text)`.execute(db);
}
