import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DEVICE_TABLE, devicePartitionName } from '../fleet-store/device-partition.ts';

/**
 * Which table the fleet table's statements read for an organization. One whose first sync left it
 * a partition of its own (device-partition.ts) is read through that partition by name: PostgreSQL
 * then plans one table and its indexes instead of the partitioned table and every partition's
 * (planning the OU query took 0.51 ms through `fleet_device` and 0.16 ms through the partition on
 * PostgreSQL, warm). Tenant isolation is unchanged: the partition holds this organization's rows
 * only (its partition bound and a check constraint), and every statement still filters on
 * `org_id`. An organization without one reads `fleet_device`.
 */
export type DeviceRelation = RawBuilder<unknown>;

export const ALL_DEVICES: DeviceRelation = sql.table(DEVICE_TABLE);

/** A partition, once attached, stays; its absence is looked up again after this long. */
const ABSENT_TTL_MS = 60_000;
const MAX_ORGANIZATIONS = 10_000;

interface Known {
  readonly relation: DeviceRelation;
  /** When the partition was found absent; undefined once it is attached. */
  readonly absentAt?: number;
}

/** Per database handle, so test databases (and their organizations) never share an answer. */
const known = new WeakMap<Kysely<DB>, Map<string, Known>>();

/** Why: the fleet table's reads plan faster on the organization's own partition. */
export async function deviceRelation(db: Kysely<DB>, orgId: string): Promise<DeviceRelation> {
  let byOrg = known.get(db);
  if (!byOrg) {
    byOrg = new Map();
    known.set(db, byOrg);
  }
  const cached = byOrg.get(orgId);
  if (cached && (cached.absentAt === undefined || Date.now() - cached.absentAt < ABSENT_TTL_MS)) {
    return cached.relation;
  }
  const name = devicePartitionName(orgId);
  const { rows } = await sql<{ attached: boolean }>`
    select exists (
      select 1 from pg_inherits
      where inhrelid = to_regclass(${name}) and inhparent = ${DEVICE_TABLE}::regclass
    ) as attached`.execute(db);
  const entry: Known = rows[0]?.attached
    ? { relation: sql.table(name) }
    : { relation: ALL_DEVICES, absentAt: Date.now() };
  if (byOrg.size >= MAX_ORGANIZATIONS) byOrg.clear();
  byOrg.set(orgId, entry);
  return entry.relation;
}
