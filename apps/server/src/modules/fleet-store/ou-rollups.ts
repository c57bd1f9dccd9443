import { sql, type RawBuilder } from 'kysely';
import { ATTENTION_MEASURES, measureColumns, TILE_MEASURES } from '../dashboard/fleet-queries.ts';
import type { Executor } from './device-page-writer.ts';

/**
 * Dashboard counts per organizational unit (decision 033). The sync's rollup step aggregates the
 * device table once per unit (`fleet_ou_rollup`, only counts above zero); the organization's
 * rollups are the sum of every unit's rows, and a member limited to OU subtrees gets the sum of
 * their units' rows: a range read on the primary key, a few hundred to a few thousand rows.
 */

/** Dimension and bucket pairs every aggregate answers, 0 when no device counts there. */
export const ALWAYS_COUNTED: readonly (readonly [string, string])[] = [
  ['total', 'all'],
  ['inService', 'all'],
  ...Object.keys(TILE_MEASURES).map((key) => ['tile', key] as const),
  ...Object.keys(ATTENTION_MEASURES).map((key) => ['attention', key] as const),
];

/** The marker the rollup step writes once the units' rows beside the organization's are current. */
export const OU_ROLLUPS_MARKER = ['meta', 'ouRollups'] as const;

/** `(dimension, bucket, device_count)` rows of zero for ALWAYS_COUNTED. */
export function alwaysCountedZeros(): RawBuilder<unknown> {
  return sql`select dimension, bucket, 0 as device_count from (values ${sql.join(
    ALWAYS_COUNTED.map(([dimension, bucket]) => sql`(${dimension}::text, ${bucket}::text)`),
  )}) zero(dimension, bucket)`;
}

/**
 * Why: "this unit and everything below it" on `ou_key` (lower-case paths, collated "C"), with the
 * meaning of isWithinOu: `/a` covers `/a` and `/a/b`, not `/ab`. Each subtree is an equality and
 * a byte range, both served by the primary key; `/` is every unit.
 */
export function ouKeyWithin(column: RawBuilder<unknown>, ouPaths: readonly string[]): RawBuilder<unknown> {
  if (ouPaths.length === 0) return sql`false`;
  return sql`(${sql.join(
    ouPaths.map((path) => {
      if (path === '/') return sql`true`;
      const key = path.toLowerCase();
      // One index range, [key, key0), '0' being the byte after '/'; within it, the key itself and
      // the keys from `key/` on (not `key-x`, `key.x`… which sort between them).
      return sql`(${column} >= ${key} and ${column} < ${`${key}0`} and (${column} = ${key} or ${column} >= ${`${key}/`}))`;
    }),
    sql` or `,
  )})`;
}

/**
 * Why: the dashboard aggregate of `rollupAggregate`, grouped by unit. Same measures, same
 * buckets; `ou_key` is the lower-case OU path ('' for a device without one).
 */
export function ouRollupAggregate(orgId: string): RawBuilder<unknown> {
  const { filters, unpivot } = measureColumns();
  return sql`
    with live as materialized (
      select coalesce(lower(org_unit_path), '') as ou_key, status, model, os_version, aue_date,
        battery_health, os_compliance, boot_mode, last_sync, storage_free_bytes, storage_total_bytes
      from fleet_device where org_id = ${orgId} and deleted_at is null
    ),
    active as materialized (select * from live where status = 'ACTIVE')
    select ou_key, 'total' as dimension, 'all' as bucket, count(*)::int as device_count from live group by 1
    union all select ou_key, 'status', coalesce(status, 'UNKNOWN'), count(*)::int from live group by 1, 3
    union all select ou_key, 'inService', 'all', count(*)::int from active group by 1
    union all select c.ou_key, t.dimension, t.bucket, t.device_count
      from (select ou_key, ${sql.raw(filters.join(', '))} from active group by 1) c
      cross join lateral (values ${sql.raw(unpivot.join(', '))}) t(dimension, bucket, device_count)
    union all select ou_key, 'compliance', coalesce(os_compliance, 'Unknown'), count(*)::int from active group by 1, 3
    union all select ou_key, 'battery', coalesce(battery_health, 'Unknown'), count(*)::int from active group by 1, 3
    union all select ou_key, 'model', coalesce(model, 'Unknown'), count(*)::int from active group by 1, 3
    union all select ou_key, 'osMajor', case when split_part(os_version, '.', 1) ~ '^[0-9]+$'
        then split_part(os_version, '.', 1) else 'Unknown' end, count(*)::int from active group by 1, 3
    union all select ou_key, 'aueYearModel',
        coalesce(extract(year from aue_date - interval '6 months')::int::text, 'none') || '|' || coalesce(model, 'Unknown'),
        count(*)::int from active group by 1, 3`;
}

