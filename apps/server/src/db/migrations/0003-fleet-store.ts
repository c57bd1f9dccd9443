import { sql, type Kysely } from 'kysely';

/**
 * Our copy of each organization's fleet: org units, devices (typed columns for everything the
 * fleet table filters and sorts on, plus Google's JSON), field history, telemetry samples over
 * time, commands, Google's fleet reports and the dashboard rollups. Every table is keyed by org_id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table fleet_org_unit (
      org_id text not null,
      org_unit_id text not null,
      org_unit_path text not null,
      parent_org_unit_id text,
      name text not null,
      description text,
      raw jsonb not null,
      seen_run_id uuid,
      updated_at timestamptz not null default now(),
      deleted_at timestamptz,
      primary key (org_id, org_unit_id)
    )`.execute(db);
  await sql`create index fleet_org_unit_path_idx on fleet_org_unit (org_id, org_unit_path)`.execute(db);

  await sql`
    create table fleet_device (
      org_id text not null,
      device_id text not null,
      customer_id text not null,
      serial_number text,
      annotated_asset_id text,
      status text,
      model text,
      org_unit_path text,
      org_unit_id text,
      annotated_user text,
      annotated_location text,
      notes text,
      last_sync timestamptz,
      last_enrollment_time timestamptz,
      first_enrollment_time timestamptz,
      aue_date date,
      os_version text,
      platform_version text,
      firmware_version text,
      os_compliance text,
      os_update_state text,
      boot_mode text,
      recent_user text,
      mac_address text,
      ethernet_mac_address text,
      lan_ip text,
      wan_ip text,
      ram_total_bytes bigint,
      storage_total_bytes bigint,
      storage_free_bytes bigint,
      license_type text,
      chrome_os_type text,
      deprovision_reason text,
      manufacture_date date,
      battery_health text,
      battery_cycle_count integer,
      battery_capacity_percent real,
      telemetry_at timestamptz,
      etag text,
      raw jsonb not null,
      content_hash text not null,
      seen_run_id uuid,
      first_seen_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz,
      primary key (org_id, device_id)
    )`.execute(db);
  for (const column of [
    'serial_number',
    'status',
    'model',
    'org_unit_id',
    'org_unit_path',
    'last_sync',
    'aue_date',
    'os_version',
    'os_compliance',
    'battery_health',
    'annotated_asset_id',
  ]) {
    await sql`create index ${sql.raw(`fleet_device_${column}_idx`)} on fleet_device (org_id, ${sql.ref(column)})`.execute(
      db,
    );
  }
  for (const column of ['serial_number', 'annotated_asset_id', 'annotated_user', 'recent_user']) {
    await sql`create index ${sql.raw(`fleet_device_${column}_trgm_idx`)} on fleet_device using gin (${sql.ref(column)} gin_trgm_ops)`.execute(
      db,
    );
  }

  await sql`
    create table fleet_device_history (
      id bigint generated always as identity,
      org_id text not null,
      device_id text not null,
      field text not null,
      old_value text,
      new_value text,
      changed_at timestamptz not null default now(),
      source text not null check (source in ('sync', 'action', 'user')),
      sync_run_id uuid,
      primary key (org_id, id)
    )`.execute(db);
  await sql`create index fleet_device_history_device_idx on fleet_device_history (org_id, device_id, changed_at desc)`.execute(
    db,
  );

  await sql`
    create table fleet_telemetry_sample (
      org_id text not null,
      device_id text not null,
      sampled_at timestamptz not null,
      battery_health text,
      battery_cycle_count integer,
      battery_full_charge_capacity bigint,
      battery_design_capacity bigint,
      storage_free_bytes bigint,
      storage_total_bytes bigint,
      memory_free_bytes bigint,
      memory_total_bytes bigint,
      cpu_utilization_percent integer,
      os_update_state text,
      primary key (org_id, device_id, sampled_at)
    )`.execute(db);

  await sql`
    create table fleet_device_command (
      org_id text not null,
      device_id text not null,
      command_id text not null,
      type text not null,
      state text not null,
      issued_at timestamptz not null default now(),
      issued_by text,
      result jsonb,
      updated_at timestamptz not null default now(),
      primary key (org_id, device_id, command_id)
    )`.execute(db);

  await sql`
    create table fleet_report (
      org_id text not null,
      report text not null,
      fetched_at timestamptz not null default now(),
      data jsonb not null,
      primary key (org_id, report)
    )`.execute(db);

  await sql`
    create table fleet_rollup (
      org_id text not null,
      dimension text not null,
      bucket text not null,
      device_count integer not null,
      computed_at timestamptz not null default now(),
      primary key (org_id, dimension, bucket)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'fleet_rollup',
    'fleet_report',
    'fleet_device_command',
    'fleet_telemetry_sample',
    'fleet_device_history',
    'fleet_device',
    'fleet_org_unit',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
