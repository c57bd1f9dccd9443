import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../../apps/server/src/db/client.ts';

/**
 * Databases the benchmarks write into: a fresh embedded PostgreSQL (its own DATA_DIR, as `npm start`
 * runs it) or a fresh database on an external PostgreSQL server per
 * run, removed afterwards, or (for iterating on a slow seed) a PostgreSQL database kept by name.
 */

/** Why: `create database` / `drop database` run outside any pool, on the server's admin URL. */
export async function adminQuery(postgresUrl: string, text: string, values: unknown[] = []): Promise<number> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rowCount ?? 0;
  } finally {
    await client.end();
  }
}

function databaseUrl(postgresUrl: string, name: string): string {
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export interface BenchDatabase {
  readonly database: Database;
  readonly cleanup: () => Promise<void>;
}

/** Why: each run starts from an empty database, so no run measures what an earlier one left. */
export async function openFreshDatabase(
  kind: 'embedded' | 'postgres',
  postgresUrl: string,
  prefix: string,
): Promise<BenchDatabase> {
  if (kind === 'embedded') {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), `${prefix.replaceAll('_', '-')}-`));
    const database = await openDatabase({ kind: 'embedded', dataDir });
    return {
      database,
      cleanup: async () => {
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await adminQuery(postgresUrl, `create database ${name}`);
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(postgresUrl, name) });
  return {
    database,
    cleanup: async () => {
      await database.close();
      await adminQuery(postgresUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/** Why: a 100,000-device seed takes minutes; a database kept by name is reused by the next run. */
export async function openKeptDatabase(postgresUrl: string, name: string): Promise<BenchDatabase> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`"${name}": a lowercase database name`);
  const exists = await adminQuery(postgresUrl, 'select 1 from pg_database where datname = $1', [name]);
  if (exists === 0) await adminQuery(postgresUrl, `create database ${name}`);
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(postgresUrl, name) });
  return { database, cleanup: () => database.close() };
}

/** Why: the embedded counterpart of a kept database: a DATA_DIR reused by the next run. */
export async function openKeptEmbedded(dataDir: string): Promise<BenchDatabase> {
  const database = await openDatabase({ kind: 'embedded', dataDir });
  return { database, cleanup: () => database.close() };
}
