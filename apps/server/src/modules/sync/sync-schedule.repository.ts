import { sql } from 'kysely';
import {
  SYNC_SCHEDULE_LIMITS,
  type SyncKind,
  type SyncSchedule,
  type UpdateSyncSchedule,
} from '@fleetdeck/shared/sync-contract';
import type { Executor } from '../fleet-store/device-page-writer.ts';

/**
 * Each organization's sync schedule: an incremental run every `interval_minutes` (10 by default),
 * a full one every `full_every_hours`. The scheduler claims due rows with `skip locked`, so several
 * server processes never start the same scheduled run twice.
 */

/** Why: an organization's first sync turns its schedule on with the defaults. */
export async function ensureSchedule(db: Executor, orgId: string, customerId: string): Promise<void> {
  await sql`
    insert into sync_schedule (org_id, customer_id, next_run_at)
    values (${orgId}, ${customerId}, now() + ${SYNC_SCHEDULE_LIMITS.intervalMinutes.default} * interval '1 minute')
    on conflict (org_id) do nothing`.execute(db);
}

/** Why: a change locks the row first, so the "before" its audit entry records is the one it replaced. */
export async function lockSchedule(db: Executor, orgId: string): Promise<void> {
  await sql`select 1 from sync_schedule where org_id = ${orgId} for update`.execute(db);
}

export async function readSchedule(db: Executor, orgId: string): Promise<SyncSchedule> {
  const row = await db.selectFrom('sync_schedule').selectAll().where('org_id', '=', orgId).executeTakeFirst();
  if (!row) {
    return {
      enabled: true,
      intervalMinutes: SYNC_SCHEDULE_LIMITS.intervalMinutes.default,
      fullEveryHours: SYNC_SCHEDULE_LIMITS.fullEveryHours.default,
      nextRunAt: null,
    };
  }
  return {
    enabled: row.enabled,
    intervalMinutes: row.interval_minutes,
    fullEveryHours: row.full_every_hours,
    nextRunAt: row.enabled ? new Date(row.next_run_at).toISOString() : null,
  };
}

/** Why: a changed interval takes effect from now, not from the previously planned run. */
export async function writeSchedule(
  db: Executor,
  orgId: string,
  customerId: string,
  schedule: UpdateSyncSchedule,
): Promise<SyncSchedule> {
  await sql`
    insert into sync_schedule (org_id, customer_id, enabled, interval_minutes, full_every_hours, next_run_at, updated_at)
    values (${orgId}, ${customerId}, ${schedule.enabled}, ${schedule.intervalMinutes}, ${schedule.fullEveryHours},
      now() + ${schedule.intervalMinutes} * interval '1 minute', now())
    on conflict (org_id) do update set enabled = excluded.enabled, interval_minutes = excluded.interval_minutes,
      full_every_hours = excluded.full_every_hours, next_run_at = excluded.next_run_at, updated_at = now()`.execute(
    db,
  );
  return readSchedule(db, orgId);
}

export interface DueSchedule {
  readonly orgId: string;
  readonly customerId: string;
  readonly kind: SyncKind;
}

/**
 * Why: claims the due schedules (locked for this transaction) and moves them to their next slot;
 * the caller starts their runs in the same transaction. A full run is due when no full run (the
 * schedule's own, onboarding's or one an admin started) began within `full_every_hours`: a fleet
 * just copied in full is not copied again at the first tick.
 */
export async function claimDueSchedules(db: Executor, limit: number): Promise<DueSchedule[]> {
  const result = await sql<{ org_id: string; customer_id: string; full: boolean }>`
    update sync_schedule s set
      next_run_at = now() + s.interval_minutes * interval '1 minute',
      last_full_at = case when d.full then now() else s.last_full_at end
    from (
      select org_id,
        coalesce(greatest(last_full_at, (
          select max(r.created_at) from sync_run r
          where r.org_id = sync_schedule.org_id and r.kind = 'full'
            and r.status in ('queued', 'running', 'succeeded')
        )), '-infinity') < now() - full_every_hours * interval '1 hour' as full
      from sync_schedule where enabled and next_run_at <= now()
      order by next_run_at limit ${limit} for update skip locked
    ) d
    where s.org_id = d.org_id
    returning s.org_id, s.customer_id, d.full`.execute(db);
  return result.rows.map((row) => ({
    orgId: row.org_id,
    customerId: row.customer_id,
    kind: row.full ? 'full' : 'incremental',
  }));
}
