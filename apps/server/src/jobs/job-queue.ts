import { PgBoss, fromKysely, fromPglite, type Db } from 'pg-boss';
import type { Transaction } from 'kysely';
import type { Database } from '../db/client.ts';
import type { DB } from '../db/schema.ts';

/**
 * The durable job queue (pg-boss) on whichever database Fleetdeck runs on: the embedded PGlite
 * through pg-boss's own adapter (one process owns the folder, so it shares the instance), or
 * PostgreSQL by connection string (several server processes share the queue; each job is fetched
 * by one of them). See docs/decisions for the traps this avoids.
 */

export interface JobQueueOptions {
  readonly database: Database;
  /** Required on PostgreSQL: pg-boss keeps its own small pool. */
  readonly connectionString?: string | undefined;
  readonly onError?: ((error: Error) => void) | undefined;
}

/** Why: one constructor for both databases; everything else uses the same pg-boss API. */
export async function startJobQueue(options: JobQueueOptions): Promise<PgBoss> {
  const boss = createBoss(options);
  boss.on('error', (error: Error) => options.onError?.(error));
  await boss.start();
  return boss;
}

function createBoss({ database, connectionString }: JobQueueOptions): PgBoss {
  if (database.dialect === 'pglite') {
    if (!database.pglite) throw new Error('The embedded database is not open; the job queue cannot start.');
    return new PgBoss({ backend: 'pglite', db: fromPglite(database.pglite) });
  }
  if (!connectionString) throw new Error('The job queue needs DATABASE_URL on PostgreSQL.');
  return new PgBoss({ connectionString, max: 4 });
}

/**
 * Why: a job sent inside a transaction must go through that transaction (calling pg-boss on its
 * own connection from inside a PGlite transaction deadlocks); a rollback then drops the job too.
 */
export function transactionDb(trx: Transaction<DB>): Db {
  return fromKysely(trx);
}
