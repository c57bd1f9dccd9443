import { sql, type Kysely } from 'kysely';

/**
 * Sync writes at scale. Which devices a sync run listed goes into a narrow table of its own:
 * stamping `fleet_device.seen_run_id` on every listed device rewrote each wide row and all of its
 * indexes (trigram ones included) on every run, which made an incremental run of 100,000 mostly
 * unchanged devices cost tens of seconds of database time; an insert here touches one small index.
 * Google's device JSON (`raw`, ~4 KB) is stored out of line without compression: compressing it
 * was about a quarter of the database time of writing a device, for a column read one row at a time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table fleet_device_seen (
      org_id text not null,
      run_id uuid not null,
      device_id text not null,
      primary key (org_id, run_id, device_id)
    )`.execute(db);
  await sql`alter table fleet_device alter column raw set storage external`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table fleet_device alter column raw set storage extended`.execute(db);
  await db.schema.dropTable('fleet_device_seen').ifExists().execute();
}
