import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

/** Set by the global setup to the embedded test server's `postgres` database. */
export const EMBEDDED_TEST_SERVER_URL = 'FLEETDECK_EMBEDDED_TEST_SERVER_URL';

export interface TestDatabase {
  readonly database: Database;
  /** The connection string of this test's own database. */
  readonly url: string;
  cleanup(): Promise<void>;
}

/**
 * The PostgreSQL server the suite runs on: DATABASE_URL's, or the embedded PostgreSQL that the
 * server project's global setup started (embedded-test-server.ts).
 */
export function testServerUrl(): string {
  const url = process.env.DATABASE_URL || process.env[EMBEDDED_TEST_SERVER_URL];
  if (!url)
    throw new Error('No test database: set DATABASE_URL or run the server project of vitest.config.ts.');
  return url;
}

/** A migrated database of the test's own: a fresh database on the test server, dropped afterwards. */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const serverUrl = testServerUrl();
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

/** Which server this run of the suite is on, for test titles. */
export const backendName = process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PostgreSQL';

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
