import { sql, type Kysely } from 'kysely';
import type { BulkAction } from '@fleetdeck/shared/bulk-contract';
import type { PlanProgress } from '@fleetdeck/shared/plan-contract';
import type { DB } from '../../db/schema.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { createRun } from '../devices/bulk-runs.ts';
import { isPlannable } from './bulk-action-plan-build.ts';
import { progressOf, runView } from './plan-progress.ts';
import { runCounts } from './plan-run.repository.ts';
import type { PlanRow } from './plans.repository.ts';
import type { PlanCtx } from './plans.service.ts';

/**
 * Bulk plans of device commands and deprovisions (decision 048): the plan runner neither sends
 * commands nor deprovisions, so running such a plan writes one bulk run of its devices (the bulk
 * runner sends each command exactly once, and goes on after a crash), names it on the plan, and
 * its items take the run's per-device results as each chunk commits (the plan's counts, its
 * `plan.progress` events and results follow the run), and the plan ends when the run ends. They
 * cannot be undone, and a bulk run cannot be paused.
 */

/** The sentence shown instead of Undo on such a plan. */
export const CANNOT_BE_UNDONE =
  'This plan sends device commands or deprovisions devices, which cannot be undone: it offers no Undo.';

/** Why: the action of a plan run as a bulk run (a command or a deprovision), or none for any other plan. */
export function bulkRunActionOf(plan: Pick<PlanRow, 'kind' | 'source'>): BulkAction | undefined {
  if (plan.kind !== 'bulk_action') return undefined;
  const action = (plan.source as { action?: BulkAction }).action;
  return action && !isPlannable(action) ? action : undefined;
}

/**
 * Why: the plan's devices become one bulk run in the caller's transaction (with the audit entry a
 * bulk start writes), as the member who runs the plan; the ones that do not change are recorded as
 * skipped with the words the plan showed. Answers the run's id, to hand to the bulk-run queue once
 * committed.
 */
export async function writePlanBulkRun(
  ctx: PlanCtx,
  tx: Kysely<DB>,
  plan: PlanRow,
  action: BulkAction,
): Promise<string> {
  const items = await tx
    .selectFrom('plan_item')
    .select(['device_id', 'outcome', 'reason'])
    .where('org_id', '=', plan.org_id)
    .where('plan_id', '=', plan.id)
    .where('device_id', 'is not', null)
    .orderBy('item_no')
    .execute();
  const deviceIds = items.flatMap((item) => (item.device_id === null ? [] : [item.device_id]));
  const notSent = items.flatMap((item) =>
    item.device_id !== null && item.outcome !== 'change'
      ? [{ deviceId: item.device_id, note: item.reason ?? 'Skipped: not changed by this plan.' }]
      : [],
  );
  const target = { planId: plan.id };
  const runId = await createRun(tx, {
    orgId: plan.org_id,
    customerId: ctx.tenant.customerId,
    action,
    target,
    requestedBy: ctx.tenant.userId,
    deviceIds,
    notSent,
  });
  await recordAudit(tx, {
    action: `bulk.${action.kind}`,
    outcome: 'success',
    orgId: plan.org_id,
    actorUserId: ctx.tenant.userId,
    origin: { kind: 'plan', planId: plan.id },
    targetType: 'bulk_action',
    targetId: runId,
    ip: ctx.meta.ip,
    userAgent: ctx.meta.userAgent,
    requestId: ctx.meta.requestId,
    details: {
      action,
      target,
      deviceCount: deviceIds.length,
      changeCount: deviceIds.length - notSent.length,
      notSent: notSent.length,
      deviceIds: deviceIds.slice(0, 100),
    },
  });
  return runId;
}

/**
 * Why: the plan that started a bulk run counts what the run did so far: its changing items take
 * the run's per-device results (of `deviceIds` only, a chunk's, when given) in the caller's
 * transaction, the one that writes those results. No plan started the run: nothing to copy.
 */
export async function copyBulkResultsToPlan(
  tx: Kysely<DB>,
  orgId: string,
  runId: string,
  deviceIds?: readonly string[],
): Promise<void> {
  const only =
    deviceIds === undefined
      ? sql``
      : sql`and b.device_id in (select jsonb_array_elements_text(${JSON.stringify(deviceIds)}::jsonb))`;
  await sql`
    update plan_item i set run_state = b.state, run_message = b.error
    from plan p, bulk_action_result b
    where p.org_id = ${orgId} and p.bulk_run_id = ${runId}::uuid and i.org_id = p.org_id and i.plan_id = p.id
      and i.outcome = 'change' and b.org_id = p.org_id and b.run_id = p.bulk_run_id
      and b.device_id = i.device_id and b.state <> 'pending' ${only}`.execute(tx);
}

/**
 * Why: the plan page follows a bulk run as it follows the plan runner: the `plan.progress` of the
 * plan that started the run (its counts as the run's results so far), or none if no plan did.
 */
export async function planProgressOfBulkRun(
  db: Kysely<DB>,
  orgId: string,
  runId: string,
): Promise<PlanProgress | undefined> {
  const plan = await db
    .selectFrom('plan')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('bulk_run_id', '=', runId)
    .executeTakeFirst();
  return plan ? progressOf(plan, await runView(db, plan, new Map())) : undefined;
}

/**
 * Why: when a bulk run ends (in the transaction that closes it), the plan that started it ends too:
 * its items take the run's per-device results (for the plan's counts and results file), and it is done.
 */
export async function finishPlanOfBulkRun(tx: Kysely<DB>, orgId: string, runId: string): Promise<void> {
  await copyBulkResultsToPlan(tx, orgId, runId);
  const { rows } = await sql<PlanRow>`
    update plan set state = 'done', finished_at = now(), lease_owner = null, lease_until = null
    where org_id = ${orgId} and bulk_run_id = ${runId}::uuid and state = 'running'
    returning *`.execute(tx);
  for (const plan of rows) {
    const counts = (await runCounts(tx, orgId, [plan.id])).get(plan.id);
    await recordAudit(tx, {
      action: 'plan.finished',
      outcome: (counts?.failed ?? 0) === 0 ? 'success' : 'failure',
      orgId,
      actorUserId: plan.run_by,
      origin: { kind: 'bulk_run', runId },
      targetType: 'plan',
      targetId: plan.id,
      targetLabel: plan.title,
      details: { kind: plan.kind, ...counts },
    });
  }
}
