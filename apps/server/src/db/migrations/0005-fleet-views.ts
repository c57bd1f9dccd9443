import { sql, type Kysely } from 'kysely';

/**
 * The fleet table: saved views (a named query, columns and sort, private or shared within the
 * organization) and the indexes its keyset pages, free text and pasted lists need. Sort indexes end
 * with device_id, the keyset tiebreak, so a page of a low-cardinality column (status, battery)
 * reads the index in order instead of sorting every device of that value.
 */

/** Sortable columns whose (org_id, column) index from 0003 becomes (org_id, column, device_id). */
const WIDENED = [
  'serial_number',
  'annotated_asset_id',
  'status',
  'model',
  'org_unit_path',
  'last_sync',
  'aue_date',
  'os_version',
  'os_compliance',
  'battery_health',
];
/** Sortable columns without an index until now. */
const ADDED = ['annotated_user', 'recent_user', 'annotated_location'];
/** Free text also reads these; 0003 indexed serial, asset ID, user and recent user. */
const TRIGRAM = ['annotated_location', 'notes', 'model'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table saved_view (
      id uuid primary key default gen_random_uuid(),
      org_id text not null,
      owner_id text not null,
      owner_name text,
      name text not null,
      shared boolean not null default false,
      q text not null default '',
      columns jsonb not null,
      sort text not null,
      dir text not null check (dir in ('asc', 'desc')),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index saved_view_org_idx on saved_view (org_id, owner_id, lower(name))`.execute(db);

  for (const column of WIDENED) {
    await sql`drop index if exists ${sql.raw(`fleet_device_${column}_idx`)}`.execute(db);
  }
  for (const column of [...WIDENED, ...ADDED]) {
    await sql`create index ${sql.raw(`fleet_device_${column}_idx`)} on fleet_device (org_id, ${sql.ref(column)}, device_id)`.execute(
      db,
    );
  }
  for (const column of TRIGRAM) {
    await sql`create index ${sql.raw(`fleet_device_${column}_trgm_idx`)} on fleet_device using gin (${sql.ref(column)} gin_trgm_ops)`.execute(
      db,
    );
  }
  // A pasted list matches serials and asset IDs exactly, in any case.
  await sql`create index fleet_device_serial_lower_idx on fleet_device (org_id, lower(serial_number))`.execute(
    db,
  );
  await sql`create index fleet_device_asset_lower_idx on fleet_device (org_id, lower(annotated_asset_id))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists fleet_device_asset_lower_idx`.execute(db);
  await sql`drop index if exists fleet_device_serial_lower_idx`.execute(db);
  for (const column of TRIGRAM) {
    await sql`drop index if exists ${sql.raw(`fleet_device_${column}_trgm_idx`)}`.execute(db);
  }
  for (const column of [...WIDENED, ...ADDED]) {
    await sql`drop index if exists ${sql.raw(`fleet_device_${column}_idx`)}`.execute(db);
  }
  for (const column of WIDENED) {
    await sql`create index ${sql.raw(`fleet_device_${column}_idx`)} on fleet_device (org_id, ${sql.ref(column)})`.execute(
      db,
    );
  }
  await db.schema.dropTable('saved_view').ifExists().execute();
}
