import type { Kysely, Updateable } from 'kysely';
import type { StepUpReason } from '@fleetdeck/shared/step-up';
import type { AuditAction } from '@fleetdeck/shared/audit-actions';
import {
  PLAN_OUTCOMES,
  type Plan,
  type PlanDetail,
  type PlanItem,
  type PlanOutcome,
  type PlanSettings,
} from '@fleetdeck/shared/plan-contract';
import type { PlanTable } from '../../db/plan-schema.ts';
import type { DB } from '../../db/schema.ts';
import { AppError, appErrors } from '../../errors/app-error.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { RequestMeta } from '../devices/device-context.ts';
import type { DeviceTenant } from '../devices/device-tenant.ts';
import { canCancel, isVisibleTo, requireVisible, whyNotApprover } from './plan-access.ts';
import {
  approvalThreshold,
  findPlan,
  listPlanRows,
  memberLabels,
  pageItems,
  type PlanRow,
} from './plans.repository.ts';

/**
 * A plan's life after it is built: read (with a page of its items), sent for approval (a plan
 * changing more devices than the organization's threshold waits for a second member; a smaller
 * one is approved as it is sent), approved (step-up), cancelled; the threshold an owner sets.
 * Every change of state is written with its audit entry in one transaction, the plan row locked.
 */

export interface PlanCtx {
  readonly db: Kysely<DB>;
  readonly tenant: DeviceTenant;
  readonly meta: RequestMeta;
  /** Asks the caller for a fresh second factor unless they gave one within 10 minutes. */
  readonly stepUp: (reason: StepUpReason) => Promise<void>;
}

