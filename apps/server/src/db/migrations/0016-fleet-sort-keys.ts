import { sql, type Kysely } from 'kysely';

/**
 * Battery health and OS version sort by what they mean, not by their text (decision 030). Each
 * gets a stored sort key the database generates from the value the table shows, with an
 * (org_id, key, device_id) index for the keyset pages:
 *
 * - `battery_health_rank`: Google's battery states from least to most healthy (replace now 1,
 *   replace soon 2, normal 3); no state, `BATTERY_HEALTH_UNSPECIFIED` or an unknown one is null,
 *   so those devices come last with the blanks.
 * - `os_version_key`: the dotted version as an integer array (`120.0.6099.235` →
 *   `{120,0,6099,235}`), which compares part by part as numbers: 9.x < 10.x, 8512.71 < 8512.109.
 *   A version that is not dotted numbers of up to nine digits (Google sends none) is null, with
 *   the blanks.
 *
 * Generated columns, so every writer (sync pages, COPY into a load table, telemetry updates,
 * fixtures) keeps them right without knowing of them. Adding them rewrites `fleet_device` and
 * every partition once (at 100,000 devices 17–40 s on PostgreSQL, 88–101 s on PGlite; decision
 * 030). The index on `os_version` stays: `chrome_version:…;prefix` reads it where the collation
 * allows (PGlite).
 */

/** The order `COLUMN_SQL.batteryHealth` documents. */
const BATTERY_RANK = sql.raw(`case battery_health
    when 'BATTERY_REPLACE_NOW' then 1
    when 'BATTERY_REPLACE_SOON' then 2
    when 'BATTERY_HEALTH_NORMAL' then 3
  end::smallint`);

/**
 * Anchored match then a split: about a microsecond a row on PostgreSQL (a regexp_replace padding
 * each number took 25).
 */
const OS_VERSION_KEY = sql.raw(
  `case when os_version ~ '^[0-9]{1,9}(\\.[0-9]{1,9})*$' then string_to_array(os_version, '.')::int[] end`,
);

const SORT_KEYS = sql`
  add column battery_health_rank smallint generated always as (${BATTERY_RANK}) stored,
  add column os_version_key int[] generated always as (${OS_VERSION_KEY}) stored`;

export async function up(db: Kysely<unknown>): Promise<void> {
  // One ALTER: the table and its partitions are rewritten once for both columns.
  await sql`alter table fleet_device ${SORT_KEYS}`.execute(db);
  // A first copy still loading (device-partition.ts) must match the table to be attached.
  for (const table of await loadTables(db)) await sql`alter table ${sql.id(table)} ${SORT_KEYS}`.execute(db);
  // On the partitioned table: built on every partition, and copied onto each first copy's load
  // table by `partitionIndexStatements`.
  await sql`create index fleet_device_battery_health_rank_idx on fleet_device (org_id, battery_health_rank, device_id)`.execute(
    db,
  );
  await sql`create index fleet_device_os_version_key_idx on fleet_device (org_id, os_version_key, device_id)`.execute(
    db,
  );
  await sql`analyze fleet_device`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const drop = sql`drop column if exists os_version_key, drop column if exists battery_health_rank`;
  await sql`drop index if exists fleet_device_os_version_key_idx`.execute(db);
  await sql`drop index if exists fleet_device_battery_health_rank_idx`.execute(db);
  await sql`alter table fleet_device ${drop}`.execute(db);
  for (const table of await loadTables(db)) await sql`alter table ${sql.id(table)} ${drop}`.execute(db);
}

/** First copies' load tables not yet attached as partitions (`devicePartitionName`). */
async function loadTables(db: Kysely<unknown>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_class c
    where c.relkind = 'r' and c.relname like 'fleet\\_device\\_o\\_%' and pg_table_is_visible(c.oid)
      and not exists (select 1 from pg_inherits i where i.inhrelid = c.oid)
    order by 1`.execute(db);
  return rows.map((row) => row.name);
}
