import type { Kysely } from 'kysely';
import type { Plan } from '@fleetdeck/shared/plan-contract';
import type { DB } from '../../db/schema.ts';
import { buildBulkActionPlan } from './bulk-action-plan-build.ts';
import { approvalThreshold } from './plans.repository.ts';
import { presentCreated, submitPlan, type PlanCtx } from './plans.service.ts';

/**
 * The bulk service's door into plans: the organization's threshold (a bulk action changing more
 * devices becomes a plan), and the plan itself, built, audited as created and sent for approval
 * by its author in one step (the author confirmed the preview: what is left is a second member).
 */

export type { PlannableBulkAction, BulkPlanDevices } from './bulk-action-plan-build.ts';

/** Why: a bulk action changing more devices than this needs a second member's approval. */
export function bulkPlanThreshold(db: Kysely<DB>, orgId: string): Promise<number> {
  return approvalThreshold(db, orgId);
}

/** Why: instead of running, the action is saved as a plan awaiting a second member's approval. */
export async function planBulkAction(
  ctx: PlanCtx,
  input: Parameters<typeof buildBulkActionPlan>[2],
): Promise<Plan> {
  const planId = await buildBulkActionPlan(ctx.db, ctx.tenant, input);
  await presentCreated(ctx, planId);
  return submitPlan(ctx, planId);
}
