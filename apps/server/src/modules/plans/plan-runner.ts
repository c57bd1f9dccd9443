import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { GoogleClient } from '@fleetdeck/google/google-client';
import type { DB } from '../../db/schema.ts';
import { quotaRefused, takeTurn } from './plan-budget.ts';
import { decide, type Part } from './plan-run-checks.ts';
import { commitCall, type AppliedPart, type RunScope } from './plan-run-commit.ts';
import { sendPart, type CallOutcome } from './plan-run-google.ts';
import { devicesNow, finishRun, loadRunContext, pauseRun, type RunContext } from './plan-run-lifecycle.ts';
import { settleSending } from './plan-run-settle.ts';
import {
  claimPlan,
  markSending,
  nextGroup,
  partLeft,
  releaseLease,
  renewLease,
  sendingItems,
  type ItemResult,
  type RunItem,
} from './plan-run.repository.ts';
import type { PlanRow } from './plans.repository.ts';

/**
 * Runs a change plan against Google (decision 047): one process at a time holds the plan's
 * lease; before anything else it settles the calls a stopped process left under way (Google's
 * own state says whether each landed: decision 037's rule, without a command to look for); then,
 * call after call, it takes the plan's next group (50 devices to one unit or one status, or one
 * device's fields), checks each device against our copy (gone, outside the units of the member
 * who started the run, changed since the plan was made, already as asked), waits for a turn of
 * the organization's write budget, writes `sending`, calls Google, and commits the results with
 * our copy, history and audit. A pause, a stop of the process or the end of its time slice
 * happens between calls; the plan goes on from its pending items.
 */

export interface PlanRunnerDeps {
  readonly db: Kysely<DB>;
  /** The organization's Google client, retrying nothing by itself (every call takes a turn). */
  readonly googleFor: (tenant: { orgId: string; customerId: string }) => GoogleClient;
  /** After calls (at most once per `progressEveryMs`), at a pause and at the end. */
  readonly progress: (orgId: string, planId: string, changedDeviceIds: readonly string[]) => Promise<void>;
  /** When a run ended (the author's email). */
  readonly finished?: ((plan: PlanRow) => Promise<void>) | undefined;
}

export interface PlanRunnerOptions {
  readonly leaseMs?: number | undefined;
  /** The write budget's window (tests shorten it with the emulator's). */
  readonly windowMs?: number | undefined;
  /** Calls of one device whose outcome stayed unknown before it is failed. */
  readonly maxAttempts?: number | undefined;
  readonly progressEveryMs?: number | undefined;
  /** Each call as it is sent (tests, the worker fixture). */
  readonly onCall?: ((call: { planId: string; part: Part; devices: number }) => void) | undefined;
  readonly onError?: ((error: unknown) => void) | undefined;
}

export type RunOutcome = 'done' | 'paused' | 'stopped' | 'sliced' | 'not_claimed';

export interface PlanRunner {
  /** Runs the plan until it ends, is paused, `signal` aborts or `untilMs` (epoch) passes. */
  run(
    orgId: string,
    planId: string,
    options?: { signal?: AbortSignal; untilMs?: number },
  ): Promise<RunOutcome>;
  readonly workerId: string;
}

const DEFAULT_LEASE_MS = 2 * 60_000;

interface Run {
  readonly plan: PlanRow;
  readonly ctx: RunContext;
  readonly scope: RunScope;
  readonly google: GoogleClient;
  readonly changed: string[];
  lastProgress: number;
}

/** What every step of a run shares: the process's runner settings and its dependencies. */
interface Env {
  readonly db: Kysely<DB>;
  readonly deps: PlanRunnerDeps;
  readonly options: PlanRunnerOptions;
  readonly workerId: string;
  readonly leaseMs: number;
  readonly maxAttempts: number;
  readonly budget: { windowMs?: number | undefined };
}

const renewer =
  (env: Env, plan: PlanRow) =>
  (tx: Kysely<DB> = env.db) =>
    renewLease(tx, plan, env.workerId, env.leaseMs);

async function report(env: Env, run: Run, force = false): Promise<void> {
  if (!force && Date.now() - run.lastProgress < (env.options.progressEveryMs ?? 1000)) return;
  run.lastProgress = Date.now();
  await env.deps
    .progress(run.plan.org_id, run.plan.id, run.changed.splice(0))
    .catch((error: unknown) => env.options.onError?.(error));
}

/** Skips and already-done parts are written at once; the rest is to send. */
async function triage(env: Env, run: Run, items: readonly RunItem[]): Promise<RunItem[]> {
  const now = await devicesNow(
    env.db,
    run.plan.org_id,
    items.map((item) => item.device_id),
  );
  const results: ItemResult[] = [];
  const toSend: RunItem[] = [];
  for (const item of items) {
    const decision = decide(item, now.get(item.device_id), run.ctx.inRunnerUnits);
    if (decision.kind === 'send') toSend.push(item);
    else if (decision.kind === 'skip')
      results.push({ itemNo: item.item_no, state: 'skipped', message: decision.message });
    else if (partLeft(item) !== 'status' && item.change.status !== undefined)
      results.push({ itemNo: item.item_no, state: 'pending', message: null, writeDone: true });
    else
      results.push({
        itemNo: item.item_no,
        state: item.write_done ? 'succeeded' : 'skipped',
        message: item.write_done ? null : 'Already as the plan asks, so nothing was sent.',
      });
  }
  if (results.length > 0) await commitCall(env.db, run.scope, results, [], renewer(env, run.plan));
  return toSend;
}

