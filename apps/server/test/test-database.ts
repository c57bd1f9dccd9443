import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

export interface TestDatabase {
  readonly database: Database;
  /** The connection string of this test's own PostgreSQL database, when running on PostgreSQL. */
  readonly url: string | undefined;
  cleanup(): Promise<void>;
}

/**
 * A migrated database of the test's own: in-memory PGlite by default, or a fresh database
 * on the PostgreSQL server named by DATABASE_URL, dropped afterwards.
 */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ kind: 'pglite-memory' });
    if (options.migrate !== false) await migrateToLatest(database.db);
    return { database, url: undefined, cleanup: () => database.close() };
  }
  const name = `fleetdeck_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = withDatabase(serverUrl, name);
  const database = await openDatabase({ kind: 'postgres', url });
  if (options.migrate !== false) await migrateToLatest(database.db);
  return {
    database,
    url,
    cleanup: async () => {
      await database.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/** Which backend this run of the suite is on, for test titles. */
export const backendName = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
