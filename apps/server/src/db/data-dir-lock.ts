import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * One Fleetdeck per DATA_DIR: two would each start a PostgreSQL on the folder (the second refused)
 * and run two sets of sync workers and schedules on one database.
 * This lock file makes a second Fleetdeck process on the same DATA_DIR fail fast instead.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'fleetdeck.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      refuseIfDataDirInUse(dataDir);
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${lockPath}. Check the folder's permissions and try again.`);
}

/**
 * Why: `npm start` checks this before it builds the web app or starts the local Google (whose
 * port the first Fleetdeck holds), so a second start on the same folder says why it stops.
 * Throws when another live process holds the folder's lock; taking it is `acquireDataDirLock`'s.
 */
export function refuseIfDataDirInUse(dataDir: string): void {
  const holder = readHolderPid(path.join(dataDir, 'fleetdeck.lock'));
  if (holder !== null && holder !== process.pid && isProcessAlive(holder)) {
    throw new Error(
      `The data folder ${path.resolve(dataDir)} is in use by another Fleetdeck process (pid ${holder}). ` +
        'Stop that process, or set DATA_DIR to another folder.',
    );
  }
}

function readHolderPid(lockPath: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
