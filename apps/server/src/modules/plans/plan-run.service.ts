import type { Kysely, Updateable } from 'kysely';
import type { BulkAction } from '@fleetdeck/shared/bulk-contract';
import { roleCan, type Permission } from '@fleetdeck/shared/permissions';
import type { Plan } from '@fleetdeck/shared/plan-contract';
import type { DB } from '../../db/schema.ts';
import type { PlanTable } from '../../db/plan-schema.ts';
import { AppError, appErrors } from '../../errors/app-error.ts';
import { planErrors } from '../../errors/plan-errors.ts';
import type { BulkRunQueue } from '../devices/bulk-runner.ts';
import { bulkStepUpReason } from '../devices/bulk-actions.service.ts';
import type { DeviceTenant } from '../devices/device-tenant.ts';
import { canCancel, requireVisible, stateOf } from './plan-access.ts';
import { bulkRunActionOf, writePlanBulkRun } from './plan-bulk-run.ts';
import { approvalThreshold, findPlan, type PlanRow } from './plans.repository.ts';
import { audit, presentOne, transition, type PlanCtx } from './plans.service.ts';

/**
 * Starting, pausing and resuming a plan's run. An approved plan starts (a draft at or under the
 * organization's threshold too: sending and starting it in one step); a fresh second factor is
 * asked first. Starting writes `running` and the member who started it (whose units the run
 * checks each device against), and puts a job on the queue in the same transaction. Pausing
 * takes effect between two calls to Google; resuming starts the run again, as the member who
 * resumed it (a process still finishing its call before the pause keeps the lease until it is done).
 * A plan of device commands or a deprovision runs as one bulk run instead (plan-bulk-run.ts): its
 * own step-up rule is asked too, the run goes on the bulk-run queue, and it cannot be paused.
 */

/** Puts a plan's run on the job queue; in the caller's transaction, so a rollback drops it. */
export interface PlanRunQueue {
  enqueue(tx: Kysely<DB>, orgId: string, planId: string): Promise<void>;
}

export interface PlanRunCtx extends PlanCtx {
  readonly queue: PlanRunQueue | undefined;
  /** Where the bulk run of a plan of commands or a deprovision goes (the seam bulk starts use). */
  readonly bulkQueue?: BulkRunQueue | undefined;
}

const noQueue = () =>
  appErrors.unavailable('Plans cannot run right now: the job queue is not running. Try again later.');

/** Why: another organization's plan answers 404 before anything else is asked (queue, step-up). */
async function requireQueue(ctx: PlanRunCtx, planId: string): Promise<PlanRunQueue> {
  requireVisible(await findPlan(ctx.db, ctx.tenant.orgId, planId), ctx.tenant);
  if (!ctx.queue) throw noQueue();
  return ctx.queue;
}

/** Why: running a plan makes its changes, so the caller must hold every permission they need. */
function whyNotRunner(plan: PlanRow, tenant: DeviceTenant): AppError | undefined {
  if (!canCancel(plan, tenant)) return planErrors.runRefused();
  const missing = (plan.permissions as Permission[]).filter(
    (permission) => !roleCan(tenant.role, permission),
  );
  if (missing.length > 0) return planErrors.runnerLacksRights(missing);
  return undefined;
}

/**
 * Why: a plan starts once approved (or, a small enough draft, by its author, sending it in the same
 * step); answers why not, or the columns that say it runs, as the member who started it.
 */
async function startingColumns(
  ctx: PlanRunCtx,
  current: PlanRow,
  tx: Kysely<DB>,
): Promise<Updateable<PlanTable> | AppError> {
  const refusal = whyNotRunner(current, ctx.tenant);
  if (refusal) return refusal;
  let approval = {};
  if (current.state === 'draft') {
    const threshold = await approvalThreshold(tx, ctx.tenant.orgId);
    // Only its author starts a draft, and only a small one: others start it once approved.
    if (current.change_count === 0) return planErrors.nothingToRun();
    if (current.created_by !== ctx.tenant.userId) return planErrors.notApproved('draft');
    if (current.change_count > threshold) return planErrors.needsApproval(current.change_count, threshold);
    await audit(ctx, tx, 'plan.submitted', current, { threshold, approvalRequired: false });
    const now = new Date();
    approval = {
      submitted_at: now,
      approval_threshold: threshold,
      approval_required: false,
      approved_at: now,
    };
  } else if (current.state !== 'approved') return planErrors.notApproved(stateOf(current));
  await audit(ctx, tx, 'plan.started', current, {});
  return {
    ...approval,
    state: 'running',
    run_by: ctx.tenant.userId,
    run_note: null,
    lease_owner: null,
    lease_until: null,
  };
}

