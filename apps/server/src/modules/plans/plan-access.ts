import type { PlanState } from '@fleetdeck/shared/plan-contract';
import { roleCan, type Permission } from '@fleetdeck/shared/permissions';
import { appErrors, type AppError } from '../../errors/app-error.ts';
import { planErrors } from '../../errors/plan-errors.ts';
import { inScope, type DeviceTenant } from '../devices/device-tenant.ts';
import type { PlanRow } from './plans.repository.ts';

/**
 * Who may see and decide a plan. A member of the whole tree sees every plan of the organization;
 * a member limited to units sees their own plans, and another member's only when every unit its
 * changes touch lies within theirs and it names no device outside them. Anyone else gets the 404
 * of an unknown plan. Approving is for a second member (never the author) who may see the plan and
 * holds every permission running it needs; viewers never reach these routes.
 */

export const PLAN_NOT_FOUND =
  'This change plan was not found in this organization. It may belong to another organization or to units outside yours. Check the link.';

export function isVisibleTo(plan: PlanRow, tenant: DeviceTenant): boolean {
  if (plan.created_by === tenant.userId) return true;
  if (tenant.wholeTree !== false) return true;
  const units = plan.unit_paths;
  return (
    (plan.counts['out_of_scope'] ?? 0) === 0 &&
    units.length > 0 &&
    units.every((path) => inScope(tenant, path))
  );
}

/** Why: one 404 for another organization's plan, a unit-limited caller's, and none at all. */
export function requireVisible(plan: PlanRow | undefined, tenant: DeviceTenant): PlanRow {
  if (!plan || !isVisibleTo(plan, tenant)) throw appErrors.notFound(PLAN_NOT_FOUND);
  return plan;
}

/** Why: a plan still being built reads as a draft in the contract (and in an error's words). */
export const stateOf = (plan: PlanRow): PlanState => (plan.state === 'building' ? 'draft' : plan.state);

/** Why the caller may not approve this plan now, or undefined when they may. */
export function whyNotApprover(plan: PlanRow, tenant: DeviceTenant): AppError | undefined {
  if (plan.state !== 'awaiting_approval') return planErrors.notAwaitingApproval(stateOf(plan));
  if (plan.created_by === tenant.userId) return planErrors.authorCannotApprove();
  const missing = (plan.permissions as Permission[]).filter(
    (permission) => !roleCan(tenant.role, permission),
  );
  if (missing.length > 0) return planErrors.approverLacksRights(missing);
  return undefined;
}

/** Why: the author, or an owner or admin who may see it, may stop a plan before it runs. */
export function canCancel(plan: PlanRow, tenant: DeviceTenant): boolean {
  return plan.created_by === tenant.userId || roleCan(tenant.role, 'settings.manage');
}
