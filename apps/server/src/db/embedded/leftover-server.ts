import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { EmbeddedDatabaseError } from './embedded-error.ts';

/**
 * Why: a Fleetdeck killed with SIGKILL leaves its PostgreSQL running on the folder. The caller
 * holds DATA_DIR's lock, so no live Fleetdeck uses that server: it is stopped (fast shutdown:
 * committed work is on disk, open transactions roll back) before a new one starts, so there are
 * never two servers on one folder and a start never waits on a stale lock.
 */
export async function stopLeftoverServer(pgdata: string, log: (message: string) => void): Promise<void> {
  const pidFile = path.join(pgdata, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return; // PostgreSQL clears a stale file itself.
  if (!isPostgresOf(pid, pgdata)) {
    // The pid was reused by an unrelated process after a crash: the file is stale.
    rmSync(pidFile, { force: true });
    return;
  }
  log(`Stopping the embedded PostgreSQL (pid ${pid}) left running by an earlier Fleetdeck on ${pgdata}.`);
  for (const [signal, waitMs] of [
    ['SIGINT', 30_000],
    ['SIGQUIT', 10_000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    if (await gone(pid, waitMs)) return;
  }
  throw new EmbeddedDatabaseError(
    `The embedded PostgreSQL left running on ${pgdata} (pid ${pid}) did not stop. Stop it (kill ${pid}), then start again.`,
  );
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isPostgresOf(pid: number, pgdata: string): boolean {
  const cmdline = `/proc/${pid}/cmdline`;
  if (!existsSync('/proc/self/cmdline')) return true; // No /proc (macOS): trust the pid file.
  try {
    const args = readFileSync(cmdline, 'utf8').split('\0');
    return args.some((arg) => arg.endsWith('postgres')) && args.includes(pgdata);
  } catch {
    return false;
  }
}

async function gone(pid: number, waitMs: number): Promise<boolean> {
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    if (!alive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return !alive(pid);
}
