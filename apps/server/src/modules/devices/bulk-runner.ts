import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { ChromeOsDevice } from '@fleetdeck/google/directory/chromeos-device.schema';
import type { DeviceBatchOutcome, DeviceBatchResult } from '@fleetdeck/google/directory/device-batches';
import type { BulkAction } from '@fleetdeck/shared/bulk-contract';
import { recordAudit } from '../audit/audit-log.ts';
import { DEPROVISION_WIRE_REASONS, STATUS_ACTIONS } from './device-actions.service.ts';
import { issueToGoogle } from './device-commands.ts';
import type { DeviceDeps } from './device-context.ts';
import {
  writeDevicesFromGoogle,
  writeKnownChanges,
  type ActionActor,
  type KnownChanges,
} from './device-copy.ts';
import { markSending, settleInterruptedSends } from './bulk-command-sends.ts';
import { countResults, finalStatus } from './bulk-runs.ts';
import {
  canSucceedOnRetry,
  describeFailure,
  rpcCodeCanSucceedOnRetry,
  stopsTheRun,
} from './google-action-errors.ts';

/**
 * Runs bulk actions in the background of a server process: claims a run with a lease, takes its
 * pending devices (the ones that will change; the others were recorded as skipped) 50 at a time
 * (Google's bulk limit), acts at Google, and commits each chunk's results, our copy and history in
 * one transaction. A run whose lease lapsed (its process stopped or crashed) is resumed by any
 * process that runs jobs (jobs/bulk-run-resume.job.ts): only pending devices are sent again; moves
 * and status changes are idempotent at Google and a command whose send began for a device in this
 * run is never issued twice, even across a crash (bulk-command-sends.ts).
 */

const MAX_CHUNK = 50;
const DEFAULT_LEASE_MS = 2 * 60_000;
const DEFAULT_CONCURRENCY = 4;
const LIVE_DEVICE_IDS = 500;

export interface BulkRunnerOptions {
  readonly deps: DeviceDeps;
  /** Devices per Google call (1–50). */
  readonly chunkSize?: number | undefined;
  /** Parallel per-device calls (annotate, commands). */
  readonly concurrency?: number | undefined;
  readonly leaseMs?: number | undefined;
  readonly onError?: ((error: unknown) => void) | undefined;
}

export interface BulkRunner {
  /** Starts (or continues) a run in the background of this process. */
  kick(orgId: string, runId: string): void;
  /** Claims and runs every run whose lease lapsed; resolves when they end. */
  resumeStale(): Promise<number>;
  /** Resolves when no run is executing in this process. */
  idle(): Promise<void>;
  /** Stops between chunks; unfinished runs are resumed later from their pending rows. */
  stop(): Promise<void>;
}

type Outcome =
  | { ok: true; device?: ChromeOsDevice; commandId?: string }
  | { ok: false; error: string; retryable: boolean };

interface ChunkResult {
  outcomes: Map<string, Outcome>;
  /** Known end state of succeeded devices (bulk calls answer no device). */
  known?: KnownChanges;
  /** Set when later devices cannot succeed either (revoked grant, missing privilege). */
  stop?: string;
}

interface ClaimedRun {
  id: string;
  org_id: string;
  customer_id: string;
  action: BulkAction | string;
  requested_by: string | null;
}

