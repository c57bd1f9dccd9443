import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { backendName, createTestDatabase } from '../../test/test-database.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { openDatabase } from './client.ts';
import { migrateToLatest } from './migrate.ts';
import { recordAudit } from '../modules/audit/audit-log.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe(`migrations on ${backendName}`, () => {
  it('apply once and are idempotent on every later start', async () => {
    const t = await createTestDatabase({ migrate: false });
    cleanups.push(() => t.cleanup());
    const first = await migrateToLatest(t.database.db);
    expect(first.applied).toContain('0001-foundation');
    const second = await migrateToLatest(t.database.db);
    expect(second.applied).toEqual([]);
    await recordAudit(t.database.db, {
      action: 'auth.sign_in',
      outcome: 'success',
      orgId: null,
      details: { a: 1 },
    });
    const row = await t.database.db.selectFrom('audit_log').select(['id', 'hash']).executeTakeFirstOrThrow();
    expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
    const trigram = await sql<{
      similarity: number;
    }>`select similarity('5CD1234XYZ', '5CD1234') as similarity`.execute(t.database.db);
    expect(trigram.rows[0]?.similarity).toBeGreaterThan(0.3);
  });
});

describe(`a connection lost in the middle of a transaction, on ${backendName}`, () => {
  it('fails that transaction and the next one gets a fresh connection; the process does not crash', async () => {
    const t = await createTestDatabase();
    cleanups.push(() => t.cleanup());
    const db = t.database.db;
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    cleanups.push(() => void process.off('uncaughtException', onUncaught));
    const transaction = db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      // The server ends this connection (a restart, an admin, a failover) while the transaction holds it.
      await sql`select pg_terminate_backend(${rows[0]?.pid ?? 0})`.execute(db);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await sql`select 1`.execute(trx);
    });
    await expect(transaction).rejects.toThrow();
    expect(uncaught).toEqual([]);
    const after = await sql<{ one: number }>`select 1 as one`.execute(db);
    expect(after.rows[0]?.one).toBe(1);
  });
});

describe('the embedded data folder', () => {
  it('keeps data across restarts', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'fleetdeck-data-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const first = await openDatabase({ kind: 'embedded', dataDir: dir });
    await migrateToLatest(first.db);
    await recordAudit(first.db, { action: 'sync.started', outcome: 'success', orgId: null });
    await first.close();
    expect(existsSync(path.join(dir, 'fleetdeck.lock'))).toBe(false);

    const second = await openDatabase({ kind: 'embedded', dataDir: dir });
    cleanups.push(() => second.close());
    const rows = await second.db.selectFrom('audit_log').select('action').execute();
    expect(rows.map((r) => r.action)).toEqual(['sync.started']);
  });

  it('refuses a second process on the same folder with a clear message', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'fleetdeck-lock-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    // PID 1 is always alive and is never this test process.
    writeFileSync(path.join(dir, 'fleetdeck.lock'), '1');
    expect(() => acquireDataDirLock(dir)).toThrow(/in use by another Fleetdeck process \(pid 1\).*DATA_DIR/);
  });

  it('takes over a lock left by a process that died', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'fleetdeck-lock-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(path.join(dir, 'fleetdeck.lock'), '999999999');
    const release = acquireDataDirLock(dir);
    expect(existsSync(path.join(dir, 'fleetdeck.lock'))).toBe(true);
    release();
    expect(existsSync(path.join(dir, 'fleetdeck.lock'))).toBe(false);
  });
});
