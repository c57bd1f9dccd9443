import { sql, type Kysely } from 'kysely';

/**
 * Which devices a sync run listed is recorded one row per listed page (the page's device ids as
 * an array) instead of one row per device: an incremental run of 100,000 mostly unchanged devices
 * inserted 95,000 rows into `fleet_device_seen` and its primary key (about three seconds of
 * database time), where 334 page rows do the same work. The sweep reads the arrays back with
 * `unnest` into one hashed anti-join. A page's key is its smallest device id, so a page written
 * again (a shard restarted from its first page lists it again) merges into its own row.
 *
 * Rows of a run in progress are carried over both ways, so a run resumed across the migration
 * still knows which devices it listed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table fleet_device_seen_page (
      org_id text not null,
      run_id uuid not null,
      page_key text not null,
      device_ids text[] not null,
      primary key (org_id, run_id, page_key)
    )`.execute(db);
  await sql`
    insert into fleet_device_seen_page (org_id, run_id, page_key, device_ids)
    select org_id, run_id, min(device_id), array_agg(device_id)
    from fleet_device_seen group by org_id, run_id`.execute(db);
  await db.schema.dropTable('fleet_device_seen').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table fleet_device_seen (
      org_id text not null,
      run_id uuid not null,
      device_id text not null,
      primary key (org_id, run_id, device_id)
    )`.execute(db);
  await sql`
    insert into fleet_device_seen (org_id, run_id, device_id)
    select org_id, run_id, unnest(device_ids) from fleet_device_seen_page
    on conflict do nothing`.execute(db);
  await db.schema.dropTable('fleet_device_seen_page').execute();
}
