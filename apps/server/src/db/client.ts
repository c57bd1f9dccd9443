import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { acceptCopyIn } from './copy-in.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { startEmbeddedPostgres } from './embedded/embedded-postgres.ts';
import type { DB } from './schema.ts';

export type DatabaseTarget =
  | { readonly kind: 'postgres'; readonly url: string }
  | {
      readonly kind: 'embedded';
      readonly dataDir: string;
      /** Messages about what the start did (a leftover server stopped, a folder made reachable). */
      readonly log?: ((message: string) => void) | undefined;
    };

export interface Database {
  readonly db: Kysely<DB>;
  /** The embedded PostgreSQL in DATA_DIR, or a server named by DATABASE_URL. */
  readonly kind: 'embedded' | 'postgres';
  /** Its connection string, for pg-boss's pool and the realtime listener. */
  readonly url: string;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Why: one Kysely instance per process for everything, on one engine: PostgreSQL. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') return openPool(target.url, 'postgres', async () => undefined);
  const release = acquireDataDirLock(target.dataDir);
  try {
    const server = await startEmbeddedPostgres({ dataDir: target.dataDir, log: target.log });
    return openPool(server.url, 'embedded', async () => {
      try {
        await server.stop();
      } finally {
        release();
      }
    });
  } catch (error) {
    release();
    throw error;
  }
}

function openPool(url: string, kind: Database['kind'], afterClose: () => Promise<void>): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10, idleTimeoutMillis: 30_000 });
  // A connection's error (the server restarting, a terminated backend) must not crash the process:
  // an idle one's reaches the pool; one held by a transaction emits it on the client, where the
  // pending query also rejects with it and the pool drops the client when it is released.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    acceptCopyIn(client);
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind,
    url,
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: once(async () => {
      try {
        await db.destroy();
      } finally {
        await afterClose();
      }
    }),
  };
}

/** Why: shutdown paths (signal, onClose hook, failed start) may each close the database. */
function once(fn: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= fn());
}
