import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Executor } from './device-page-writer.ts';

/**
 * Where a sync writes devices (see migration 0011). A first copy of an organization's fleet goes
 * into a load table with only its primary key; once the device and telemetry lanes are done, the
 * table becomes the organization's partition of `fleet_device` and PostgreSQL builds the other
 * indexes by sorting. Until then the organization has no device rows to show, which a first sync
 * never had anyway. Every later sync writes through `fleet_device` itself.
 */

export const DEVICE_TABLE = 'fleet_device';

/** The organization's partition (while loading: its load table), named from a digest of its id. */
export function devicePartitionName(orgId: string): string {
  return `fleet_device_o_${createHash('sha256').update(orgId).digest('hex').slice(0, 24)}`;
}

export interface DeviceTarget {
  /** The table device pages are written into. */
  readonly table: string;
  /** A load table to attach as the organization's partition once both lanes are done. */
  readonly loading: boolean;
}

/**
 * Why: decides, at the start of each attempt, whether this run loads a first copy (no device row
 * and no partition yet), resumes one (the load table exists but is not attached) or writes through
 * the partitioned table.
 */
export async function openDeviceTarget(db: Executor, orgId: string): Promise<DeviceTarget> {
  const name = devicePartitionName(orgId);
  const state = await sql<{ present: boolean; attached: boolean; has_rows: boolean }>`
    select to_regclass(${name}) is not null as present,
      exists (select 1 from pg_inherits where inhrelid = to_regclass(${name})) as attached,
      exists (select 1 from fleet_device where org_id = ${orgId}) as has_rows`.execute(db);
  const row = state.rows[0];
  if (row?.present && !row.attached) return { table: name, loading: true };
  if (row?.present || row?.has_rows) return { table: DEVICE_TABLE, loading: false };
  // With the sort keys' generation expressions (migration 0016): a partition's columns must be
  // generated as the table's are, and the load table's rows get their keys as they are written.
  await sql`create table ${sql.id(name)} (like fleet_device including defaults including generated including storage)`.execute(
    db,
  );
  await sql`alter table ${sql.id(name)} add primary key (org_id, device_id)`.execute(db);
  // Holds only this organization's rows, and lets the attach skip the scan that would prove it.
  await sql`alter table ${sql.id(name)} add constraint ${sql.id(`${name}_org`)} check (org_id = ${sql.lit(orgId)})`.execute(
    db,
  );
  return { table: name, loading: true };
}

/**
 * The partitioned table's indexes as statements that build each on a load table, so they can run
 * side by side on several connections (attaching would build them one after another) and be
 * adopted by the attach. Each is its own transaction, and a resumed run builds only those missing.
 * The slowest (the trigram index, not a B-tree) comes first.
 */
export async function partitionIndexStatements(db: Executor, table: string): Promise<string[]> {
  const indexes = await sql<{ name: string; definition: string }>`
    select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
    from pg_index i join pg_class c on c.oid = i.indexrelid
    where i.indrelid = 'fleet_device'::regclass and not i.indisprimary
    order by c.relam = (select oid from pg_am where amname = 'btree'), c.relname`.execute(db);
  return indexes.rows.map((index) => {
    const name = `${table}_${index.name.replace(/^fleet_device_/, '')}`;
    const statement = index.definition.replace(
      /^CREATE INDEX \S+ ON ONLY (?:public\.)?fleet_device /,
      `CREATE INDEX IF NOT EXISTS ${name} ON ${table} `,
    );
    if (statement === index.definition) throw new Error(`unexpected index definition: ${index.definition}`);
    return statement;
  });
}

/**
 * Why: makes a loaded first copy the organization's devices in one transaction: attaching adopts
 * the indexes built on it (and builds any missing), and fresh statistics let the fleet queries
 * plan for it at once.
 */
export async function attachDevicePartition(db: Executor, orgId: string, table: string): Promise<void> {
  await sql`alter table fleet_device attach partition ${sql.id(table)} for values in (${sql.lit(orgId)})`.execute(
    db,
  );
  await sql`analyze ${sql.id(table)}`.execute(db);
}