/** Why: the units' rows the sync keeps; the organization's rollups are then summed from them. */
export async function writeOuRollups(db: Executor, orgId: string): Promise<void> {
  await sql`delete from fleet_ou_rollup where org_id = ${orgId}`.execute(db);
  await sql`
    insert into fleet_ou_rollup (org_id, ou_key, dimension, bucket, device_count)
    select ${orgId}, ou_key, dimension, bucket, device_count from (${ouRollupAggregate(orgId)}) counts
    where device_count > 0`.execute(db);
}

/** Days of unit snapshots kept: past the trend charts' 180 points on most schedules. */
const OU_SNAPSHOT_DAYS = 400;

/** Why: today's trend counts per unit, replacing any written earlier today. */
export async function writeOuSnapshots(
  db: Executor,
  orgId: string,
  fields: Readonly<Record<string, readonly [string, string]>>,
): Promise<void> {
  const today = sql`(now() at time zone 'UTC')::date`;
  await sql`
    delete from fleet_ou_daily_snapshot
    where org_id = ${orgId} and (day = ${today} or day < ${today} - ${OU_SNAPSHOT_DAYS}::int)`.execute(db);
  const counts = Object.entries(fields).map(
    ([name, [dimension, bucket]]) =>
      sql`${name}::text, coalesce(sum(device_count) filter (where dimension = ${dimension} and bucket = ${bucket}), 0)::int`,
  );
  await sql`
    insert into fleet_ou_daily_snapshot (org_id, day, ou_key, counts)
    select ${orgId}, ${today}, ou_key, jsonb_build_object(${sql.join(counts)})
    from fleet_ou_rollup where org_id = ${orgId} group by ou_key`.execute(db);
}

/**
 * Why: a scoped member's rollups, summed from their units' rows; `undefined` when the units' rows
 * are not written yet for this organization (before its first sync since migration 0023).
 */
export async function sumOuRollups(
  db: Executor,
  orgId: string,
  ouPaths: readonly string[],
): Promise<[string, string, number][] | undefined> {
  const result = await sql<{ rows: [string, string, number][] | null; ready: boolean }>`
    select
      (select json_agg(json_build_array(dimension, bucket, device_count)
          order by dimension, device_count desc, bucket)
        from (
          select dimension, bucket, sum(device_count)::int as device_count from (
            select dimension, bucket, device_count from fleet_ou_rollup
            where org_id = ${orgId} and ${ouKeyWithin(sql`ou_key`, ouPaths)}
            union all ${alwaysCountedZeros()}
            union all select dimension, bucket, device_count from fleet_rollup
            where org_id = ${orgId} and dimension = 'meta' and bucket = 'utcDay'
          ) r group by dimension, bucket
        ) counts) as rows,
      exists (select 1 from fleet_rollup where org_id = ${orgId}
        and dimension = ${OU_ROLLUPS_MARKER[0]} and bucket = ${OU_ROLLUPS_MARKER[1]}) as ready`.execute(db);
  const row = result.rows[0];
  return row?.ready ? (row.rows ?? []) : undefined;
}

/**
 * Why: the trend counts of a scoped member's units, one per day the organization has a snapshot
 * and the units' snapshots were kept (a day without devices in their units counts 0).
 */
export async function sumOuSnapshots(
  db: Executor,
  orgId: string,
  ouPaths: readonly string[],
  fields: readonly string[],
  days: number,
): Promise<{ day: string; counts: Record<string, number> }[]> {
  const sums = fields.map((name) => sql`${name}::text, coalesce(sum((o.counts ->> ${name})::int), 0)::int`);
  const result = await sql<{ day: string; counts: Record<string, number> }>`
    select s.day::text as day, jsonb_build_object(${sql.join(sums)}) as counts
    from (
      select day from fleet_daily_snapshot
      where org_id = ${orgId}
        and day >= (select min(day) from fleet_ou_daily_snapshot where org_id = ${orgId})
      order by day desc limit ${days}
    ) s
    left join fleet_ou_daily_snapshot o
      on o.org_id = ${orgId} and o.day = s.day and ${ouKeyWithin(sql`o.ou_key`, ouPaths)}
    group by s.day
    order by s.day`.execute(db);
  return result.rows;
}
