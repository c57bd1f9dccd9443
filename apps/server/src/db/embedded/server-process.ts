import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, renameSync, statSync } from 'node:fs';
import pg from 'pg';
import type { PostgresBinaries } from './binaries.ts';
import { EmbeddedDatabaseError } from './embedded-error.ts';
import type { ServerUser } from './server-user.ts';

/**
 * The embedded PostgreSQL's processes: initdb run to its end, the postmaster spawned in its own
 * process group with its log beside the data, waited for until it answers, and stopped in order.
 */

const LOG_LINES_SHOWN = 15;
/** The server's log is kept below this, one older file beside it. */
const MAX_LOG_BYTES = 10 * 1024 * 1024;

export function runToEnd(
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

export function spawnServer(
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

export async function waitUntilReady(
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

/** Fast shutdown (open transactions roll back, everything committed is on disk), then harder. */
export async function stopChild(child: ChildProcess): Promise<void> {
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

export function lastLines(text: string): string {
  return text
    .trimEnd()
    .split('\n')
    .slice(-LOG_LINES_SHOWN)
    .map((line) => `  ${line}`)
    .join('\n');
}

export function diskFullHint(text: string): string {
  return /No space left on device/i.test(text)
    ? 'The disk holding the data folder is full: free some space, or set DATA_DIR to another disk, then start again. '
    : '';
}
