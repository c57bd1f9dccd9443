import { sql, type RawBuilder } from 'kysely';
import { measureColumns } from '../dashboard/fleet-queries.ts';
import type { Executor } from './device-page-writer.ts';
import {
  alwaysCountedZeros,
  OU_ROLLUPS_MARKER,
  sumOuRollups,
  sumOuSnapshots,
  writeOuRollups,
  writeOuSnapshots,
} from './ou-rollups.ts';

/**
 * Dashboard counts maintained by the sync: after each run, one transaction recomputes every
 * dimension from the device table per organizational unit (`ou-rollups.ts`), replaces the
 * organization's rollup rows with their sum and upserts today's snapshots (the organization's and
 * each unit's) for the trend charts. The dashboard then reads a few hundred rows instead of
 * scanning the fleet per request; a member limited to OU subtrees reads the sum of their units'
 * rows (decision 033). `rollupAggregate` is the same aggregate computed live, the reference.
 */

/** Dimensions written, with what a bucket holds. Every one but `total` and `status` counts ACTIVE devices. */
export const ROLLUP_DIMENSIONS = {
  total: 'all live devices (bucket `all`)',
  status: 'Directory status, `UNKNOWN` when absent',
  inService: 'ACTIVE devices (bucket `all`)',
  tile: 'one bucket per dashboard tile (see TILE_MEASURES)',
  attention: 'needs-attention categories counted from our copy (see ATTENTION_MEASURES)',
  compliance: 'osVersionCompliance, `Unknown` when absent',
  battery: 'battery health from telemetry, `Unknown` when absent',
  model: 'model name, `Unknown` when absent',
  osMajor: 'Chrome OS major version, `Unknown` when absent',
  aueYearModel: '`<school year start>|<model>`, `none|<model>` without an AUE date',
  meta: "bucket `utcDay`: the UTC day the counts were taken, as days since 1970-01-01; `ouRollups`: 1 once the units' rows are kept",
} as const;
export type RollupDimension = keyof typeof ROLLUP_DIMENSIONS;

export interface RollupRow {
  readonly dimension: string;
  readonly bucket: string;
  readonly count: number;
}

/** Snapshot fields: each the bucket of a dimension, in the order the trend charts read them. */
export const SNAPSHOT_FIELDS = {
  active: ['inService', 'all'],
  active7: ['tile', 'active7'],
  active30: ['tile', 'active30'],
  compliant: ['compliance', 'compliant'],
  notCompliant: ['compliance', 'notCompliant'],
  pendingUpdate: ['compliance', 'pending'],
  batteryReplaceSoon: ['battery', 'BATTERY_REPLACE_SOON'],
  batteryReplaceNow: ['battery', 'BATTERY_REPLACE_NOW'],
} as const;

/**
 * Why: the dashboard aggregate computed now over the device table, the reference the stored
 * rollups must equal. `ouPaths` limits it to OU subtrees (a path covers itself and everything
 * below it); omitted, it counts the whole fleet.
 */
export function rollupAggregate(orgId: string, ouPaths?: readonly string[]): RawBuilder<unknown> {
  const scope =
    ouPaths === undefined
      ? sql``
      : ouPaths.length === 0
        ? sql`and false`
        : sql`and (${sql.join(
            ouPaths.map((path) =>
              path === '/'
                ? sql`true`
                : // Case-insensitive, as Google's OU paths and every other scope check (isWithinOu).
                  sql`(lower(org_unit_path) = ${path.toLowerCase()} or starts_with(lower(org_unit_path), ${`${path.toLowerCase()}/`}))`,
            ),
            sql` or `,
          )})`;
  const { filters, unpivot } = measureColumns();
  return sql`
    with live as materialized (
      select status, model, os_version, aue_date, battery_health, os_compliance, boot_mode, last_sync,
        storage_free_bytes, storage_total_bytes
      from fleet_device where org_id = ${orgId} and deleted_at is null ${scope}
    ),
    active as materialized (select * from live where status = 'ACTIVE')
    select 'total' as dimension, 'all' as bucket, (select count(*)::int from live) as device_count
    union all select 'status', coalesce(status, 'UNKNOWN'), count(*)::int from live group by 2
    union all select 'inService', 'all', (select count(*)::int from active)
    union all select 'meta', 'utcDay', ((now() at time zone 'UTC')::date - date '1970-01-01')::int
    union all select t.dimension, t.bucket, t.device_count
      from (select ${sql.raw(filters.join(', '))} from active) c
      cross join lateral (values ${sql.raw(unpivot.join(', '))}) t(dimension, bucket, device_count)
    union all select 'compliance', coalesce(os_compliance, 'Unknown'), count(*)::int from active group by 2
    union all select 'battery', coalesce(battery_health, 'Unknown'), count(*)::int from active group by 2
    union all select 'model', coalesce(model, 'Unknown'), count(*)::int from active group by 2
    union all select 'osMajor', case when split_part(os_version, '.', 1) ~ '^[0-9]+$'
        then split_part(os_version, '.', 1) else 'Unknown' end, count(*)::int from active group by 2
    union all select 'aueYearModel',
        coalesce(extract(year from aue_date - interval '6 months')::int::text, 'none') || '|' || coalesce(model, 'Unknown'),
        count(*)::int from active group by 2`;
}