function audit(
  ctx: PlanCtx,
  db: Kysely<DB>,
  action: AuditAction,
  plan: PlanRow,
  details: Record<string, unknown>,
  outcome: 'success' | 'failure' = 'success',
) {
  return recordAudit(db, {
    action,
    outcome,
    orgId: ctx.tenant.orgId,
    actorUserId: ctx.tenant.userId,
    targetType: 'plan',
    targetId: plan.id,
    targetLabel: plan.title,
    ip: ctx.meta.ip,
    userAgent: ctx.meta.userAgent,
    requestId: ctx.meta.requestId,
    details: { kind: plan.kind, changes: plan.change_count, ...details },
  });
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Why: one shape for every answer about a plan, with what the caller may do with it. */
export function presentPlan(plan: PlanRow, tenant: DeviceTenant, labels: ReadonlyMap<string, string>): Plan {
  const member = (userId: string | null) =>
    userId === null ? null : { userId, label: labels.get(userId) ?? null };
  const counts = Object.fromEntries(
    PLAN_OUTCOMES.map((outcome) => [outcome, plan.counts[outcome] ?? 0]),
  ) as Record<PlanOutcome, number>;
  const refusal = whyNotApprover(plan, tenant);
  const source = plan.source;
  return {
    id: plan.id,
    kind: plan.kind,
    title: plan.title,
    state: plan.state === 'building' ? 'draft' : plan.state,
    createdAt: new Date(plan.created_at).toISOString(),
    author: { userId: plan.created_by, label: labels.get(plan.created_by) ?? null },
    items: plan.item_count,
    counts,
    permissions: plan.permissions as Plan['permissions'],
    approval: {
      threshold: plan.approval_threshold,
      required: plan.approval_required,
      approvedBy: member(plan.approved_by),
      approvedAt: iso(plan.approved_at),
    },
    submittedAt: iso(plan.submitted_at),
    cancelledAt: iso(plan.cancelled_at),
    cancelledBy: member(plan.cancelled_by),
    csv: plan.kind === 'csv_update' ? (source as Plan['csv']) : null,
    rollover: plan.kind === 'rollover' ? (source as Plan['rollover']) : null,
    caller: {
      isAuthor: plan.created_by === tenant.userId,
      canApprove: refusal === undefined,
      whyNot: refusal?.message ?? null,
    },
  };
}

async function presentOne(db: Kysely<DB>, plan: PlanRow, tenant: DeviceTenant): Promise<Plan> {
  const ids = [plan.created_by, plan.approved_by, plan.cancelled_by].filter(
    (id): id is string => id !== null,
  );
  return presentPlan(plan, tenant, await memberLabels(db, ids));
}

export async function getPlanDetail(
  ctx: PlanCtx,
  planId: string,
  query: { outcome?: PlanOutcome | undefined; after?: number | undefined; limit: number },
): Promise<PlanDetail> {
  const plan = requireVisible(await findPlan(ctx.db, ctx.tenant.orgId, planId), ctx.tenant);
  const rows = await pageItems(ctx.db, ctx.tenant.orgId, plan.id, query);
  const page = rows.slice(0, query.limit);
  const items: PlanItem[] = page.map((row) => ({
    itemNo: row.item_no,
    row: row.row_no,
    key: row.key_input,
    deviceId: row.device_id,
    serialNumber: row.serial_number,
    outcome: row.outcome,
    reason: row.reason,
    matchCount: row.match_count,
    before: row.before as PlanItem['before'],
    change: row.change,
  }));
  return {
    plan: await presentOne(ctx.db, plan, ctx.tenant),
    items,
    nextAfter: rows.length > query.limit ? (page.at(-1)?.item_no ?? null) : null,
  };
}

export async function listPlans(
  ctx: Pick<PlanCtx, 'db' | 'tenant'>,
  query: { state?: string | undefined; limit: number },
): Promise<Plan[]> {
  const rows = (await listPlanRows(ctx.db, ctx.tenant.orgId, query))
    .filter((plan) => isVisibleTo(plan, ctx.tenant))
    .slice(0, query.limit);
  const ids = rows.flatMap((plan) => [plan.created_by, plan.approved_by, plan.cancelled_by]);
  const labels = await memberLabels(
    ctx.db,
    ids.filter((id): id is string => id !== null),
  );
  return rows.map((plan) => presentPlan(plan, ctx.tenant, labels));
}

/** Why: a change of state reads the plan locked, so two members deciding at once cannot both win. */
async function transition(
  ctx: PlanCtx,
  planId: string,
  decide: (plan: PlanRow, tx: Kysely<DB>) => Promise<Updateable<PlanTable> | AppError>,
): Promise<PlanRow> {
  const outcome = await ctx.db.transaction().execute(async (tx) => {
    const plan = requireVisible(await findPlan(tx, ctx.tenant.orgId, planId, true), ctx.tenant);
    const change = await decide(plan, tx);
    if (change instanceof AppError) return change;
    return tx
      .updateTable('plan')
      .set(change)
      .where('org_id', '=', plan.org_id)
      .where('id', '=', plan.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  if (outcome instanceof AppError) throw outcome;
  return outcome;
}

/** Why: above the threshold a plan waits for a second member; at or under it, sending it approves it. */
export async function submitPlan(ctx: PlanCtx, planId: string): Promise<Plan> {
  const plan = await transition(ctx, planId, async (current, tx) => {
    if (current.created_by !== ctx.tenant.userId)
      return new AppError(
        'plan_author_only',
        403,
        'Only the member who made this plan can send it for approval.',
      );
    if (current.state !== 'draft')
      return new AppError(
        'plan_not_draft',
        409,
        `This plan is ${current.state.replaceAll('_', ' ')}; only a draft can be sent.`,
      );
    if (current.change_count === 0)
      return new AppError(
        'plan_changes_nothing',
        409,
        'This plan changes no device, so there is nothing to approve or run.',
      );
    const threshold = await approvalThreshold(tx, ctx.tenant.orgId);
    const required = current.change_count > threshold;
    await audit(ctx, tx, 'plan.submitted', current, { threshold, approvalRequired: required });
    return {
      state: required ? 'awaiting_approval' : 'approved',
      submitted_at: new Date(),
      approval_threshold: threshold,
      approval_required: required,
      ...(required ? {} : { approved_at: new Date() }),
    };
  });
  return presentOne(ctx.db, plan, ctx.tenant);
}

/** Why: four eyes: a second member with the plan's rights, after a fresh second factor. */
export async function approvePlan(ctx: PlanCtx, planId: string): Promise<Plan> {
  const seen = requireVisible(await findPlan(ctx.db, ctx.tenant.orgId, planId), ctx.tenant);
  const refusal = whyNotApprover(seen, ctx.tenant);
  if (refusal) {
    if (refusal.status === 403)
      await audit(ctx, ctx.db, 'plan.approval_refused', seen, { reason: refusal.id }, 'failure');
    throw refusal;
  }
  await ctx.stepUp('plan_approve');
  const plan = await transition(ctx, planId, async (current, tx) => {
    const now = whyNotApprover(current, ctx.tenant);
    if (now) return now;
    await audit(ctx, tx, 'plan.approved', current, { author: current.created_by });
    return { state: 'approved', approved_by: ctx.tenant.userId, approved_at: new Date() };
  });
  return presentOne(ctx.db, plan, ctx.tenant);
}

const CANCELLABLE = new Set(['draft', 'awaiting_approval', 'approved', 'paused']);

export async function cancelPlan(ctx: PlanCtx, planId: string): Promise<Plan> {
  const plan = await transition(ctx, planId, async (current, tx) => {
    if (!canCancel(current, ctx.tenant))
      return new AppError(
        'plan_cancel_refused',
        403,
        'Only the member who made this plan, an owner or an admin can cancel it.',
      );
    if (!CANCELLABLE.has(current.state))
      return new AppError(
        'plan_not_cancellable',
        409,
        `This plan is ${current.state.replaceAll('_', ' ')} and can no longer be cancelled.`,
      );
    await audit(ctx, tx, 'plan.cancelled', current, { from: current.state });
    return { state: 'cancelled', cancelled_by: ctx.tenant.userId, cancelled_at: new Date() };
  });
  return presentOne(ctx.db, plan, ctx.tenant);
}

/** Why: the plan a build just made, audited as created by its author. */
export async function presentCreated(ctx: PlanCtx, planId: string): Promise<Plan> {
  const plan = await findPlan(ctx.db, ctx.tenant.orgId, planId);
  if (!plan) throw appErrors.notFound('The plan was not saved. Upload it again.');
  await audit(ctx, ctx.db, 'plan.created', plan, { items: plan.item_count, counts: plan.counts });
  return presentOne(ctx.db, plan, ctx.tenant);
}

export async function getPlanSettings(db: Kysely<DB>, orgId: string): Promise<PlanSettings> {
  return { approvalThreshold: await approvalThreshold(db, orgId) };
}

/** Why: how large a plan may be before a second member approves it is an owner's decision. */
export async function setPlanSettings(ctx: PlanCtx, settings: PlanSettings): Promise<PlanSettings> {
  if (ctx.tenant.role !== 'owner')
    throw appErrors.ownerRequired(
      'Only an owner can change how many devices a plan may change without a second approval.',
    );
  await ctx.db.transaction().execute(async (tx) => {
    const before = await approvalThreshold(tx, ctx.tenant.orgId);
    await tx
      .updateTable('org')
      .set({ plan_approval_threshold: settings.approvalThreshold })
      .where('id', '=', ctx.tenant.orgId)
      .execute();
    await recordAudit(tx, {
      action: 'plan.threshold_changed',
      outcome: 'success',
      orgId: ctx.tenant.orgId,
      actorUserId: ctx.tenant.userId,
      targetType: 'org',
      targetId: ctx.tenant.orgId,
      ip: ctx.meta.ip,
      userAgent: ctx.meta.userAgent,
      requestId: ctx.meta.requestId,
      details: { from: before, to: settings.approvalThreshold },
    });
  });
  return getPlanSettings(ctx.db, ctx.tenant.orgId);
}