/** Why: one runner per process, shared by the routes (kick) and the resumer. */
export function createBulkRunner(options: BulkRunnerOptions): BulkRunner {
  const { deps } = options;
  const db = deps.db;
  const chunkSize = Math.min(MAX_CHUNK, Math.max(1, options.chunkSize ?? MAX_CHUNK));
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const workerId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const running = new Map<string, Promise<void>>();
  let stopping = false;

  const report = (error: unknown) => options.onError?.(error);

  async function claim(orgId: string, runId: string): Promise<ClaimedRun | undefined> {
    const { rows } = await sql<ClaimedRun>`
      update bulk_action_run set status = 'running', started_at = coalesce(started_at, now()),
        lease_owner = ${workerId}, lease_until = now() + ${`${leaseMs} milliseconds`}::interval
      where org_id = ${orgId} and id = ${runId}::uuid and status in ('queued', 'running')
        and (lease_until is null or lease_until < now() or lease_owner = ${workerId})
      returning id, org_id, customer_id, action, requested_by`.execute(db);
    return rows[0];
  }

  async function execute(orgId: string, runId: string): Promise<void> {
    const run = await claim(orgId, runId);
    if (!run) return;
    const action = (typeof run.action === 'string' ? JSON.parse(run.action) : run.action) as BulkAction;
    const actor: ActionActor = { userId: run.requested_by, ref: run.id };
    if (action.kind === 'command') await settleInterruptedSends(db, run);
    while (!stopping) {
      const pending = await db
        .selectFrom('bulk_action_result')
        .select('device_id')
        .where('org_id', '=', orgId)
        .where('run_id', '=', runId)
        .where('state', '=', 'pending')
        .orderBy('device_id')
        .limit(chunkSize)
        .execute();
      if (pending.length === 0) break;
      // A run whose lease was taken over (this process stalled past it) is left to its new owner.
      if (!(await renewLease(run))) return;
      const ids = pending.map((row) => row.device_id);
      let result: ChunkResult;
      try {
        result = await runChunk(run, action, ids);
      } catch (error) {
        report(error);
        const message = describeFailure(error);
        const retryable = canSucceedOnRetry(error);
        result = { outcomes: new Map(ids.map((id) => [id, { ok: false, error: message, retryable }])) };
      }
      await commitChunk(run, actor, result);
      const succeeded = [...result.outcomes].filter(([, o]) => o.ok).map(([id]) => id);
      deps.publishChanged(orgId, { runId, deviceIds: succeeded.slice(0, LIVE_DEVICE_IDS) });
      if (result.stop) {
        await db
          .updateTable('bulk_action_result')
          .set({
            state: 'failed',
            error: `Not sent: ${result.stop}`,
            retryable: true,
            updated_at: sql<Date>`now()`,
          })
          .where('org_id', '=', orgId)
          .where('run_id', '=', runId)
          .where('state', '=', 'pending')
          .execute();
        break;
      }
    }
    await finish(run);
  }

  async function runChunk(run: ClaimedRun, action: BulkAction, ids: string[]): Promise<ChunkResult> {
    const tenant = { orgId: run.org_id, customerId: run.customer_id };
    const google = deps.googleFor(tenant);
    switch (action.kind) {
      case 'move': {
        const ou = await db
          .selectFrom('fleet_org_unit')
          .select(['org_unit_id', 'org_unit_path'])
          .where('org_id', '=', run.org_id)
          .where('org_unit_id', '=', action.orgUnitId)
          .where('deleted_at', 'is', null)
          .executeTakeFirst();
        if (!ou) {
          const error = 'The target organizational unit no longer exists. Pick another one.';
          return {
            outcomes: new Map(ids.map((id) => [id, { ok: false, error, retryable: false }])),
            stop: error,
          };
        }
        const batch = await google.directory.moveDevicesToOu(ids, ou.org_unit_path);
        return {
          ...fromBatch(batch),
          known: { orgUnitPath: ou.org_unit_path, orgUnitId: ou.org_unit_id },
        };
      }
      case 'disable':
      case 'reenable':
      case 'deprovision': {
        const batch = await google.directory.batchChangeStatus({
          deviceIds: ids,
          action: STATUS_ACTIONS[action.kind].wire,
          ...(action.kind === 'deprovision'
            ? { deprovisionReason: DEPROVISION_WIRE_REASONS[action.reason] }
            : {}),
        });
        const known: KnownChanges = { status: STATUS_ACTIONS[action.kind].status };
        if (action.kind === 'deprovision') known.deprovisionReason = DEPROVISION_WIRE_REASONS[action.reason];
        return { ...fromBatch(batch), known };
      }
      case 'annotate':
        return perDevice(ids, async (id) => ({
          ok: true,
          device: await google.directory.patchChromeOsDevice(id, action.fields, { projection: 'FULL' }),
        }));
      case 'command': {
        const issued = await db
          .selectFrom('fleet_device_command')
          .select(['device_id', 'command_id'])
          .where('org_id', '=', run.org_id)
          .where('bulk_run_id', '=', run.id)
          .where('device_id', 'in', ids)
          .execute();
        const already = new Map(issued.map((row) => [row.device_id, row.command_id]));
        const issuer = { ...tenant, userId: run.requested_by };
        return perDevice(ids, async (id) => {
          const existing = already.get(id);
          if (existing) return { ok: true, commandId: existing };
          await markSending(db, run, id);
          return { ok: true, commandId: await issueToGoogle(deps, issuer, id, action.command, run.id) };
        });
      }
    }
  }

  async function perDevice(ids: string[], act: (id: string) => Promise<Outcome>): Promise<ChunkResult> {
    const outcomes = new Map<string, Outcome>();
    let stop: string | undefined;
    let next = 0;
    const worker = async () => {
      while (next < ids.length && stop === undefined) {
        const id = ids[next++] as string;
        try {
          outcomes.set(id, await act(id));
        } catch (error) {
          const message = describeFailure(error);
          outcomes.set(id, { ok: false, error: message, retryable: canSucceedOnRetry(error) });
          if (stopsTheRun(error)) stop = message;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, ids.length) }, worker));
    // Devices not reached because the run stopped stay pending and are marked by the caller.
    return stop === undefined ? { outcomes } : { outcomes, stop };
  }

  async function commitChunk(run: ClaimedRun, actor: ActionActor, result: ChunkResult): Promise<void> {
    const rows = [...result.outcomes].map(([device_id, outcome]) => ({
      device_id,
      state: outcome.ok ? 'succeeded' : 'failed',
      error: outcome.ok ? null : outcome.error,
      command_id: outcome.ok ? (outcome.commandId ?? null) : null,
      retryable: !outcome.ok && outcome.retryable,
    }));
    const scope = { orgId: run.org_id, customerId: run.customer_id };
    const succeeded = [...result.outcomes].filter(([, o]) => o.ok);
    await db.transaction().execute(async (tx) => {
      await sql`
        update bulk_action_result b set state = r.state, error = r.error, command_id = r.command_id,
          retryable = r.retryable, attempts = b.attempts + 1, updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as r(device_id text, state text, error text, command_id text, retryable boolean)
        where b.org_id = ${run.org_id} and b.run_id = ${run.id}::uuid and b.device_id = r.device_id
          and b.state = 'pending'`.execute(tx);
      const devices = succeeded.flatMap(([, o]) => (o.ok && o.device ? [o.device] : []));
      if (devices.length > 0) await writeDevicesFromGoogle(tx, scope, devices, actor);
      if (result.known) {
        const ids = succeeded.map(([id]) => id);
        await writeKnownChanges(tx, scope, ids, result.known, actor);
      }
      await sql`update bulk_action_run set lease_until = now() + ${`${leaseMs} milliseconds`}::interval
        where org_id = ${run.org_id} and id = ${run.id}::uuid and lease_owner = ${workerId}`.execute(tx);
    });
  }

  async function renewLease(run: ClaimedRun): Promise<boolean> {
    const result = await sql`update bulk_action_run
      set lease_until = now() + ${`${leaseMs} milliseconds`}::interval
      where org_id = ${run.org_id} and id = ${run.id}::uuid and lease_owner = ${workerId}`.execute(db);
    return Number(result.numAffectedRows ?? 0) > 0;
  }

  async function finish(run: ClaimedRun): Promise<void> {
    const counts = await countResults(db, run.org_id, run.id);
    if (counts.pending > 0) {
      // Stopped between chunks: let the lease lapse now so another process resumes at once.
      await sql`update bulk_action_run set lease_until = now(), lease_owner = null
        where org_id = ${run.org_id} and id = ${run.id}::uuid and lease_owner = ${workerId}`.execute(db);
      return;
    }
    const status = finalStatus(counts);
    await db.transaction().execute(async (tx) => {
      await tx
        .updateTable('bulk_action_run')
        .set({ status, finished_at: sql<Date>`now()`, lease_owner: null, lease_until: null })
        .where('org_id', '=', run.org_id)
        .where('id', '=', run.id)
        .execute();
      await recordAudit(tx, {
        action: 'bulk.finish',
        outcome: counts.failed === 0 ? 'success' : 'failure',
        orgId: run.org_id,
        // The member who started the run; Fleetdeck finished it for them.
        actorUserId: run.requested_by,
        origin: { kind: 'bulk_run', runId: run.id },
        targetType: 'bulk_action',
        targetId: run.id,
        details: {
          status,
          succeeded: counts.succeeded,
          failed: counts.failed,
          retryable: counts.retryable,
          skipped: counts.skipped,
          unchanged: counts.unchanged,
        },
      });
    });
    deps.publishChanged(run.org_id, { runId: run.id });
  }

  function kick(orgId: string, runId: string): void {
    if (stopping || running.has(runId)) return;
    const work = execute(orgId, runId)
      .catch(report)
      .finally(() => running.delete(runId));
    running.set(runId, work);
  }

  async function resumeStale(): Promise<number> {
    if (stopping) return 0;
    const stale = await db
      .selectFrom('bulk_action_run')
      .select(['org_id', 'id'])
      .where('status', 'in', ['queued', 'running'])
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', sql<Date>`now()`)]))
      .orderBy('created_at')
      .limit(20)
      .execute();
    for (const run of stale) kick(run.org_id, run.id);
    await idle();
    return stale.length;
  }

  async function idle(): Promise<void> {
    while (running.size > 0) await Promise.allSettled([...running.values()]);
  }

  return {
    kick,
    resumeStale,
    idle,
    stop: async () => {
      stopping = true;
      await idle();
    },
  };
}