/** Why: keeps the dashboard's numbers in step with the copy at the end of every sync. */
export async function refreshRollups(db: Executor, orgId: string): Promise<void> {
  await sql`set local jit = off`.execute(db);
  await writeOuRollups(db, orgId);
  await sql`delete from fleet_rollup where org_id = ${orgId}`.execute(db);
  await sql`
    insert into fleet_rollup (org_id, dimension, bucket, device_count)
    select ${orgId}, dimension, bucket, sum(device_count)::int from (
      select dimension, bucket, device_count from fleet_ou_rollup where org_id = ${orgId}
      union all ${alwaysCountedZeros()}
      union all select 'meta', 'utcDay', ((now() at time zone 'UTC')::date - date '1970-01-01')::int
      union all select ${OU_ROLLUPS_MARKER[0]}::text, ${OU_ROLLUPS_MARKER[1]}::text, 1
    ) counts group by dimension, bucket`.execute(db);
  const fields = Object.entries(SNAPSHOT_FIELDS).map(
    ([name, [dimension, bucket]]) =>
      sql`${name}::text, coalesce(sum(device_count) filter (where dimension = ${dimension} and bucket = ${bucket}), 0)::int`,
  );
  await sql`
    insert into fleet_daily_snapshot (org_id, day, counts, computed_at)
    select ${orgId}, (now() at time zone 'UTC')::date, jsonb_build_object(${sql.join(fields)}), now()
    from fleet_rollup where org_id = ${orgId}
    on conflict (org_id, day) do update set counts = excluded.counts, computed_at = excluded.computed_at`.execute(
    db,
  );
  await writeOuSnapshots(db, orgId, SNAPSHOT_FIELDS);
}

/** Why: the dashboard and the sync contract read rollups the same way. */
export async function readRollups(db: Executor, orgId: string): Promise<RollupRow[]> {
  // One JSON value instead of a few hundred rows: far cheaper to hand over, on PGlite above all.
  const result = await sql<{ rows: [string, string, number][] | null }>`
    select json_agg(json_build_array(dimension, bucket, device_count) order by dimension, device_count desc, bucket)
      as rows
    from fleet_rollup where org_id = ${orgId}`.execute(db);
  return toRollupRows(result.rows[0]?.rows);
}

/**
 * Why: a scoped member's numbers, summed from the rollups of the units within their OU subtrees;
 * computed live (`computeScopedRollups`) for an organization whose units' rows are not kept yet.
 */
export async function readScopedRollups(
  db: Executor,
  orgId: string,
  ouPaths: readonly string[],
): Promise<RollupRow[]> {
  const rows = await sumOuRollups(db, orgId, ouPaths);
  return rows === undefined ? computeScopedRollups(db, orgId, ouPaths) : toRollupRows(rows);
}

/** Why: the trend snapshots of a scoped member's units, summed per day. */
export async function readScopedSnapshots(
  db: Executor,
  orgId: string,
  ouPaths: readonly string[],
  days: number,
): Promise<{ day: string; counts: Record<string, number> }[]> {
  return sumOuSnapshots(db, orgId, ouPaths, Object.keys(SNAPSHOT_FIELDS), days);
}

/** Why: the numbers computed now over OU subtrees (nothing stored): the reference, and the fallback. */
export async function computeScopedRollups(
  db: Executor,
  orgId: string,
  ouPaths: readonly string[],
): Promise<RollupRow[]> {
  // PostgreSQL's JIT compiles this plan on every call (hundreds of ms) to save a few: off for it.
  const run = async (trx: Executor) => {
    await sql`set local jit = off`.execute(trx);
    return sql<{ rows: [string, string, number][] | null }>`
      select json_agg(json_build_array(dimension, bucket, device_count) order by dimension, device_count desc, bucket)
        as rows
      from (${rollupAggregate(orgId, ouPaths)}) counts`.execute(trx);
  };
  const result = db.isTransaction ? await run(db) : await db.transaction().execute(run);
  return toRollupRows(result.rows[0]?.rows);
}

function toRollupRows(rows: [string, string, number][] | null | undefined): RollupRow[] {
  return (rows ?? []).map(([dimension, bucket, count]) => ({ dimension, bucket, count }));
}