/** Why: an approved plan (or a small enough draft) runs on the job queue, after step-up. */
export async function startPlanRun(ctx: PlanRunCtx, planId: string): Promise<Plan> {
  const found = requireVisible(await findPlan(ctx.db, ctx.tenant.orgId, planId), ctx.tenant);
  const bulkAction = bulkRunActionOf(found);
  if (bulkAction) return startAsBulkRun(ctx, found, bulkAction);
  const queue = await requireQueue(ctx, planId);
  await ctx.stepUp('plan_run');
  const plan = await transition(ctx, planId, async (current, tx) => {
    const columns = await startingColumns(ctx, current, tx);
    if (!(columns instanceof AppError)) await queue.enqueue(tx, current.org_id, current.id);
    return columns;
  });
  return presentOne(ctx.db, plan, ctx.tenant);
}

/**
 * Why: a plan of commands or a deprovision runs as one bulk run of its devices (decision 048):
 * after the plan's step-up and the action's own (a deprovision, a powerwash, a wipe), the run is
 * written with the plan's start, then handed to the bulk-run queue once committed.
 */
async function startAsBulkRun(ctx: PlanRunCtx, found: PlanRow, action: BulkAction): Promise<Plan> {
  const { bulkQueue } = ctx;
  if (!bulkQueue) throw noQueue();
  await ctx.stepUp('plan_run');
  const actionStepUp = bulkStepUpReason(action, found.change_count);
  if (actionStepUp) await ctx.stepUp(actionStepUp);
  const plan = await transition(ctx, found.id, async (current, tx) => {
    const columns = await startingColumns(ctx, current, tx);
    if (columns instanceof AppError) return columns;
    const bulkRunId = await writePlanBulkRun(ctx, tx, current, action);
    return { ...columns, started_at: new Date(), bulk_run_id: bulkRunId };
  });
  if (plan.bulk_run_id) await bulkQueue.enqueue(plan.org_id, plan.bulk_run_id);
  return presentOne(ctx.db, plan, ctx.tenant);
}

/** Why: a pause holds between two calls; nothing under way is cut. */
export async function pausePlanRun(ctx: PlanRunCtx, planId: string): Promise<Plan> {
  const plan = await transition(ctx, planId, async (current, tx) => {
    if (!canCancel(current, ctx.tenant) && current.run_by !== ctx.tenant.userId)
      return planErrors.pauseRefused();
    if (current.state !== 'running') return planErrors.notRunning(stateOf(current));
    if (bulkRunActionOf(current)) return planErrors.bulkRunCannotPause();
    await audit(ctx, tx, 'plan.paused', current, {});
    return { state: 'paused', paused_by: ctx.tenant.userId, paused_at: new Date(), run_note: null };
  });
  return presentOne(ctx.db, plan, ctx.tenant);
}

/** Why: a paused plan goes on from its pending changes, as the member who resumed it. */
export async function resumePlanRun(ctx: PlanRunCtx, planId: string): Promise<Plan> {
  const queue = await requireQueue(ctx, planId);
  await ctx.stepUp('plan_run');
  const plan = await transition(ctx, planId, async (current, tx) => {
    const refusal = whyNotRunner(current, ctx.tenant);
    if (refusal) return refusal;
    if (current.state !== 'paused') return planErrors.notPaused(stateOf(current));
    await audit(ctx, tx, 'plan.resumed', current, { note: current.run_note });
    await queue.enqueue(tx, current.org_id, current.id);
    return {
      state: 'running',
      run_by: ctx.tenant.userId,
      paused_at: null,
      paused_by: null,
      run_note: null,
    };
  });
  return presentOne(ctx.db, plan, ctx.tenant);
}