/** A bulk call's answer as per-device outcomes, and whether it stopped the run. */
function fromBatch(batch: DeviceBatchResult): ChunkResult {
  const outcomes = new Map<string, Outcome>();
  for (const outcome of batch.results) {
    if (outcome.status === 'succeeded') outcomes.set(outcome.deviceId, { ok: true });
    else outcomes.set(outcome.deviceId, batchFailure(outcome));
  }
  const stop = batch.stoppedBy && stopsTheRun(batch.stoppedBy) ? describeFailure(batch.stoppedBy) : undefined;
  return stop === undefined ? { outcomes } : { outcomes, stop };
}

/** A device's failure in a bulk call, and whether sending it again can succeed. */
function batchFailure(outcome: Exclude<DeviceBatchOutcome, { status: 'succeeded' }>): Outcome {
  if ('error' in outcome && outcome.error)
    return {
      ok: false,
      error: describeFailure(outcome.error),
      retryable: canSucceedOnRetry(outcome.error),
    };
  if (outcome.status === 'failed') {
    const retryable = rpcCodeCanSucceedOnRetry(outcome.rpcCode);
    const error = retryable
      ? `Google could not change it this time: ${outcome.message}`
      : `Google refused: ${outcome.message}`;
    return { ok: false, error, retryable };
  }
  // Unknown (no answer for this device) or never sent: idempotent, so sending again is safe.
  return { ok: false, error: outcome.message, retryable: true };
}
