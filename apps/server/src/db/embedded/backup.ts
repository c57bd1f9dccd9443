import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, lstatSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { acquireDataDirLock } from '../data-dir-lock.ts';
import { EmbeddedDatabaseError } from './embedded-error.ts';
import { startEmbeddedPostgres } from './embedded-postgres.ts';
import { serverUser } from './server-user.ts';

/**
 * Backup and restore of the embedded database: stop, copy, start. The binaries shipped
 * (initdb, pg_ctl, postgres) have no pg_dump or pg_basebackup, and a copy of a running cluster's
 * files is only consistent with the WAL written during the copy; a cluster shut down cleanly is
 * consistent as it lies. So both commands take DATA_DIR's lock (Fleetdeck must be stopped) and
 * work on DATA_DIR/postgres as a whole, in a gzipped tar archive (decision 031).
 */

export interface BackupOptions {
  readonly dataDir: string;
  readonly log?: ((message: string) => void) | undefined;
}

/** Why: `npm run backup -- <file>`: one archive of DATA_DIR/postgres, shut down cleanly first. */
export async function backupEmbedded(options: BackupOptions & { readonly file: string }): Promise<void> {
  const dataDir = path.resolve(options.dataDir);
  const pgdata = path.join(dataDir, 'postgres');
  const file = path.resolve(options.file);
  if (!existsSync(pgdata))
    throw new EmbeddedDatabaseError(`There is no embedded database in ${pgdata} to back up.`);
  if (existsSync(file)) throw new EmbeddedDatabaseError(`${file} exists already: name a new file.`);
  const release = lockOrExplain(dataDir);
  try {
    if (existsSync(path.join(pgdata, 'postmaster.pid'))) {
      // Left by a killed Fleetdeck: a start recovers it and a stop shuts it down cleanly.
      const server = await startEmbeddedPostgres({ dataDir, log: options.log });
      await server.stop();
    }
    mkdirSync(path.dirname(file), { recursive: true });
    execFileSync('tar', ['-czf', file, '-C', dataDir, 'postgres'], { stdio: 'pipe' });
  } catch (error) {
    rmSync(file, { force: true });
    throw error;
  } finally {
    release();
  }
}

/**
 * Why: `npm run restore -- <file>`: the archive becomes DATA_DIR/postgres; a database already there is
 * moved aside (never deleted) and the move is said.
 */
export async function restoreEmbedded(options: BackupOptions & { readonly file: string }): Promise<void> {
  const log = options.log ?? (() => undefined);
  const dataDir = path.resolve(options.dataDir);
  const pgdata = path.join(dataDir, 'postgres');
  const file = path.resolve(options.file);
  if (!existsSync(file)) throw new EmbeddedDatabaseError(`There is no backup at ${file}.`);
  mkdirSync(dataDir, { recursive: true });
  const release = lockOrExplain(dataDir);
  const staging = path.join(dataDir, 'restore.tmp');
  try {
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging, { mode: 0o700 });
    execFileSync('tar', ['-xzf', file, '-C', staging, '--no-same-owner'], { stdio: 'pipe' });
    const restored = path.join(staging, 'postgres');
    if (!existsSync(path.join(restored, 'PG_VERSION'))) {
      throw new EmbeddedDatabaseError(`${file} is not a Fleetdeck backup (no postgres/PG_VERSION inside).`);
    }
    const user = serverUser(log);
    if (user.dedicated) chownTree(restored, user.uid, user.gid);
    if (existsSync(pgdata)) {
      const aside = `${pgdata}-before-restore-${new Date().toISOString().replaceAll(':', '-').slice(0, 19)}`;
      renameSync(pgdata, aside);
      log(`Moved the database that was in ${pgdata} to ${aside}; delete it once the restore is checked.`);
    }
    renameSync(restored, pgdata);
    // Files left by the server that wrote the archive (a socket lock, a stale pid) go.
    rmSync(path.join(pgdata, 'postmaster.pid'), { force: true });
  } finally {
    rmSync(staging, { recursive: true, force: true });
    release();
  }
  // A start proves the restored cluster opens; it is stopped again at once.
  const server = await startEmbeddedPostgres({ dataDir, log });
  await server.stop();
}

function lockOrExplain(dataDir: string): () => void {
  try {
    return acquireDataDirLock(dataDir);
  } catch (error) {
    throw new EmbeddedDatabaseError(
      `${(error as Error).message} Backup and restore work on a stopped Fleetdeck: stop it, run the command, start it again.`,
    );
  }
}

function chownTree(folder: string, uid: number, gid: number): void {
  chownSync(folder, uid, gid);
  for (const entry of readdirSync(folder)) {
    const child = path.join(folder, entry);
    if (lstatSync(child).isDirectory()) chownTree(child, uid, gid);
    else chownSync(child, uid, gid);
  }
}