/** Why: what each item of a call came to; a quota refusal or a lost grant says so for all. */
function resultsOf(items: readonly RunItem[], part: Part, outcomes: Map<number, CallOutcome>) {
  const results: ItemResult[] = [];
  const applied: AppliedPart[] = [];
  for (const item of items) {
    const outcome = outcomes.get(item.item_no) ?? { kind: 'unknown', message: 'No answer.' };
    if (outcome.kind === 'done') {
      applied.push({ item, part, device: outcome.device });
      const more = part !== 'status' && item.change.status !== undefined;
      results.push({
        itemNo: item.item_no,
        state: more ? 'pending' : 'succeeded',
        message: null,
        writeDone: more || undefined,
      });
    } else if (outcome.kind === 'failed')
      results.push({ itemNo: item.item_no, state: 'failed', message: outcome.message });
    else if (outcome.kind === 'quota' || outcome.kind === 'stop')
      results.push({ itemNo: item.item_no, state: 'pending', message: outcome.message });
    // An unknown outcome stays `sending`: Google's state decides before it is sent again.
    else results.push({ itemNo: item.item_no, state: 'sending', message: outcome.message });
  }
  return { results, applied };
}

/** One call: a turn, `sending`, Google, the results; 'paused' when the run must stop. */
async function callOnce(env: Env, run: Run, items: RunItem[]): Promise<'go' | 'paused'> {
  const { db } = env;
  const part = partLeft(items[0] as RunItem) as Part;
  const { waitMs } = await takeTurn(db, run.plan.org_id, env.budget);
  if (waitMs > 0) await delay(waitMs);
  if (!(await renewer(env, run.plan)())) return 'paused';
  await markSending(
    db,
    run.plan.org_id,
    run.plan.id,
    items.map((item) => item.item_no),
  );
  env.options.onCall?.({ planId: run.plan.id, part, devices: items.length });
  const outcomes = await sendPart(run.google, part, items, run.ctx.unitOf);
  const { results, applied } = resultsOf(items, part, outcomes);
  await commitCall(db, run.scope, results, applied, renewer(env, run.plan));
  run.changed.push(...applied.map((a) => a.item.device_id));
  const outcome = [...outcomes.values()][0];
  if (outcome?.kind === 'quota') await quotaRefused(db, run.plan.org_id, outcome.retryAfterMs, env.budget);
  if (outcome?.kind === 'stop') {
    await pauseRun(db, run.plan, env.workerId, outcome.message);
    return 'paused';
  }
  return 'go';
}

async function loop(
  env: Env,
  run: Run,
  signal: AbortSignal | undefined,
  untilMs: number | undefined,
): Promise<RunOutcome> {
  const { db } = env;
  for (;;) {
    if (signal?.aborted) return 'stopped';
    if (untilMs !== undefined && Date.now() >= untilMs) return 'sliced';
    if (!(await renewer(env, run.plan)())) return 'paused';
    if ((await sendingItems(db, run.plan.org_id, run.plan.id)).length > 0) {
      await settleSending(db, run, env.maxAttempts, renewer(env, run.plan));
      continue;
    }
    const group = await nextGroup(db, run.plan.org_id, run.plan.id);
    if (group.length === 0) return 'done';
    const toSend = await triage(env, run, group);
    if (toSend.length > 0 && (await callOnce(env, run, toSend)) === 'paused') return 'paused';
    await report(env, run);
  }
}

async function runPlan(
  env: Env,
  orgId: string,
  planId: string,
  { signal, untilMs }: { signal?: AbortSignal; untilMs?: number },
): Promise<RunOutcome> {
  const { db, deps, workerId } = env;
  const plan = await claimPlan(db, orgId, planId, workerId, env.leaseMs);
  if (!plan) return 'not_claimed';
  const ctx = await loadRunContext(db, plan);
  if (typeof ctx === 'string') {
    await pauseRun(db, plan, workerId, ctx);
    await deps.progress(orgId, planId, []);
    return 'paused';
  }
  const scope: RunScope = { plan, customerId: ctx.customerId, unitOf: ctx.unitOf };
  const google = deps.googleFor({ orgId, customerId: ctx.customerId });
  const state: Run = { plan, ctx, scope, google, changed: [], lastProgress: 0 };
  // The page learns at once that the run (re)started, with its time left.
  await report(env, state, true);
  const outcome = await loop(env, state, signal, untilMs);
  if (outcome === 'done') {
    const done = await finishRun(db, plan, workerId);
    await report(env, state, true);
    if (done) await deps.finished?.(done).catch((error: unknown) => env.options.onError?.(error));
    return 'done';
  }
  await releaseLease(db, plan, workerId);
  await report(env, state, true);
  return outcome;
}

/** Why: one runner per process, called by the job queue's worker. */
export function createPlanRunner(deps: PlanRunnerDeps, options: PlanRunnerOptions = {}): PlanRunner {
  const env: Env = {
    db: deps.db,
    deps,
    options,
    workerId: `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`,
    leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS,
    maxAttempts: options.maxAttempts ?? 5,
    budget: { windowMs: options.windowMs },
  };
  return {
    run: (orgId, planId, runOptions = {}) => runPlan(env, orgId, planId, runOptions),
    workerId: env.workerId,
  };
}
