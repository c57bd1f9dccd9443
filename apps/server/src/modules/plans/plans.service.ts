import type { Kysely, Updateable } from 'kysely';
import type { StepUpReason } from '@fleetdeck/shared/step-up';
import type { AuditAction } from '@fleetdeck/shared/audit-actions';
import {
  PLAN_OUTCOMES,
  type Plan,
  type PlanRun,
  type PlanDetail,
  type PlanItem,
  type PlanOutcome,
} from '@fleetdeck/shared/plan-contract';
import type { PlanTable } from '../../db/plan-schema.ts';
import type { DB } from '../../db/schema.ts';
import { AppError, appErrors } from '../../errors/app-error.ts';
import { planErrors } from '../../errors/plan-errors.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { RequestMeta } from '../devices/device-context.ts';
import type { DeviceTenant } from '../devices/device-tenant.ts';
import { bulkActionOfSource } from './bulk-action-plan-build.ts';
import { bulkRunActionOf, CANNOT_BE_UNDONE } from './plan-bulk-run.ts';
import { canCancel, isVisibleTo, requireVisible, stateOf, whyNotApprover } from './plan-access.ts';
import { hasRun, orgRunState, runView } from './plan-progress.ts';
import { runCounts } from './plan-run.repository.ts';
import {
  approvalThreshold,
  findPlan,
  listPlanRows,
  memberLabels,
  pageItems,
  undoPlansOf,
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

export function audit(
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
export function presentPlan(
  plan: PlanRow,
  tenant: DeviceTenant,
  labels: ReadonlyMap<string, string>,
  extra: { run: PlanRun | null; undoPlanId: string | null } = { run: null, undoPlanId: null },
): Plan {
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
    bulkAction: plan.kind === 'bulk_action' ? bulkActionOfSource(source) : null,
    caller: {
      isAuthor: plan.created_by === tenant.userId,
      canApprove: refusal === undefined,
      whyNot: refusal?.message ?? null,
    },
    run: extra.run,
    undoOf: plan.undo_of,
    undoPlanId: extra.undoPlanId,
    bulkRunId: plan.bulk_run_id,
    cannotBeUndone: bulkRunActionOf(plan) ? CANNOT_BE_UNDONE : null,
  };
}

const peopleOf = (plan: PlanRow) =>
  [plan.created_by, plan.approved_by, plan.cancelled_by, plan.run_by, plan.paused_by].filter(
    (id): id is string => id !== null,
  );

/** Why: a plan as answered, with its run (once started) and the undo plan built from it. */
export async function presentOne(db: Kysely<DB>, plan: PlanRow, tenant: DeviceTenant): Promise<Plan> {
  const labels = await memberLabels(db, peopleOf(plan));
  const run = hasRun(plan) ? await runView(db, plan, labels) : null;
  const undoPlanId = (await undoPlansOf(db, plan.org_id, [plan.id])).get(plan.id) ?? null;
  return presentPlan(plan, tenant, labels, { run, undoPlanId });
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
    runState: row.outcome === 'change' && hasRun(plan) ? row.run_state : null,
    runMessage: row.run_message,
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
  const labels = await memberLabels(ctx.db, rows.flatMap(peopleOf));
  const undos = await undoPlansOf(
    ctx.db,
    ctx.tenant.orgId,
    rows.map((plan) => plan.id),
  );
  const counts = await runCounts(
    ctx.db,
    ctx.tenant.orgId,
    rows.filter(hasRun).map((plan) => plan.id),
  );
  const shared = await orgRunState(ctx.db, ctx.tenant.orgId);
  return Promise.all(
    rows.map(async (plan) =>
      presentPlan(plan, ctx.tenant, labels, {
        run: hasRun(plan)
          ? await runView(ctx.db, plan, labels, { counts: counts.get(plan.id), shared })
          : null,
        undoPlanId: undos.get(plan.id) ?? null,
      }),
    ),
  );
}

/** Why: a change of state reads the plan locked, so two members deciding at once cannot both win. */
export async function transition(
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
    if (current.created_by !== ctx.tenant.userId) return planErrors.authorOnly();
    if (current.state !== 'draft') return planErrors.notDraft(stateOf(current));
    if (current.change_count === 0) return planErrors.changesNothing();
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
    if (!canCancel(current, ctx.tenant)) return planErrors.cancelRefused();
    if (!CANCELLABLE.has(current.state)) return planErrors.notCancellable(stateOf(current));
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
