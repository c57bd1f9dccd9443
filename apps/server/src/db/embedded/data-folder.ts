import {
  chownSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statfsSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import type { PostgresBinaries } from './binaries.ts';
import { EmbeddedDatabaseError } from './embedded-error.ts';
import { diskFullHint, lastLines, runToEnd } from './server-process.ts';
import type { ServerUser } from './server-user.ts';

/**
 * The embedded cluster's folder before the server starts: enough free space, no earlier (PGlite)
 * data beside it, a cluster of this user and this PostgreSQL version, or a new one from initdb.
 */

const MIN_FREE_BYTES = 64 * 1024 * 1024;

export function checkFreeSpace(dataDir: string): void {
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
export function refuseEarlierData(dataDir: string): void {
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

export function checkExistingCluster(pgdata: string, user: ServerUser, major: number): void {
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
export async function initialise(
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
