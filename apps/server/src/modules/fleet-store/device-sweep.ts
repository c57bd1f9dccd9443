import { sql } from 'kysely';
import type { Executor } from './device-page-writer.ts';

/**
 * Mark-and-sweep of devices gone at Google: every page a run listed records its device ids in
 * `fleet_device_seen_page` (and written rows carry the run in `seen_run_id`); live devices in
 * neither are candidates. The sync confirms each candidate with Google (a device moved between
 * two OU shards mid-run is missed by both listings) before marking.
 */

/**
 * Why: one hashed anti-join over the run's listed ids (read back from the page arrays with
 * `unnest`) against one scan of the organization's devices. Asked for in batches with a limit,
 * the planner walked the primary key in order and merged it with a sort of every listed id, once
 * per batch; without a limit it hashes whatever the statistics of the page table say. Only the
 * candidates come back: ids of devices that left, a few bytes each.
 */
export async function listUnseenDevices(db: Executor, orgId: string, runId: string): Promise<string[]> {
  const result = await sql<{ device_id: string }>`
    select d.device_id from fleet_device d
    where d.org_id = ${orgId} and d.deleted_at is null and d.seen_run_id is distinct from ${runId}::uuid
      and not exists (
        select 1 from fleet_device_seen_page s cross join lateral unnest(s.device_ids) as u(device_id)
        where s.org_id = ${orgId} and s.run_id = ${runId}::uuid and u.device_id = d.device_id)`.execute(db);
  return result.rows.map((row) => row.device_id).sort();
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
