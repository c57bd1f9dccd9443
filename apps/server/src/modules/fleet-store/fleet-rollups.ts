import { sql } from 'kysely';
import type { Executor } from './device-page-writer.ts';

/**
 * Dashboard counts maintained by the sync: after each run, one transaction recomputes every
 * dimension from the device table (indexed by org) and replaces the organization's rollup rows.
 * The dashboard then reads a few hundred rows instead of scanning the fleet per request.
 */

/** Each dimension as the SQL expression that buckets a live device. */
export const ROLLUP_DIMENSIONS = {
  status: `coalesce(status, 'UNKNOWN')`,
  model: `coalesce(model, 'Unknown')`,
  osVersion: `coalesce(split_part(os_version, '.', 1), 'Unknown')`,
  aueYear: `coalesce(extract(year from aue_date)::int::text, 'Unknown')`,
  batteryHealth: `coalesce(battery_health, 'Unknown')`,
  compliance: `coalesce(os_compliance, 'Unknown')`,
  bootMode: `coalesce(boot_mode, 'Unknown')`,
  activity: `case when last_sync >= now() - interval '7 days' then 'active7'
    when last_sync >= now() - interval '30 days' then 'active30'
    when last_sync >= now() - interval '90 days' then 'idle90' else 'ghost' end`,
} as const;
export type RollupDimension = keyof typeof ROLLUP_DIMENSIONS;

export interface RollupRow {
  readonly dimension: string;
  readonly bucket: string;
  readonly count: number;
}

/** Why: keeps the dashboard's numbers in step with the copy at the end of every sync. */
export async function refreshRollups(db: Executor, orgId: string): Promise<void> {
  await sql`delete from fleet_rollup where org_id = ${orgId}`.execute(db);
  const selects = Object.entries(ROLLUP_DIMENSIONS).map(
    ([dimension, expression]) =>
      `select '${dimension}' as dimension, ${expression} as bucket, count(*)::int as device_count
       from live group by 2`,
  );
  await sql`
    insert into fleet_rollup (org_id, dimension, bucket, device_count)
    with live as materialized (
      select status, model, os_version, aue_date, battery_health, os_compliance, boot_mode, last_sync
      from fleet_device where org_id = ${orgId} and deleted_at is null
    )
    select ${orgId}, dimension, bucket, device_count from (${sql.raw(selects.join(' union all '))}) counts
    union all select ${orgId}, 'total', 'all', (select count(*)::int from live)`.execute(db);
}

/** Why: the dashboard and the sync contract read rollups the same way. */
export async function readRollups(db: Executor, orgId: string): Promise<RollupRow[]> {
  const result = await sql<{ dimension: string; bucket: string; device_count: number }>`
    select dimension, bucket, device_count from fleet_rollup where org_id = ${orgId}
    order by dimension, device_count desc, bucket`.execute(db);
  return result.rows.map((row) => ({
    dimension: row.dimension,
    bucket: row.bucket,
    count: row.device_count,
  }));
}
