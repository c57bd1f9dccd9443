import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_SECRET_FILE, resolveAuthSecret } from '../src/modules/identity/auth-secret.ts';
import { createTestApp } from './test-app.ts';
import { backendName, createTestDatabase, type TestDatabase } from './test-database.ts';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function dataDir(): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'fleetdeck-secret-'));
  folders.push(folder);
  return folder;
}

function recordingLog() {
  const lines: string[] = [];
  return {
    lines,
    info: (_details: object, message: string) => lines.push(`info: ${message}`),
    warn: (_details: object, message: string) => lines.push(`warn: ${message}`),
  };
}

const OLD_SECRET = 'generated-by-an-earlier-release-0123456789abcdefghijklmnop';

describe(`the auth secret, kept apart from the database it protects, on ${backendName}`, () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(async () => testDb.cleanup());
  const db = () => testDb.database.db;
  const storeOldSecret = async () => {
    await db().deleteFrom('server_secret').execute();
    await db().insertInto('server_secret').values({ name: 'identity', value: OLD_SECRET }).execute();
  };

  it('generates it into DATA_DIR/auth-secret.key (0600), never into the database, and keeps it', async () => {
    const dir = dataDir();
    const t = await createTestApp({ AUTH_SECRET: '', DATA_DIR: dir });
    try {
      const file = path.join(dir, AUTH_SECRET_FILE);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const secret = readFileSync(file, 'utf8').trim();
      expect(secret.length).toBeGreaterThanOrEqual(48);
      // A copy of the database alone holds no secret that would decrypt its Google grants.
      const stored = await t.testDb.database.db.selectFrom('server_secret').selectAll().execute();
      expect(stored).toEqual([]);
      const again = await resolveAuthSecret(t.testDb.database.db, { authSecret: undefined, dataDir: dir });
      expect(again).toEqual({ secret, source: { kind: 'key-file', path: file } });
    } finally {
      await t.close();
    }
  });

  it('moves a secret an earlier release kept in the database into the key file, saying so once', async () => {
    await storeOldSecret();
    const dir = dataDir();
    const log = recordingLog();
    const resolved = await resolveAuthSecret(db(), { authSecret: undefined, dataDir: dir }, log);
    // The same secret, so every session and encrypted Google grant stays readable.
    expect(resolved.secret).toBe(OLD_SECRET);
    expect(readFileSync(path.join(dir, AUTH_SECRET_FILE), 'utf8').trim()).toBe(OLD_SECRET);
    expect(await db().selectFrom('server_secret').selectAll().execute()).toEqual([]);
    expect(log.lines).toEqual(['info: moved the generated secret out of the database into its key file']);
    const quiet = recordingLog();
    expect((await resolveAuthSecret(db(), { authSecret: undefined, dataDir: dir }, quiet)).secret).toBe(
      OLD_SECRET,
    );
    expect(quiet.lines).toEqual([]);
  });

  it('drops the database copy once AUTH_SECRET is that secret, and warns about one that differs', async () => {
    await storeOldSecret();
    const dir = dataDir();
    const other = recordingLog();
    const configured = 'an-operator-chosen-secret-of-forty-characters';
    expect(await resolveAuthSecret(db(), { authSecret: configured, dataDir: dir }, other)).toEqual({
      secret: configured,
      source: { kind: 'environment' },
    });
    expect(other.lines).toEqual([
      expect.stringMatching(/^warn: the database still holds a generated secret/),
    ]);
    expect(await db().selectFrom('server_secret').select('value').execute()).toEqual([{ value: OLD_SECRET }]);

    const same = recordingLog();
    await resolveAuthSecret(db(), { authSecret: OLD_SECRET, dataDir: dir }, same);
    expect(await db().selectFrom('server_secret').selectAll().execute()).toEqual([]);
    expect(same.lines).toEqual([
      'info: AUTH_SECRET is the secret the database held: deleted it from the database',
    ]);
  });

  it('refuses a key file other users can read, and one without a secret', async () => {
    const dir = dataDir();
    const file = path.join(dir, AUTH_SECRET_FILE);
    writeFileSync(file, `${OLD_SECRET}\n`);
    chmodSync(file, 0o644);
    const config = { authSecret: undefined, dataDir: dir };
    await expect(resolveAuthSecret(db(), config)).rejects.toThrow(
      /can be read by other users \(mode 644\).*chmod 600/,
    );
    writeFileSync(file, 'short\n');
    chmodSync(file, 0o600);
    await expect(resolveAuthSecret(db(), config)).rejects.toThrow(
      /holds no secret of at least 32 characters/,
    );
  });
});
