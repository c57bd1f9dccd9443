import type { Kysely } from 'kysely';
import type { PlanProgress, PlanRun, PlanRunState } from '@fleetdeck/shared/plan-contract';
import type { DB } from '../../db/schema.ts';
import { budgetNow, turnSpacingMs } from './plan-budget.ts';
import { callsLeft, runCounts, runningPlans } from './plan-run.repository.ts';
import type { PlanRow } from './plans.repository.ts';

/**
 * Where a plan's run stands: its changes by run state, the calls to Google left, and the time
 * they take: calls × the budget's spacing at the rate it runs at now × the organization's plans
 * running now (they take turns), plus any wait Google asked for.
 */

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Whether a plan has a run to show (started once). */
export const hasRun = (plan: Pick<PlanRow, 'started_at' | 'state'>) =>
  plan.started_at !== null || plan.state === 'running';

export interface OrgRunState {
  readonly budget: Awaited<ReturnType<typeof budgetNow>>;
  readonly running: number;
}

/** The organization's write budget now and how many of its plans run (they take turns). */
export async function orgRunState(db: Kysely<DB>, orgId: string): Promise<OrgRunState> {
  return { budget: await budgetNow(db, orgId), running: await runningPlans(db, orgId) };
}

export async function runView(
  db: Kysely<DB>,
  plan: PlanRow,
  labels: ReadonlyMap<string, string>,
  options: {
    windowMs?: number | undefined;
    counts?: Record<PlanRunState, number> | undefined;
    /** The organization's budget and running plans, read once for a list of plans. */
    shared?: OrgRunState | undefined;
  } = {},
): Promise<PlanRun> {
  const counts = options.counts ?? (await runCounts(db, plan.org_id, [plan.id])).get(plan.id);
  const open = plan.state === 'running' || plan.state === 'paused';
  const calls = open ? await callsLeft(db, plan.org_id, plan.id) : 0;
  const { budget, running } = options.shared ?? (await orgRunState(db, plan.org_id));
  const sharers = plan.state === 'running' ? Math.max(1, running) : 1;
  const secondsLeft =
    calls === 0 ? 0 : (calls * turnSpacingMs(budget.rate, options.windowMs) * sharers + budget.coolMs) / 1000;
  const member = (userId: string | null) =>
    userId === null ? null : { userId, label: labels.get(userId) ?? null };
  return {
    startedAt: iso(plan.started_at),
    startedBy: member(plan.run_by),
    finishedAt: iso(plan.finished_at),
    pausedAt: iso(plan.paused_at),
    pausedBy: member(plan.paused_by),
    counts: counts ?? { pending: 0, sending: 0, succeeded: 0, failed: 0, skipped: 0 },
    callsLeft: calls,
    writesPerMinute: Math.round(budget.rate * 10) / 10,
    secondsLeft: open ? Math.round(secondsLeft * 10) / 10 : null,
    note: plan.run_note,
  };
}

/** The realtime `plan.progress` payload of a run view. */
export function progressOf(plan: Pick<PlanRow, 'id' | 'state'>, run: PlanRun): PlanProgress {
  return {
    id: plan.id,
    state: plan.state === 'building' ? 'draft' : plan.state,
    counts: run.counts,
    callsLeft: run.callsLeft,
    secondsLeft: run.secondsLeft,
    writesPerMinute: run.writesPerMinute,
  };
}
