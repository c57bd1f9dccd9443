import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../src/db/embedded/embedded-postgres.ts';
import { EMBEDDED_TEST_SERVER_URL } from './test-database.ts';

/**
 * The server project's global setup: with no DATABASE_URL, one embedded PostgreSQL for the whole
 * run (fsync off: a test's data need not outlive the machine), in a folder removed afterwards.
 * Each test file still gets a fresh database on it (test-database.ts).
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.DATABASE_URL) return undefined;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fleetdeck-test-pg-'));
  const server = await startEmbeddedPostgres({ dataDir, durable: false, database: 'postgres' });
  // The test workers start after this and inherit the variable (test-database.ts reads it).
  process.env[EMBEDDED_TEST_SERVER_URL] = server.url;
  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
