import { sql } from 'kysely';
import type { BULK_RESULT_STATES, BulkActionDetail, BulkActionRun } from '@fleetdeck/shared/bulk-contract';
import { appErrors } from '../../errors/app-error.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { bulkStepUpReason, requireActionPermission, type BulkCtx } from './bulk-actions.service.ts';
import { getRun, getRunDetail, listRuns } from './bulk-runs.ts';
import type { DeviceDeps } from './device-context.ts';
import { runsVisibleTo, type DeviceTenant } from './device-tenant.ts';

/**
 * Bulk runs after their start: a finished run's retryable failures sent again, the runs a member
 * may see, and one run's per-device results.
 */

/** Why: a finished run's failures a retry can fix are sent again on request, and only those. */
export async function retryBulkAction(ctx: BulkCtx, runId: string): Promise<BulkActionRun> {
  const run = await getRun(ctx.deps.db, ctx.tenant.orgId, runId, runsVisibleTo(ctx.tenant));
  requireActionPermission(ctx.tenant, run.action.kind);
  if (run.status === 'queued' || run.status === 'running')
    throw appErrors.conflict(
      'This bulk action is still running. Wait for it to finish, then retry its failures.',
    );
  if (run.retryable === 0)
    throw appErrors.conflict(
      run.failed === 0
        ? 'This bulk action has no failed devices to retry.'
        : 'Google refused the failed devices of this bulk action for good (their state does not allow it), so a retry cannot succeed. Review them in the results.',
    );
  const stepUpReason = bulkStepUpReason(run.action, run.retryable);
  if (stepUpReason) await ctx.stepUp(stepUpReason);
  await ctx.deps.db.transaction().execute(async (tx) => {
    const requeued = await tx
      .updateTable('bulk_action_result')
      .set({ state: 'pending', error: null, updated_at: sql<Date>`now()` })
      .where('org_id', '=', ctx.tenant.orgId)
      .where('run_id', '=', runId)
      .where('state', '=', 'failed')
      .where('retryable', '=', true)
      .executeTakeFirst();
    await tx
      .updateTable('bulk_action_run')
      .set({ status: 'queued', finished_at: null, lease_owner: null, lease_until: null })
      .where('org_id', '=', ctx.tenant.orgId)
      .where('id', '=', runId)
      .execute();
    await recordAudit(tx, {
      action: 'bulk.retry',
      outcome: 'success',
      orgId: ctx.tenant.orgId,
      actorUserId: ctx.tenant.userId,
      targetType: 'bulk_action',
      targetId: runId,
      ip: ctx.meta.ip,
      userAgent: ctx.meta.userAgent,
      requestId: ctx.meta.requestId,
      details: { devices: Number(requeued.numUpdatedRows) },
    });
  });
  await ctx.queue.enqueue(ctx.tenant.orgId, runId);
  return getRun(ctx.deps.db, ctx.tenant.orgId, runId);
}

/** Why: the runs page: newest first; a member limited to units sees only the runs they started. */
export function bulkRunsOf(
  deps: Pick<DeviceDeps, 'db'>,
  tenant: DeviceTenant,
  limit: number,
): Promise<BulkActionRun[]> {
  return listRuns(deps.db, tenant.orgId, limit, runsVisibleTo(tenant));
}

/** Why: one run with a page of its per-device results, within what the member may see. */
export function bulkRunDetail(
  deps: Pick<DeviceDeps, 'db'>,
  tenant: DeviceTenant,
  runId: string,
  query: { cursor?: string | undefined; state?: (typeof BULK_RESULT_STATES)[number] | undefined },
): Promise<BulkActionDetail> {
  return getRunDetail(deps.db, tenant.orgId, runId, query, runsVisibleTo(tenant));
}
