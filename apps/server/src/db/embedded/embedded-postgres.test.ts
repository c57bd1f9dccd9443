import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { findPostgresBinaries } from './binaries.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres.ts';
import { serverUser } from './server-user.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'fleetdeck-embedded-'));
const running: EmbeddedPostgres[] = [];
afterAll(async () => {
  for (const server of running) await server.stop();
  rmSync(root, { recursive: true, force: true });
});
const isRoot = process.getuid?.() === 0;

async function query(url: string, text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

describe('the embedded PostgreSQL', () => {
  it('listens on a Unix socket only, with fsync on, and a deep DATA_DIR gets a short socket folder', async () => {
    const deep = path.join(
      root,
      'a-rather-long-folder-name-for-a-data-folder',
      'and-one-more-level-below-it',
      'data',
    );
    const server = await startEmbeddedPostgres({ dataDir: deep });
    running.push(server);
    expect(Buffer.byteLength(path.join(deep, 'run', '.s.PGSQL.5432'))).toBeGreaterThan(107);
    expect(server.socketDir.startsWith(deep)).toBe(false);
    expect(Buffer.byteLength(path.join(server.socketDir, '.s.PGSQL.5432'))).toBeLessThanOrEqual(107);
    const settings = await query(
      server.url,
      "select current_setting('listen_addresses') as tcp, current_setting('fsync') as fsync, current_setting('server_version_num')::int / 10000 as major",
    );
    expect(settings.rows[0]).toEqual({ tcp: '', fsync: 'on', major: 18 });
    expect(statSync(server.pgdata).mode & 0o777).toBe(0o700);
    await server.stop();
  });

  it('stops a server left running on the folder (a killed Fleetdeck) and keeps its data', async () => {
    const dataDir = path.join(root, 'leftover');
    const first = await startEmbeddedPostgres({ dataDir, durable: false });
    running.push(first);
    await query(first.url, "create table kept (v text); insert into kept values ('before the kill')");
    const leftoverPid = Number.parseInt(readFileSync(path.join(first.pgdata, 'postmaster.pid'), 'utf8'), 10);
    // The first server is never stopped by its owner, as after a SIGKILL of Fleetdeck.
    const messages: string[] = [];
    const second = await startEmbeddedPostgres({ dataDir, durable: false, log: (m) => messages.push(m) });
    running.push(second);
    expect(alive(leftoverPid)).toBe(false);
    expect(messages.join('\n')).toMatch(
      new RegExp(`Stopping the embedded PostgreSQL \\(pid ${leftoverPid}\\) left running`),
    );
    expect((await query(second.url, 'select v from kept')).rows).toEqual([{ v: 'before the kill' }]);
    await second.stop();
    expect(existsSync(path.join(second.pgdata, 'postmaster.pid'))).toBe(false);
  });

  it('refuses a folder written by a newer PostgreSQL and changes nothing', async () => {
    const dataDir = path.join(root, 'newer');
    const pgdata = path.join(dataDir, 'postgres');
    mkdirSync(pgdata, { recursive: true, mode: 0o700 });
    writeFileSync(path.join(pgdata, 'PG_VERSION'), '19\n');
    const user = serverUser(() => undefined);
    if (user.dedicated) chownSync(pgdata, user.uid, user.gid);
    await expect(startEmbeddedPostgres({ dataDir })).rejects.toThrow(
      /written by PostgreSQL 19, newer than this Fleetdeck's embedded PostgreSQL 18.*DATABASE_URL.*Nothing was changed/s,
    );
    expect(readFileSync(path.join(pgdata, 'PG_VERSION'), 'utf8')).toBe('19\n');
  });

  it.runIf(isRoot)(
    'as root, refuses a folder that belongs to another user and says how to hand it over',
    async () => {
      const dataDir = path.join(root, 'foreign');
      mkdirSync(path.join(dataDir, 'postgres'), { recursive: true, mode: 0o700 });
      writeFileSync(path.join(dataDir, 'postgres', 'PG_VERSION'), '18\n');
      await expect(startEmbeddedPostgres({ dataDir })).rejects.toThrow(
        /belongs to another user \(uid 0\).*chown -R \d+:\d+ /s,
      );
    },
  );

  it.runIf(isRoot)(
    'as root, runs as the dedicated user and makes a closed parent folder passable, saying so',
    async () => {
      const closed = path.join(root, 'closed');
      mkdirSync(closed, { mode: 0o700 });
      chmodSync(closed, 0o700);
      const messages: string[] = [];
      const server = await startEmbeddedPostgres({
        dataDir: path.join(closed, 'data'),
        durable: false,
        log: (m) => messages.push(m),
      });
      running.push(server);
      const user = serverUser(() => undefined);
      expect(statSync(server.pgdata).uid).toBe(user.uid);
      expect(statSync(closed).mode & 0o777).toBe(0o701);
      expect(messages.join('\n')).toContain(`could not pass through ${closed}`);
      expect(messages.join('\n')).toContain('mode 0700 → 0701');
      await server.stop();
    },
  );

  it('shows the last lines of its log when it does not come up in time', async () => {
    await expect(
      startEmbeddedPostgres({ dataDir: path.join(root, 'slow'), durable: false, startTimeoutMs: 1 }),
    ).rejects.toThrow(/did not come up within 0 s\. The last lines of .*postgres\.log/);
  });

  it('says to set DATABASE_URL on a platform without binaries', () => {
    expect(() => findPostgresBinaries('win32-x64')).toThrow(
      /no embedded PostgreSQL for this platform \(win32-x64\)\. Set DATABASE_URL/,
    );
  });

  it("leaves an earlier version's PGlite folder untouched and says how to carry on", async () => {
    const dataDir = path.join(root, 'earlier');
    const earlier = path.join(dataDir, 'pglite');
    mkdirSync(earlier, { recursive: true });
    writeFileSync(path.join(earlier, 'PG_VERSION'), '17\n');
    await expect(startEmbeddedPostgres({ dataDir, durable: false })).rejects.toThrow(
      new RegExp(
        `${earlier} holds data of an earlier Fleetdeck.*Nothing was changed.*mv ${earlier} ${earlier}-before-postgresql && npm start`,
        's',
      ),
    );
    expect(existsSync(path.join(dataDir, 'postgres'))).toBe(false);
    expect(readFileSync(path.join(earlier, 'PG_VERSION'), 'utf8')).toBe('17\n');

    renameSync(earlier, `${earlier}-before-postgresql`);
    const server = await startEmbeddedPostgres({ dataDir, durable: false });
    running.push(server);
    expect((await query(server.url, 'select 1 as one')).rows).toEqual([{ one: 1 }]);
    await server.stop();
  });
});
