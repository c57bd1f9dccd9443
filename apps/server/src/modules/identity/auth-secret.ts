import { randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Config } from '../../config/env.ts';
import type { DB } from '../../db/schema.ts';

/** Where the secret of an earlier release was kept: in the database it protects (decision 032). */
const SECRET_NAME = 'identity';

export const AUTH_SECRET_FILE = 'auth-secret.key';

const MIN_LENGTH = 32;

/** Where the secret came from, for the line Fleetdeck logs at start. */
export type AuthSecretSource =
  { readonly kind: 'environment' } | { readonly kind: 'key-file'; readonly path: string };

export interface ResolvedAuthSecret {
  readonly secret: string;
  readonly source: AuthSecretSource;
}

/** What the resolution tells the operator, once, at start. */
export interface AuthSecretLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

const silent: AuthSecretLog = { info: () => undefined, warn: () => undefined };

/**
 * The secret that signs session cookies and encrypts Google tokens, TOTP secrets and JWT keys
 * (decision 032). AUTH_SECRET wins when set. Otherwise it is 48 random bytes kept in the key file
 * `DATA_DIR/auth-secret.key` (0600), never in the database it protects: a copy of the database
 * alone then decrypts no Google grant and forges no session. A secret an earlier release kept in
 * the database is moved into the file (or, with AUTH_SECRET set to the same value, dropped) and
 * deleted from the database. With DATABASE_URL in production AUTH_SECRET is required (`loadConfig`).
 */
export async function resolveAuthSecret(
  db: Kysely<DB>,
  config: Pick<Config, 'authSecret' | 'dataDir'>,
  log: AuthSecretLog = silent,
): Promise<ResolvedAuthSecret> {
  const stored = await db
    .selectFrom('server_secret')
    .select('value')
    .where('name', '=', SECRET_NAME)
    .executeTakeFirst();
  if (config.authSecret) {
    if (stored?.value === config.authSecret) {
      await deleteStoredSecret(db);
      log.info({}, 'AUTH_SECRET is the secret the database held: deleted it from the database');
    } else if (stored) {
      log.warn(
        {},
        "the database still holds a generated secret that is not AUTH_SECRET; sessions and Google grants made with it cannot be read. Once you are sure it is not needed: delete from server_secret where name = 'identity'",
      );
    }
    return { secret: config.authSecret, source: { kind: 'environment' } };
  }

  const file = path.resolve(config.dataDir, AUTH_SECRET_FILE);
  let secret = readKeyFile(file);
  if (secret === undefined) {
    secret = createKeyFile(file, stored?.value ?? randomBytes(48).toString('base64url'));
    if (stored?.value === secret)
      log.info({ keyFile: file }, 'moved the generated secret out of the database into its key file');
  }
  if (stored?.value === secret) await deleteStoredSecret(db);
  else if (stored)
    log.warn(
      { keyFile: file },
      "the database holds a generated secret that is not the key file's; sessions and Google grants made with it cannot be read. Once you are sure it is not needed: delete from server_secret where name = 'identity'",
    );
  return { secret, source: { kind: 'key-file', path: file } };
}

async function deleteStoredSecret(db: Kysely<DB>): Promise<void> {
  await db.deleteFrom('server_secret').where('name', '=', SECRET_NAME).execute();
}

/** The key file's secret, or undefined when there is none yet; refused when others may read it. */
function readKeyFile(file: string): string | undefined {
  let mode: number;
  try {
    mode = statSync(file).mode;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  if (process.platform !== 'win32' && (mode & 0o077) !== 0) {
    throw new Error(
      `${file} can be read by other users (mode ${(mode & 0o777).toString(8)}): it holds the secret that protects every session and Google grant. Run chmod 600 ${file}, or set AUTH_SECRET.`,
    );
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < MIN_LENGTH) {
    throw new Error(
      `${file} holds no secret of at least ${MIN_LENGTH} characters. Restore it from where you keep it, or set AUTH_SECRET.`,
    );
  }
  return secret;
}

/**
 * Writes the key file once, 0600: a private temporary file linked into place, so two processes
 * starting together never read a half-written file and agree on whichever landed first.
 */
function createKeyFile(file: string, secret: string): string {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temporary, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(temporary, 0o600);
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temporary);
  }
  const written = readKeyFile(file);
  if (written === undefined) throw new Error(`${file} vanished while it was being created`);
  return written;
}
