import type { Kysely } from 'kysely';
import type { PgBoss } from 'pg-boss';
import type { DB } from '../db/schema.ts';
import { recordAudit } from '../modules/audit/audit-log.ts';
import { claimDueSchedules } from '../modules/sync/sync-schedule.repository.ts';
import { startSync } from '../modules/sync/sync.service.ts';

/**
 * The scheduler: pg-boss fires `sync-schedule-tick` once a minute across all server processes (its
 * cron runs once per slot whatever the number of instances); each tick starts the runs that are due.
 */

export const SYNC_SCHEDULE_QUEUE = 'sync-schedule-tick';
const DUE_PER_TICK = 50;

/** Why: per-organization intervals live in the database, so one cron serves every tenant. */
export async function scheduleSyncTicks(boss: PgBoss, db: Kysely<DB>): Promise<string> {
  await boss.createQueue(SYNC_SCHEDULE_QUEUE, { policy: 'singleton', retryLimit: 0, expireInSeconds: 300 });
  await boss.schedule(SYNC_SCHEDULE_QUEUE, '* * * * *');
  return boss.work(SYNC_SCHEDULE_QUEUE, { batchSize: 2, pollingIntervalSeconds: 10 }, async () => {
    await startDueSyncs(boss, db);
  });
}

/** Why: also called directly (tests, an admin "run due now") without waiting for the cron. */
export async function startDueSyncs(boss: PgBoss, db: Kysely<DB>): Promise<number> {
  const due = await db.transaction().execute((trx) => claimDueSchedules(trx, DUE_PER_TICK));
  for (const schedule of due) {
    // Nobody clicked: the entry names the schedule as what started the run.
    await startSync(db, boss, { ...schedule, trigger: 'schedule', requestedBy: null }, (trx, run) =>
      recordAudit(trx, {
        action: 'sync.started',
        outcome: 'success',
        orgId: schedule.orgId,
        origin: { kind: 'schedule', runId: run.id, trigger: 'schedule' },
        targetType: 'sync_run',
        targetId: run.id,
        details: { kind: run.kind, trigger: 'schedule' },
      }),
    );
  }
  return due.length;
}
