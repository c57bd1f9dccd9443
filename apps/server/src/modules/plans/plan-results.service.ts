import type { Plan } from '@fleetdeck/shared/plan-contract';
import { requireVisible } from './plan-access.ts';
import { planResultsCsv } from './plan-results.ts';
import { buildUndoPlan } from './plan-undo.ts';
import { findPlan } from './plans.repository.ts';
import { audit, presentCreated, type PlanCtx } from './plans.service.ts';

/**
 * After a plan ran: its undo plan (built as a new plan, answered as created) and its results file
 * (streamed, audited once it ended or broke off, with its row count). Other organizations' plans,
 * and plans the caller may not see, answer the 404 of an unknown plan.
 */

export async function createUndoPlan(ctx: PlanCtx, planId: string): Promise<Plan> {
  const plan = requireVisible(await findPlan(ctx.db, ctx.tenant.orgId, planId), ctx.tenant);
  return presentCreated(ctx, await buildUndoPlan(ctx.db, ctx.tenant, plan));
}

/** Why: the route streams the file; the service finds the plan first, so a 404 comes before any byte. */
export async function planResults(
  ctx: PlanCtx,
  planId: string,
  onAuditError: (error: unknown) => void,
): Promise<{ fileName: string; lines: AsyncGenerator<string> }> {
  const plan = requireVisible(await findPlan(ctx.db, ctx.tenant.orgId, planId), ctx.tenant);
  const counter = { rows: 0 };
  async function* audited(): AsyncGenerator<string> {
    let finished = false;
    try {
      yield* planResultsCsv(ctx.db, plan, counter);
      finished = true;
    } finally {
      await audit(
        ctx,
        ctx.db,
        'plan.results_exported',
        plan,
        { rows: counter.rows },
        finished ? 'success' : 'failure',
      ).catch(onAuditError);
    }
  }
  return { fileName: `fleetdeck-plan-${plan.id}-results.csv`, lines: audited() };
}
