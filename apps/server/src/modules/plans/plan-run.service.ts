import type { Kysely } from 'kysely';
import { roleCan, type Permission } from '@fleetdeck/shared/permissions';
import type { Plan } from '@fleetdeck/shared/plan-contract';
import type { DB } from '../../db/schema.ts';
import { appErrors, type AppError } from '../../errors/app-error.ts';
import { planErrors } from '../../errors/plan-errors.ts';
import type { DeviceTenant } from '../devices/device-tenant.ts';
import { canCancel, requireVisible, stateOf } from './plan-access.ts';
import { approvalThreshold, findPlan, type PlanRow } from './plans.repository.ts';
import { audit, presentOne, transition, type PlanCtx } from './plans.service.ts';

/**
 * Starting, pausing and resuming a plan's run. An approved plan starts (a draft at or under the
 * organization's threshold too: sending and starting it in one step); a fresh second factor is
 * asked first. Starting writes `running` and the member who started it (whose units the run
 * checks each device against), and puts a job on the queue in the same transaction. Pausing
 * takes effect between two calls to Google; resuming starts the run again, as the member who
 * resumed it (a process still finishing its call before the pause keeps the lease until it is done).
 */

/** Puts a plan's run on the job queue; in the caller's transaction, so a rollback drops it. */
export interface PlanRunQueue {
  enqueue(tx: Kysely<DB>, orgId: string, planId: string): Promise<void>;
}

export interface PlanRunCtx extends PlanCtx {
  readonly queue: PlanRunQueue | undefined;
}

/** Why: another organization's plan answers 404 before anything else is asked (queue, step-up). */
async function requireQueue(ctx: PlanRunCtx, planId: string): Promise<PlanRunQueue> {
  requireVisible(await findPlan(ctx.db, ctx.tenant.orgId, planId), ctx.tenant);
  if (!ctx.queue)
    throw appErrors.unavailable('Plans cannot run right now: the job queue is not running. Try again later.');
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

/** A plan's state as answered (`building` is never answered). */
/** Why: an approved plan (or a small enough draft) runs on the job queue, after step-up. */
export async function startPlanRun(ctx: PlanRunCtx, planId: string): Promise<Plan> {
  const queue = await requireQueue(ctx, planId);
  await ctx.stepUp('plan_run');
  const plan = await transition(ctx, planId, async (current, tx) => {
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
    await queue.enqueue(tx, current.org_id, current.id);
    return {
      ...approval,
      state: 'running',
      run_by: ctx.tenant.userId,
      run_note: null,
      lease_owner: null,
      lease_until: null,
    };
  });
  return presentOne(ctx.db, plan, ctx.tenant);
}

/** Why: a pause holds between two calls; nothing under way is cut. */
export async function pausePlanRun(ctx: PlanRunCtx, planId: string): Promise<Plan> {
  const plan = await transition(ctx, planId, async (current, tx) => {
    if (!canCancel(current, ctx.tenant) && current.run_by !== ctx.tenant.userId)
      return planErrors.pauseRefused();
    if (current.state !== 'running') return planErrors.notRunning(stateOf(current));
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
