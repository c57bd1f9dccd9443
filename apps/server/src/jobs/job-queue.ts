import { PgBoss, fromKysely, type Db } from 'pg-boss';
import type { Transaction } from 'kysely';
import type { Database } from '../db/client.ts';
import type { DB } from '../db/schema.ts';

/**
 * The durable job queue (pg-boss) on the database Fleetdeck runs on, by connection string (the
 * embedded server's socket or DATABASE_URL): several server processes may share the queue; each
 * job is fetched by one of them. See docs/decisions for the traps this avoids.
 */

export interface JobQueueOptions {
  readonly database: Database;
  /** pg-boss keeps its own small pool; the database's own connection string when unset. */
  readonly connectionString?: string | undefined;
  readonly onError?: ((error: Error) => void) | undefined;
}

/** Why: one constructor for the server, the benchmarks and the tests. */
export async function startJobQueue(options: JobQueueOptions): Promise<PgBoss> {
  const boss = createBoss(options);
  boss.on('error', (error: Error) => options.onError?.(error));
  await boss.start();
  return boss;
}

function createBoss({ database, connectionString }: JobQueueOptions): PgBoss {
  return new PgBoss({ connectionString: connectionString ?? database.url, max: 4 });
}

/**
 * Why: a job sent inside a transaction must go through that transaction, so a rollback drops the
 * job too.
 */
export function transactionDb(trx: Transaction<DB>): Db {
  return fromKysely(trx);
}
