import path from 'node:path';
import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { acceptCopyIn, markCopyIn } from './copy-in.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { PgliteThread } from './pglite-thread.ts';
import type { DB } from './schema.ts';

export type DatabaseTarget =
  | { readonly kind: 'postgres'; readonly url: string }
  | { readonly kind: 'pglite'; readonly dataDir: string }
  | { readonly kind: 'pglite-memory' };

export interface Database {
  readonly db: Kysely<DB>;
  readonly dialect: 'pglite' | 'postgres';
  /** The embedded engine on its own thread, for libraries that must share it (never open a second PGlite). */
  readonly pglite: PgliteThread | undefined;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Why: one Kysely instance per process for everything; a second route into PGlite deadlocks. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') return openPostgres(target.url);
  return openPglite(target.kind === 'pglite' ? target.dataDir : undefined);
}

function openPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10, idleTimeoutMillis: 30_000 });
  // An idle client's error (e.g. the server restarting) must not crash the process.
  pool.on('error', () => undefined);
  pool.on('connect', acceptCopyIn);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  markCopyIn(db);
  return {
    db,
    dialect: 'postgres',
    pglite: undefined,
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: once(() => db.destroy()),
  };
}

/** Why: shutdown paths (signal, onClose hook, failed start) may each close the database. */
function once(fn: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= fn());
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  const release = dataDir ? acquireDataDirLock(dataDir) : () => undefined;
  try {
    const pglite = await PgliteThread.start(dataDir ? path.join(dataDir, 'pglite') : undefined);
    const db = new Kysely<DB>({ dialect: new PGliteDialect({ pglite }) });
    return {
      db,
      dialect: 'pglite',
      pglite,
      ping: async () => {
        await sql`select 1`.execute(db);
      },
      close: once(async () => {
        try {
          await db.destroy();
          if (!pglite.closed) await pglite.close();
        } finally {
          release();
        }
      }),
    };
  } catch (error) {
    release();
    throw error;
  }
}
