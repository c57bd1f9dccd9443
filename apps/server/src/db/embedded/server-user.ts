import { execFileSync } from 'node:child_process';
import { chmodSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EmbeddedDatabaseError } from './embedded-error.ts';

/**
 * PostgreSQL refuses to run as root. As root, Fleetdeck runs it as a dedicated system user
 * (created once), which must reach DATA_DIR and the binaries through every parent folder.
 */

export const SERVER_USER_NAME = 'fleetdeck-db';

export interface ServerUser {
  readonly name: string;
  readonly uid: number;
  readonly gid: number;
  /** True when this process is root and the server runs as `name`. */
  readonly dedicated: boolean;
}

/** Why: the user the embedded server runs as: this process's own, or as root the dedicated one. */
export function serverUser(log: (message: string) => void): ServerUser {
  const self = os.userInfo();
  if (self.uid !== 0) return { name: self.username, uid: self.uid, gid: self.gid, dedicated: false };
  const existing = lookupUser(SERVER_USER_NAME);
  if (existing) return existing;
  createSystemUser();
  const created = lookupUser(SERVER_USER_NAME);
  if (!created) {
    throw new EmbeddedDatabaseError(
      `PostgreSQL does not run as root, and the system user ${SERVER_USER_NAME} could not be created. ` +
        `Create it (useradd --system --user-group --no-create-home --shell /usr/sbin/nologin ${SERVER_USER_NAME}), ` +
        'start Fleetdeck as an ordinary user, or set DATABASE_URL.',
    );
  }
  log(
    `Created the system user ${SERVER_USER_NAME} (uid ${created.uid}) to run the embedded PostgreSQL: it does not run as root.`,
  );
  return created;
}

function lookupUser(name: string): ServerUser | undefined {
  try {
    const uid = Number.parseInt(execFileSync('id', ['-u', name], { encoding: 'utf8', stdio: 'pipe' }), 10);
    const gid = Number.parseInt(execFileSync('id', ['-g', name], { encoding: 'utf8', stdio: 'pipe' }), 10);
    return Number.isInteger(uid) && Number.isInteger(gid) ? { name, uid, gid, dedicated: true } : undefined;
  } catch {
    return undefined;
  }
}

function createSystemUser(): void {
  const attempts: [string, string[]][] = [
    [
      'useradd',
      [
        '--system',
        '--user-group',
        '--no-create-home',
        '--home-dir',
        '/nonexistent',
        '--shell',
        '/usr/sbin/nologin',
        SERVER_USER_NAME,
      ],
    ],
    ['adduser', ['-S', '-D', '-H', '-s', '/sbin/nologin', SERVER_USER_NAME]],
  ];
  for (const [command, args] of attempts) {
    try {
      execFileSync(command, args, { stdio: 'pipe' });
      return;
    } catch {
      // The next tool, or the caller's message.
    }
  }
}

/**
 * Why: a clone under /root (mode 0700) is out of the dedicated user's reach. Each parent folder
 * the user cannot pass through gets search permission for others (o+x: pass through to a known
 * name, never list); every change is logged with the folder and its modes.
 */
export function ensureReachable(user: ServerUser, target: string, log: (message: string) => void): void {
  if (!user.dedicated) return;
  const folders: string[] = [];
  for (let folder = path.dirname(path.resolve(target)); ; folder = path.dirname(folder)) {
    folders.unshift(folder);
    if (path.dirname(folder) === folder) break;
  }
  for (const folder of folders) {
    const stat = statSync(folder);
    if (canSearch(stat, user)) continue;
    const mode = stat.mode & 0o7777;
    try {
      chmodSync(folder, mode | 0o001);
    } catch (error) {
      throw new EmbeddedDatabaseError(
        `The embedded PostgreSQL runs as the system user ${user.name}, which cannot pass through ${folder} ` +
          `to reach ${target}, and its permission could not be changed (${(error as Error).message}). ` +
          'Set DATA_DIR to a folder outside it (e.g. /var/lib/fleetdeck), or set DATABASE_URL.',
      );
    }
    log(
      `The embedded PostgreSQL runs as the system user ${user.name}, which could not pass through ${folder} ` +
        `to reach ${target}: added search permission for others to it (chmod o+x: mode ${octal(mode)} → ` +
        `${octal(mode | 0o001)}; others may pass through, not list it). To avoid this, keep Fleetdeck and ` +
        'DATA_DIR outside that folder.',
    );
  }
}

function canSearch(stat: { uid: number; gid: number; mode: number }, user: ServerUser): boolean {
  if (stat.uid === user.uid) return (stat.mode & 0o100) !== 0;
  if (stat.gid === user.gid) return (stat.mode & 0o010) !== 0;
  return (stat.mode & 0o001) !== 0;
}

function octal(mode: number): string {
  return `0${mode.toString(8).padStart(3, '0')}`;
}
