import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkAction } from '@fleetdeck/shared/bulk-contract';
import { openDatabase, type Database } from '../src/db/client.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/db/embedded/embedded-postgres.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { recordAudit } from '../src/modules/audit/audit-log.ts';
import { verifyAuditChain } from '../src/modules/audit/audit-verify.ts';
import {
  previewBulkAction,
  startBulkAction,
  type BulkCtx,
} from '../src/modules/devices/bulk-actions.service.ts';
import { UNKNOWN_SEND_ERROR } from '../src/modules/devices/bulk-command-sends.ts';
import { previewTokenKey } from '../src/modules/devices/bulk-token.ts';
import { addTestAdmin, ORG, USER } from './device-harness.ts';
import { startSyncEmulator, syncOnce, type SyncEmulator } from './sync-harness.ts';
import { killWorker, runWorkerToEnd, runWorkerUntil, workerEnv } from './worker-process.ts';

const WORKER = path.resolve(import.meta.dirname, 'fixtures/bulk-worker-process.ts');
const LEASE_MS = 1500;
const CHUNK = 10;

/**
 * Why: a bulk run must survive a real crash of the process running it, or of the database under
 * it: after kill -9 the next process resumes the run from its pending rows and finishes it, every
 * device gets one result, our copy and history hold each change once, no remote command reaches a
 * device twice (Google has no way to ask whether it already got one), and every audit entry
 * committed before the kill is still there with the hash chain intact.
 */
