import type { Kysely } from 'kysely';
import { PLAN_LIMITS, type PlanSettings, type PlanSettingsUpdate } from '@fleetdeck/shared/plan-contract';
import type { DB } from '../../db/schema.ts';
import { appErrors } from '../../errors/app-error.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { budgetSettingChanged } from './plan-budget.ts';
import type { PlanCtx } from './plans.service.ts';

/**
 * The owner's settings of change plans: how many devices a plan may change before a second member
 * must approve it, and how many writes a minute running plans may send to Google.
 */

export async function getPlanSettings(db: Kysely<DB>, orgId: string): Promise<PlanSettings> {
  const row = await db
    .selectFrom('org')
    .select(['plan_approval_threshold', 'plan_writes_per_minute'])
    .where('id', '=', orgId)
    .executeTakeFirst();
  return {
    approvalThreshold: row?.plan_approval_threshold ?? PLAN_LIMITS.defaultApprovalThreshold,
    writesPerMinute: row?.plan_writes_per_minute ?? PLAN_LIMITS.defaultWritesPerMinute,
  };
}

/**
 * Why: how large a plan may be before a second member approves it, and how fast plans may write
 * to Google, are an owner's decisions; each change is audited with its old and new value.
 */
export async function setPlanSettings(ctx: PlanCtx, settings: PlanSettingsUpdate): Promise<PlanSettings> {
  if (ctx.tenant.role !== 'owner')
    throw appErrors.ownerRequired(
      'Only an owner can change how many devices a plan may change without a second approval, or how fast plans write to Google.',
    );
  await ctx.db.transaction().execute(async (tx) => {
    const before = await getPlanSettings(tx, ctx.tenant.orgId);
    await tx
      .updateTable('org')
      .set({
        ...(settings.approvalThreshold === undefined
          ? {}
          : { plan_approval_threshold: settings.approvalThreshold }),
        ...(settings.writesPerMinute === undefined
          ? {}
          : { plan_writes_per_minute: settings.writesPerMinute }),
      })
      .where('id', '=', ctx.tenant.orgId)
      .execute();
    const base = {
      outcome: 'success' as const,
      orgId: ctx.tenant.orgId,
      actorUserId: ctx.tenant.userId,
      targetType: 'org',
      targetId: ctx.tenant.orgId,
      ip: ctx.meta.ip,
      userAgent: ctx.meta.userAgent,
      requestId: ctx.meta.requestId,
    };
    if (settings.approvalThreshold !== undefined)
      await recordAudit(tx, {
        ...base,
        action: 'plan.threshold_changed',
        details: { from: before.approvalThreshold, to: settings.approvalThreshold },
      });
    if (settings.writesPerMinute !== undefined) {
      await budgetSettingChanged(tx, ctx.tenant.orgId, settings.writesPerMinute);
      await recordAudit(tx, {
        ...base,
        action: 'plan.write_budget_changed',
        details: { from: before.writesPerMinute, to: settings.writesPerMinute },
      });
    }
  });
  return getPlanSettings(ctx.db, ctx.tenant.orgId);
}
