import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkActionRun } from '@fleetdeck/shared/bulk-contract';
import { recordAudit } from '../src/modules/audit/audit-log.ts';
import { auditCsv, AUDIT_EXPORT_PAGE, listAudit } from '../src/modules/audit/audit-query.ts';
import { deleteExpiredAudit } from '../src/modules/audit/audit-retention.ts';
import { verifyAuditChain } from '../src/modules/audit/audit-verify.ts';
import {
  as,
  ORG,
  OTHER_ORG,
  previewAndStart,
  startDeviceHarness,
  USER,
  type DeviceHarness,
} from './device-harness.ts';
import { backendName } from './test-database.ts';

/**
 * The audit log names who acted on devices (never "Fleetdeck" for a member's action), the target
 * in words, and its hash chain finds an edited or a deleted entry, also after retention.
 */
describe(`audit log: who, what, filters, export, chain and retention (${backendName})`, () => {
  let h: DeviceHarness;
  let devices: { device_id: string; serial_number: string }[];

  beforeAll(async () => {
    h = await startDeviceHarness({ size: 120 });
    const { rows } = await sql<{ device_id: string; serial_number: string }>`
      select device_id, serial_number from fleet_device
      where org_id = ${ORG} and deleted_at is null and status = 'ACTIVE' and serial_number is not null
        and license_type is distinct from 'kioskUpgrade'
      order by device_id limit 6`.execute(h.testDb.database.db);
    devices = rows;
    expect(devices).toHaveLength(6);
  }, 60_000);
  afterAll(async () => {
    await h.close();
  });

  const db = () => h.testDb.database.db;
  const device = (i: number) => devices[i] as { device_id: string; serial_number: string };
  const entries = (action: string) =>
    db()
      .selectFrom('audit_log')
      .select(['actor_user_id', 'actor_name', 'actor_label', 'target_label', 'origin', 'details', 'ip'])
      .where('org_id', '=', ORG)
      .where('action', '=', action)
      .execute();

  it('names the member (name and email) and the device by serial on a device action', async () => {
    const response = await h.app.inject({
      method: 'POST',
      url: `/api/devices/${device(0).device_id}/status`,
      headers: { ...as('admin'), 'user-agent': 'Audit test' },
      payload: { action: 'disable', reason: 'lost', note: 'left on bus 12' },
      remoteAddress: '10.9.8.7',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await entries('device.disable')).toEqual([
      {
        actor_user_id: USER,
        actor_name: 'Avery Admin',
        actor_label: 'admin@riverbend.example',
        target_label: device(0).serial_number,
        origin: null,
        details: { reason: 'lost', note: 'left on bus 12' },
        ip: '10.9.8.7',
      },
    ]);
  });

  it('names who started a bulk run on the entry Fleetdeck writes when it finishes', async () => {
    const request = {
      target: { deviceIds: [device(1).device_id, device(2).device_id] },
      action: { kind: 'annotate' as const, fields: { annotatedLocation: 'Library cart' } },
    };
    const started = await previewAndStart(h, request, as('admin'));
    expect(started.statusCode, started.body).toBe(202);
    const runId = started.json<BulkActionRun>().id;
    await h.runner.idle();
    const finish = await entries('bulk.finish');
    expect(finish).toEqual([
      expect.objectContaining({
        actor_user_id: USER,
        actor_name: 'Avery Admin',
        actor_label: 'admin@riverbend.example',
        target_label: 'Bulk edit of 2 devices',
        origin: { kind: 'bulk_run', runId },
      }),
    ]);
    const start = await entries('bulk.annotate');
    expect(start).toEqual([expect.objectContaining({ actor_name: 'Avery Admin', origin: null })]);
  });

  it('filters by who, what, target, result and dates, and exports every matching row as CSV', async () => {
    // Enough entries that the export reads several pages.
    const many = AUDIT_EXPORT_PAGE + 5;
    for (let i = 0; i < many; i += 1) {
      await recordAudit(db(), {
        action: i % 2 === 0 ? 'device.annotate' : 'sync.started',
        outcome: i % 3 === 0 ? 'failure' : 'success',
        orgId: ORG,
        targetType: 'device',
        targetId: `bulk-device-${i}`,
        targetLabel: `SERIAL-${String(i).padStart(5, '0')}`,
      });
    }
    await recordAudit(db(), {
      action: 'device.annotate',
      outcome: 'success',
      orgId: OTHER_ORG,
      targetLabel: 'SERIAL-00001',
    });
    const query = { limit: 200 } as const;
    const byTarget = await listAudit(db(), ORG, { ...query, target: device(0).serial_number });
    expect(byTarget.entries.map((e) => e.action)).toEqual(['device.disable']);
    expect(byTarget.entries[0]).toMatchObject({
      actorName: 'Avery Admin',
      targetLabel: device(0).serial_number,
    });
    const byWho = await listAudit(db(), ORG, { ...query, actorUserId: USER });
    expect(new Set(byWho.entries.map((e) => e.action))).toEqual(
      new Set(['device.disable', 'bulk.annotate', 'bulk.finish']),
    );
    const failures = await listAudit(db(), ORG, {
      ...query,
      category: 'devices',
      outcome: 'failure',
      target: 'serial-0000',
    });
    // SERIAL-00000 … SERIAL-00009: device.annotate for even i, failure for i % 3 === 0 → 0 and 6.
    expect(failures.entries.map((e) => e.targetLabel).sort()).toEqual(['SERIAL-00000', 'SERIAL-00006']);
    expect((await listAudit(db(), ORG, { ...query, target: '100%' })).entries).toEqual([]);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await listAudit(db(), ORG, { ...query, from: future })).entries).toEqual([]);

    const csv = async (filters: Parameters<typeof auditCsv>[2]) => {
      const counter = { rows: 0 };
      const chunks: string[] = [];
      for await (const chunk of auditCsv(db(), ORG, filters, counter)) chunks.push(chunk);
      return { lines: chunks.join('').trimEnd().split('\r\n'), counter, chunks: chunks.length };
    };
    const all = await csv({ action: 'device.annotate' });
    const expected = Math.ceil(many / 2);
    expect(all.counter.rows).toBe(expected);
    expect(all.lines).toHaveLength(expected + 1);
    // Written as read: the header, then one chunk per page.
    expect(all.chunks).toBe(1 + Math.ceil(expected / AUDIT_EXPORT_PAGE));
    expect(all.lines.slice(1).every((line) => line.includes('device.annotate'))).toBe(true);
    expect(all.lines.some((line) => line.includes('SERIAL-00001'))).toBe(false);
    const named = await csv({ target: device(0).serial_number });
    expect(named.lines).toHaveLength(2);
    expect(named.lines[1]).toContain('Avery Admin,admin@riverbend.example');
    expect(named.lines[1]).toContain(device(0).serial_number);
  }, 120_000);

  it('verifies the chain, and names the first entry edited or deleted', async () => {
    const ok = await verifyAuditChain(db(), ORG);
    expect(ok).toMatchObject({ ok: true, firstBad: null });
    expect(ok.checked).toBeGreaterThan(AUDIT_EXPORT_PAGE);
    expect(ok.headSequence).toBe(String(ok.checked));

    const disable = await db()
      .selectFrom('audit_log')
      .select(['id', sql<string>`chain_seq::text`.as('seq'), 'details'])
      .where('org_id', '=', ORG)
      .where('action', '=', 'device.disable')
      .executeTakeFirstOrThrow();
    // Someone softens the reason in the database.
    await db()
      .updateTable('audit_log')
      .set({ details: JSON.stringify({ reason: 'other' }) as never })
      .where('id', '=', disable.id)
      .execute();
    expect(await verifyAuditChain(db(), ORG)).toMatchObject({
      ok: false,
      firstBad: { entryId: disable.id, sequence: disable.seq, problem: 'edited' },
    });
    await db()
      .updateTable('audit_log')
      .set({ details: JSON.stringify(disable.details) as never })
      .where('id', '=', disable.id)
      .execute();
    expect((await verifyAuditChain(db(), ORG)).ok).toBe(true);

    // Someone deletes the entry of the bulk run's start.
    const removed = await db()
      .deleteFrom('audit_log')
      .where('org_id', '=', ORG)
      .where('action', '=', 'bulk.annotate')
      .returning(sql<string>`chain_seq::text`.as('seq'))
      .executeTakeFirstOrThrow();
    const after = await verifyAuditChain(db(), ORG);
    const next = String(BigInt(removed.seq) + 1n);
    expect(after).toMatchObject({ ok: false, firstBad: { sequence: next, problem: 'missing_before' } });
    expect(after.firstBad?.message).toBe(`Entry #${removed.seq} before entry #${next} was deleted.`);
    // The other organization's chain is its own and intact.
    expect(await verifyAuditChain(db(), OTHER_ORG)).toMatchObject({ ok: true, checked: 1 });

    // The newest entry deleted is found too.
    const newest = await db()
      .deleteFrom('audit_log')
      .where('org_id', '=', OTHER_ORG)
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(newest.id).toBeTruthy();
    expect(await verifyAuditChain(db(), OTHER_ORG)).toMatchObject({
      ok: false,
      firstBad: { sequence: '1', problem: 'missing_newest' },
    });
  });

  it('keeps one chain when entries are written at the same time', async () => {
    const org = 'org-concurrent';
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        db()
          .transaction()
          .execute(async (tx) => {
            await recordAudit(tx, { action: 'sync.started', outcome: 'success', orgId: org, details: { i } });
          }),
      ),
    );
    const { rows } = await sql<{ seq: string; prev_hash: string; hash: string }>`
      select chain_seq::text as seq, prev_hash, hash from audit_log where org_id = ${org} order by chain_seq`.execute(
      db(),
    );
    expect(rows.map((row) => Number(row.seq))).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    for (let i = 1; i < rows.length; i += 1) expect(rows[i]?.prev_hash).toBe(rows[i - 1]?.hash);
    expect(await verifyAuditChain(db(), org)).toMatchObject({ ok: true, checked: 40 });
  });

  it('deletes entries past retention and the chain still verifies from its anchor', async () => {
    const org = 'org-retention';
    for (let i = 0; i < 7; i += 1)
      await recordAudit(db(), { action: 'sync.started', outcome: 'success', orgId: org });
    // The first five are a year and a half old.
    await sql`update audit_log set occurred_at = now() - interval '550 days'
      where org_id = ${org} and chain_seq <= 5`.execute(db());
    // (Their hashes covered the old time: put back what was hashed, as if written then.)
    await rechain(org);
    expect((await verifyAuditChain(db(), org)).ok).toBe(true);
    expect(await deleteExpiredAudit(db(), org, 400)).toBe(5);
    const left = await sql<{ seq: string; action: string }>`
      select chain_seq::text as seq, action from audit_log where org_id = ${org} order by chain_seq`.execute(
      db(),
    );
    expect(left.rows).toEqual([
      { seq: '6', action: 'sync.started' },
      { seq: '7', action: 'sync.started' },
      { seq: '8', action: 'audit.retention_deleted' },
    ]);
    expect(await verifyAuditChain(db(), org)).toMatchObject({ ok: true, checked: 3, anchorSequence: '5' });
    // Nothing more is old enough; a shorter retention keeps them too (all are new).
    expect(await deleteExpiredAudit(db(), org, 30)).toBe(0);
    // Deleting the first kept entry is still found.
    await sql`delete from audit_log where org_id = ${org} and chain_seq = 6`.execute(db());
    expect(await verifyAuditChain(db(), org)).toMatchObject({
      ok: false,
      firstBad: { sequence: '7', problem: 'missing_before' },
    });
  });

  /** Rewrites an organization's hashes as the writer would have (a test's back-dating only). */
  async function rechain(org: string) {
    const { auditEntryHash, GENESIS_HASH, hashedEntryOf } =
      await import('../src/modules/audit/audit-hash.ts');
    const rows = await db()
      .selectFrom('audit_log')
      .selectAll()
      .select(sql<string>`chain_seq::text`.as('seq'))
      .where('org_id', '=', org)
      .orderBy('chain_seq')
      .execute();
    let prev = GENESIS_HASH;
    for (const row of rows) {
      const hash = auditEntryHash(prev, hashedEntryOf(row));
      await db().updateTable('audit_log').set({ prev_hash: prev, hash }).where('id', '=', row.id).execute();
      prev = hash;
    }
    await db().updateTable('audit_chain').set({ head_hash: prev }).where('chain', '=', org).execute();
  }
});
