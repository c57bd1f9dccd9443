import { sql } from 'kysely';
import type { Executor } from './device-page-writer.ts';

/**
 * Mark-and-sweep of devices gone at Google: every device a run listed carries its run id (written
 * rows in `seen_run_id`, unchanged ones in `fleet_device_seen`); the ones that do not, and are not
 * yet marked, are candidates. The sync confirms each candidate with
 * Google (a device moved between two OU shards mid-run is missed by both listings) before marking.
 */

/**
 * Why: bounded batches keep the sweep's memory flat however many devices disappeared. The caller
 * refreshes the planner's statistics of `fleet_device_seen` first (see `analyzeSeenDevices`).
 */
export async function listUnseenDevices(
  db: Executor,
  orgId: string,
  runId: string,
  afterDeviceId: string,
  limit: number,
): Promise<string[]> {
  const result = await sql<{ device_id: string }>`
    select d.device_id from fleet_device d
    where d.org_id = ${orgId} and d.deleted_at is null and d.seen_run_id is distinct from ${runId}::uuid
      and d.device_id > ${afterDeviceId}
      and not exists (
        select 1 from fleet_device_seen s
        where s.org_id = ${orgId} and s.run_id = ${runId}::uuid and s.device_id = d.device_id)
    order by d.device_id limit ${limit}`.execute(db);
  return result.rows.map((row) => row.device_id);
}

/**
 * Why: the listing fills `fleet_device_seen` within seconds, long before autovacuum looks at it;
 * planned on the statistics of an empty table, the sweep's anti-join scanned the whole table once
 * per device (70 s for 20,000 devices instead of a few milliseconds).
 */
export async function analyzeSeenDevices(db: Executor): Promise<void> {
  await sql`analyze fleet_device_seen`.execute(db);
}

/** Why: a deletion is a change too; history shows when a device left the fleet. */
export async function markDevicesDeleted(
  db: Executor,
  orgId: string,
  runId: string,
  deviceIds: readonly string[],
): Promise<number> {
  if (deviceIds.length === 0) return 0;
  const ids = JSON.stringify(deviceIds);
  const result = await sql<{ device_id: string }>`
    update fleet_device set deleted_at = now(), updated_at = now()
    where org_id = ${orgId} and deleted_at is null
      and device_id = any(array(select jsonb_array_elements_text(${ids}::jsonb)))
    returning device_id`.execute(db);
  if (result.rows.length) {
    await sql`
      insert into fleet_device_history (org_id, device_id, field, old_value, new_value, source, sync_run_id)
      select ${orgId}, r.value, 'deleted', null, 'true', 'sync', ${runId}::uuid
      from jsonb_array_elements_text(${JSON.stringify(result.rows.map((r) => r.device_id))}::jsonb) as r`.execute(
      db,
    );
  }
  return result.rows.length;
}
