import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.ts';
import { backupEmbedded, restoreEmbedded } from '../src/db/embedded/backup.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { executeSyncRun } from '../src/modules/sync/sync-engine.ts';
import { createRun } from '../src/modules/sync/sync-run.repository.ts';
import { engineOptions, startSyncEmulator } from './sync-harness.ts';
import { recordAudit } from '../src/modules/audit/audit-log.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'fleetdeck-backup-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const ORG = 'org-backed-up';

/** Every table's rows, as one fingerprint per table: equal fingerprints, equal data. */
async function fingerprint(database: Database): Promise<Record<string, string>> {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`.execute(database.db);
  const result: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const row = await sql<{ n: number; digest: string }>`
      select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest
      from ${sql.table(name)} t`.execute(database.db);
    result[name] = `${row.rows[0]?.n}:${row.rows[0]?.digest}`;
  }
  return result;
}

describe('backup and restore of the embedded database', () => {
  it('gives back the same organization, members, audit log and fleet, and refuses while Fleetdeck runs', async () => {
    const dataDir = path.join(root, 'data');
    const file = path.join(root, 'backups', 'fleetdeck.tar.gz');
    const emulator = await startSyncEmulator({ size: 300, seed: 41 });
    let database = await openDatabase({ kind: 'embedded', dataDir });
    let before: Record<string, string>;
    try {
      await migrateToLatest(database.db);
      await database.db
        .insertInto('org')
        .values({ id: ORG, name: 'Backed Up School', google_customer_id: emulator.customerId })
        .execute();
      await database.db
        .insertInto('org_member')
        .values([
          { org_id: ORG, user_id: 'user-owner', role: 'owner' },
          { org_id: ORG, user_id: 'user-viewer', role: 'viewer', ou_scope: JSON.stringify(['/Lab']) },
        ] as never)
        .execute();
      await recordAudit(database.db, { orgId: ORG, action: 'members.invited', outcome: 'success' });
      await recordAudit(database.db, { orgId: ORG, action: 'device.disable', outcome: 'success' });
      const { row } = await createRun(database.db, {
        orgId: ORG,
        customerId: emulator.customerId,
        kind: 'full',
        trigger: 'manual',
        requestedBy: null,
      });
      const outcome = await executeSyncRun(engineOptions(database, emulator), row.id, {
        signal: new AbortController().signal,
        finalAttempt: true,
      });
      expect(outcome).toBe('succeeded');
      before = await fingerprint(database);
      // The fleet copy is there: the organization's 300 devices in a fleet_device table.
      expect(
        Object.entries(before).some(([t, f]) => t.startsWith('fleet_device') && f.startsWith('300:')),
      ).toBe(true);
    } finally {
      await database.close();
      await emulator.close();
    }

    // Another live Fleetdeck holds the folder (pid 1 is always alive and never this process).
    writeFileSync(path.join(dataDir, 'fleetdeck.lock'), '1');
    await expect(backupEmbedded({ dataDir, file })).rejects.toThrow(
      /in use by another Fleetdeck process.*stop it, run the command, start it again/s,
    );
    rmSync(path.join(dataDir, 'fleetdeck.lock'));

    await backupEmbedded({ dataDir, file });
    expect(existsSync(file)).toBe(true);

    // A change after the backup is undone by the restore; the database it replaced is kept aside.
    database = await openDatabase({ kind: 'embedded', dataDir });
    await recordAudit(database.db, { orgId: null, action: 'after.backup' as never, outcome: 'success' });
    await database.close();
    const messages: string[] = [];
    await restoreEmbedded({ dataDir, file, log: (m) => messages.push(m) });
    expect(messages.join('\n')).toMatch(
      /Moved the database that was in .*postgres to .*postgres-before-restore-/,
    );
    expect(readdirSync(dataDir).filter((name) => name.startsWith('postgres-before-restore-'))).toHaveLength(
      1,
    );
    database = await openDatabase({ kind: 'embedded', dataDir });
    try {
      expect(await fingerprint(database)).toEqual(before);
    } finally {
      await database.close();
    }

    // The same archive on another folder (another machine) gives the same data.
    const elsewhere = path.join(root, 'elsewhere');
    await restoreEmbedded({ dataDir: elsewhere, file });
    database = await openDatabase({ kind: 'embedded', dataDir: elsewhere });
    try {
      expect(await fingerprint(database)).toEqual(before);
    } finally {
      await database.close();
    }
  }, 180_000);
});