// It starts an embedded PostgreSQL of its own whatever DATABASE_URL names: once per `npm test`.
describe.skipIf(Boolean(process.env.DATABASE_URL))('bulk actions killed with SIGKILL mid run', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fleetdeck-bulk-kill-'));
  let server: EmbeddedPostgres;
  let database: Database;
  let emulator: SyncEmulator;
  let pool: { device_id: string }[];
  const used = new Set<string>();

  beforeAll(async () => {
    emulator = await startSyncEmulator({ size: 200, seed: 41 });
    server = await startEmbeddedPostgres({ dataDir });
    database = await openDatabase({ kind: 'postgres', url: server.url });
    await migrateToLatest(database.db);
    await syncOnce(database, emulator, ORG, 'full');
    await addTestAdmin(database.db);
    pool = await database.db
      .selectFrom('fleet_device')
      .select(['device_id'])
      .where('org_id', '=', ORG)
      .where('status', '=', 'ACTIVE')
      .orderBy('device_id')
      .execute();
    // Each call waits a little, so a run spans several chunks the test can land a kill between.
    await emulator.control('latency', { ms: 15, api: 'directory' });
  }, 60_000);
  afterAll(async () => {
    await database.close();
    await server.stop();
    await emulator.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Starts a run as the route does (preview, then start), left queued for a worker process. */
  async function startRun(action: BulkAction, count: number): Promise<{ runId: string; changing: string[] }> {
    const deviceIds = pool
      .filter((row) => !used.has(row.device_id))
      .slice(0, count)
      .map((row) => row.device_id);
    for (const id of deviceIds) used.add(id);
    const ctx: BulkCtx = {
      deps: {
        db: database.db,
        googleFor: (tenant) => emulator.clientFactory({ ...tenant, onRetry: () => undefined }),
        publishChanged: () => undefined,
      },
      tenant: {
        orgId: ORG,
        customerId: emulator.customerId,
        userId: USER,
        role: 'admin',
        allowedOuPaths: ['/'],
      },
      meta: {},
      queue: { enqueue: async () => undefined },
      tokenKey: previewTokenKey('a-test-secret-that-is-long-enough-0123456789'),
      stepUp: async () => undefined,
    };
    const request = { target: { deviceIds }, action };
    const preview = await previewBulkAction(ctx, request);
    const started = await startBulkAction(ctx, { ...request, previewToken: preview.previewToken });
    if (!('run' in started)) throw new Error('the bulk action was saved as a plan, not run');
    const { run } = started;
    const pending = await database.db
      .selectFrom('bulk_action_result')
      .select('device_id')
      .where('org_id', '=', ORG)
      .where('run_id', '=', run.id)
      .where('state', '=', 'pending')
      .execute();
    expect(pending.length).toBeGreaterThan(3 * CHUNK);
    return { runId: run.id, changing: pending.map((row) => row.device_id).sort() };
  }

  const env = () =>
    workerEnv(
      emulator,
      { kind: 'postgres', url: server.url },
      { WORKER_CHUNK_SIZE: String(CHUNK), WORKER_LEASE_MS: String(LEASE_MS) },
    );

  /** Commands Google holds per device. */
  function commandsAtGoogle(): Map<string, string[]> {
    const byDevice = new Map<string, string[]>();
    for (const command of emulator.emu.state.commands.all()) {
      const deviceId = emulator.emu.state.fleet.devices.deviceId[command.device] as string;
      byDevice.set(deviceId, [...(byDevice.get(deviceId) ?? []), command.commandId]);
    }
    return byDevice;
  }

  async function auditIds(): Promise<string[]> {
    const rows = await database.db.selectFrom('audit_log').select('id').where('org_id', '=', ORG).execute();
    return rows.map((row) => row.id).sort();
  }

  /** After the dead worker's lease ran out, a new process resumes the run to its end. */
  async function resumeToEnd(runId: string): Promise<void> {
    await sleep(LEASE_MS + 300);
    const output = await runWorkerToEnd(WORKER, env());
    expect(output).toContain(`finished ${runId}`);
  }

  async function results(runId: string) {
    return database.db
      .selectFrom('bulk_action_result')
      .select(['device_id', 'state', 'error', 'command_id'])
      .where('org_id', '=', ORG)
      .where('run_id', '=', runId)
      .where('state', '!=', 'skipped')
      .orderBy('device_id')
      .execute();
  }

  /** The run ended once, the audit log kept `before` and verifies. */
  async function expectFinishedAndAudited(runId: string, before: readonly string[]): Promise<void> {
    const run = await database.db
      .selectFrom('bulk_action_run')
      .select(['status', 'lease_owner'])
      .where('id', '=', runId)
      .executeTakeFirstOrThrow();
    expect(run.status).not.toMatch(/queued|running/);
    const after = await auditIds();
    expect(after).toEqual(expect.arrayContaining([...before]));
    const finishes = await database.db
      .selectFrom('audit_log')
      .select('id')
      .where('org_id', '=', ORG)
      .where('action', '=', 'bulk.finish')
      .where('target_id', '=', runId)
      .execute();
    expect(finishes).toHaveLength(1);
    const chain = await verifyAuditChain(database.db, ORG);
    expect(chain.firstBad).toBeNull();
    expect(chain.ok).toBe(true);
  }

  /** No command twice; each stored one is Google's; a device without one is one whose send was cut. */
  function expectEachCommandOnce(
    rows: Awaited<ReturnType<typeof results>>,
    changing: readonly string[],
    cutShort: number,
  ): void {
    const atGoogle = commandsAtGoogle();
    expect(rows.map((row) => row.device_id)).toEqual(changing);
    for (const row of rows) {
      const issued = atGoogle.get(row.device_id) ?? [];
      expect(issued.length, `commands sent to ${row.device_id}`).toBeLessThanOrEqual(1);
      if (row.state === 'succeeded') expect(issued).toEqual([row.command_id]);
      else expect(row).toMatchObject({ state: 'failed', error: UNKNOWN_SEND_ERROR });
    }
    expect(rows.filter((row) => row.state === 'failed').length).toBeLessThanOrEqual(cutShort);
  }

  it('Fleetdeck killed mid move: the run resumes, every device moved, each change in history once', async () => {
    const target = await database.db
      .selectFrom('fleet_org_unit')
      .select(['org_unit_id', 'org_unit_path'])
      .where('org_id', '=', ORG)
      .where('org_unit_path', '!=', '/')
      .orderBy('org_unit_path', 'desc')
      .executeTakeFirstOrThrow();
    const { runId, changing } = await startRun({ kind: 'move', orgUnitId: target.org_unit_id }, 60);
    const before = await auditIds();
    const stopped = await runWorkerUntil(WORKER, env(), {
      line: /^committed chunk /gm,
      reached: (chunks) => chunks >= 2,
      act: killWorker,
    });
    expect(stopped.signal).toBe('SIGKILL');
    const pendingAfterKill = (await results(runId)).filter((row) => row.state === 'pending');
    expect(pendingAfterKill.length).toBeGreaterThan(0);

    await resumeToEnd(runId);
    const rows = await results(runId);
    expect(rows.map((row) => [row.device_id, row.state])).toEqual(changing.map((id) => [id, 'succeeded']));
    for (const id of changing)
      expect((await emulator.google.directory.getChromeOsDevice(id)).orgUnitPath).toBe(target.org_unit_path);
    const history = await sql<{ device_id: string; n: number }>`
      select device_id, count(*)::int as n from fleet_device_history
      where org_id = ${ORG} and action_ref = ${runId} and field = 'orgUnitPath' group by device_id
      order by device_id`.execute(database.db);
    expect(history.rows).toEqual(changing.map((id) => ({ device_id: id, n: 1 })));
    await expectFinishedAndAudited(runId, before);
  }, 60_000);

  it('Fleetdeck killed right after Google took a command: resumed, and no command sent twice', async () => {
    const { runId, changing } = await startRun({ kind: 'command', command: { type: 'REBOOT' } }, 60);
    const before = await auditIds();
    const issuedBefore = emulator.emu.state.commands.all().length;
    // Killed the moment Google has issued the 23rd command, before the worker can store it.
    const stopped = await runWorkerUntil(WORKER, env(), {
      line: /^committed chunk /gm,
      reached: () => emulator.emu.state.commands.all().length - issuedBefore >= 2 * CHUNK + 3,
      act: killWorker,
    });
    expect(stopped.signal).toBe('SIGKILL');

    await resumeToEnd(runId);
    // At most the sends the kill cut short (one chunk's worth in flight) end without a known outcome.
    expectEachCommandOnce(await results(runId), changing, 4);
    await expectFinishedAndAudited(runId, before);
  }, 60_000);

  it('PostgreSQL killed mid command run: recovered, resumed, and no command sent twice', async () => {
    const { runId, changing } = await startRun({ kind: 'command', command: { type: 'REBOOT' } }, 60);
    const issuedBefore = emulator.emu.state.commands.all().length;
    const postmaster = Number.parseInt(readFileSync(path.join(server.pgdata, 'postmaster.pid'), 'utf8'), 10);
    let committedBeforeKill: string[] = [];
    const stopped = await runWorkerUntil(WORKER, env(), {
      line: /^committed chunk /gm,
      reached: () => emulator.emu.state.commands.all().length - issuedBefore >= CHUNK + 5,
      act: async () => {
        // Entries committed while the run goes on, the last one right before the kill.
        for (let i = 0; i < 5; i += 1)
          await recordAudit(database.db, {
            orgId: ORG,
            action: `committed.${i}` as never,
            outcome: 'success',
          });
        committedBeforeKill = await auditIds();
        process.kill(postmaster, 'SIGKILL');
      },
    });
    // The worker ended with its database: a failed statement, or a dropped connection's error.
    expect(stopped.output).toMatch(/committed chunk/);
    await database.close();

    server = await startEmbeddedPostgres({ dataDir });
    database = await openDatabase({ kind: 'postgres', url: server.url });
    expect(committedBeforeKill.length).toBeGreaterThan(5);
    expect(await auditIds()).toEqual(expect.arrayContaining(committedBeforeKill));

    await resumeToEnd(runId);
    expectEachCommandOnce(await results(runId), changing, 4);
    await expectFinishedAndAudited(runId, committedBeforeKill);
  }, 60_000);
});
