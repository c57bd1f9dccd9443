import type { Kysely } from 'kysely';
import type { PgBoss } from 'pg-boss';
import type { DB } from '../db/schema.ts';
import { deleteExpiredAuditEverywhere } from '../modules/audit/audit-retention.ts';

/**
 * Audit retention: pg-boss fires `audit-retention` once a day across all server processes (its
 * cron runs once per slot whatever the number of instances); each run deletes, per organization,
 * the entries older than its retention and moves its chain's anchor (decision 035).
 */

export const AUDIT_RETENTION_QUEUE = 'audit-retention';

/** Why: one daily cron serves every tenant; the days live on each organization. */
export async function scheduleAuditRetention(
  boss: PgBoss,
  db: Kysely<DB>,
  onError?: (error: Error) => void,
): Promise<string> {
  await boss.createQueue(AUDIT_RETENTION_QUEUE, {
    policy: 'singleton',
    retryLimit: 2,
    expireInSeconds: 3600,
  });
  await boss.schedule(AUDIT_RETENTION_QUEUE, '17 3 * * *');
  return boss.work(AUDIT_RETENTION_QUEUE, { batchSize: 1, pollingIntervalSeconds: 60 }, async () => {
    try {
      await deleteExpiredAuditEverywhere(db);
    } catch (error) {
      onError?.(error instanceof Error ? error : new Error(String(error)));
      throw error;
    }
  });
}
