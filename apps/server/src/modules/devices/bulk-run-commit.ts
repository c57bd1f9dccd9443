import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { writeDevicesFromGoogle, writeKnownChanges, type ActionActor } from './device-copy.ts';
import type { ChunkResult } from './bulk-run-chunk.ts';
import { copyBulkResultsToPlan, finishPlanOfBulkRun, planProgressOfBulkRun } from '../plans/plan-bulk-run.ts';
import type { DeviceDeps } from './device-context.ts';
import { countResults, finalStatus, type RunCounts } from './bulk-runs.ts';
import {
  closeRun,
  renewLease,
  saveResults,
  type ClaimedRun,
  type Lease,
  type ResultRow,
} from './bulk-run.repository.ts';

/**
 * What a bulk run writes as it goes: each chunk's results with our copy of the devices and their
 * history in one transaction (the lease renewed in it), and the run's end with its audit entry.
 */

function resultRows(result: ChunkResult): ResultRow[] {
  return [...result.outcomes].map(([device_id, outcome]) => ({
    device_id,
    state: outcome.ok ? 'succeeded' : 'failed',
    error: outcome.ok ? null : outcome.error,
    command_id: outcome.ok ? (outcome.commandId ?? null) : null,
    retryable: !outcome.ok && outcome.retryable,
  }));
}

/**
 * Why: a chunk's results, copy and history commit together, so a crash leaves none or all (with
 * them, the results of a plan that started the run: its counts follow the run).
 */
export async function commitChunk(
  db: Kysely<DB>,
  run: ClaimedRun,
  result: ChunkResult,
  lease: Lease,
): Promise<string[]> {
  const actor: ActionActor = { userId: run.requested_by, ref: run.id };
  const scope = { orgId: run.org_id, customerId: run.customer_id };
  const succeeded = [...result.outcomes].filter(([, o]) => o.ok);
  const ids = succeeded.map(([id]) => id);
  await db.transaction().execute(async (tx) => {
    const rows = resultRows(result);
    await saveResults(tx, run, rows);
    await copyBulkResultsToPlan(
      tx,
      run.org_id,
      run.id,
      rows.map((row) => row.device_id),
    );
    const devices = succeeded.flatMap(([, o]) => (o.ok && o.device ? [o.device] : []));
    if (devices.length > 0) await writeDevicesFromGoogle(tx, scope, devices, actor);
    if (result.known) await writeKnownChanges(tx, scope, ids, result.known, actor);
    await renewLease(tx, run, lease);
  });
  return ids;
}

/** Why: the page of a plan run as this bulk run follows it, chunk by chunk, to its end. */
export async function publishPlanProgress(deps: DeviceDeps, run: ClaimedRun): Promise<void> {
  if (!deps.publishPlanProgress) return;
  const progress = await planProgressOfBulkRun(deps.db, run.org_id, run.id);
  if (progress) deps.publishPlanProgress(run.org_id, progress);
}

/**
 * Why: a run whose devices all have a result ends with its status and one audit entry, and the
 * plan that started it, if one did, ends with it; a run with devices still pending (stopped
 * between chunks) answers its counts without ending.
 */
export async function finishRun(db: Kysely<DB>, run: ClaimedRun): Promise<RunCounts> {
  const counts = await countResults(db, run.org_id, run.id);
  if (counts.pending > 0) return counts;
  const status = finalStatus(counts);
  await db.transaction().execute(async (tx) => {
    await closeRun(tx, run, status);
    // A plan of commands or a deprovision that started this run ends with it (decision 048).
    await finishPlanOfBulkRun(tx, run.org_id, run.id);
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
  return counts;
}
