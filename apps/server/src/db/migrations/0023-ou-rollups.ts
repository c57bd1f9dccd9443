import { sql, type Kysely } from 'kysely';

/**
 * Dashboard counts per organizational unit (decision 033), written by the sync's rollup step
 * beside the organization's own rollups, so a member limited to OU subtrees reads their units'
 * rows and sums them instead of aggregating the device table on every request.
 *
 * - `fleet_ou_rollup`: one row per unit, dimension and bucket with a count above zero. `ou_key`
 *   is the device's OU path in lower case ('' for a device without one), the form every scope
 *   check compares (isWithinOu). It collates "C" (byte order), so "this path and everything
 *   below it" is one equality and one range on the primary key: `key = p` or
 *   `p || '/' <= key < p || '0'` ('0' is the byte after '/').
 * - `fleet_ou_daily_snapshot`: the trend counts per unit and day, for scoped trend charts.
 *
 * Both fill at the next sync; until then a scoped dashboard is computed live as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table fleet_ou_rollup (
      org_id text not null,
      ou_key text collate "C" not null,
      dimension text not null,
      bucket text not null,
      device_count integer not null,
      primary key (org_id, ou_key, dimension, bucket)
    )`.execute(db);

  await sql`
    create table fleet_ou_daily_snapshot (
      org_id text not null,
      day date not null,
      ou_key text collate "C" not null,
      counts jsonb not null,
      primary key (org_id, day, ou_key)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['fleet_ou_daily_snapshot', 'fleet_ou_rollup']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
