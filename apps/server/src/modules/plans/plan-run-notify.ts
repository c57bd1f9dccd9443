import type { Kysely } from 'kysely';
import { FLEET_CHANGED_MAX_DEVICE_IDS } from '@fleetdeck/shared/realtime-contract';
import type { DB } from '../../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import { mailTemplates } from '../mail/mail-templates.ts';
import type { RealtimeHub } from '../realtime/realtime-hub.ts';
import { progressOf, runView } from './plan-progress.ts';
import { runCounts } from './plan-run.repository.ts';
import { findPlan, type PlanRow } from './plans.repository.ts';
import type { PlanRunnerDeps } from './plan-runner.ts';

/**
 * What a run tells people: `plan.progress` on the organization's realtime channel (its counts and
 * time left; the plan page refreshes), `fleet.changed` for the devices it changed, and, when a
 * run that took longer than a few minutes ends, an email to the plan's author.
 */

/** A run longer than this mails its author when it ends. */
export const MAIL_AFTER_MS = 5 * 60_000;

export interface PlanNotifyOptions {
  readonly db: Kysely<DB>;
  readonly hub: Pick<RealtimeHub, 'publish'>;
  readonly mailer?: Mailer | undefined;
  readonly publicUrl: string;
  readonly mailAfterMs?: number | undefined;
  /** The budget's window, for the time left (tests shorten it). */
  readonly windowMs?: number | undefined;
}

/** Why: the author learns that a long plan ended without watching it. */
export async function mailAuthor(options: PlanNotifyOptions, plan: PlanRow): Promise<boolean> {
  const started = plan.started_at ? new Date(plan.started_at).getTime() : Date.now();
  const finished = plan.finished_at ? new Date(plan.finished_at).getTime() : Date.now();
  if (!options.mailer || finished - started < (options.mailAfterMs ?? MAIL_AFTER_MS)) return false;
  const author = await options.db
    .selectFrom('user')
    .select('email')
    .where('id', '=', plan.created_by)
    .executeTakeFirst();
  if (!author?.email) return false;
  const counts = (await runCounts(options.db, plan.org_id, [plan.id])).get(plan.id);
  const link = `${options.publicUrl.replace(/\/+$/, '')}/plans/${plan.id}`;
  await options.mailer.send(
    mailTemplates.planFinished(
      author.email,
      {
        title: plan.title,
        minutes: Math.max(1, Math.round((finished - started) / 60_000)),
        succeeded: counts?.succeeded ?? 0,
        failed: counts?.failed ?? 0,
        skipped: counts?.skipped ?? 0,
      },
      link,
    ),
  );
  return true;
}

/** Why: the runner's progress and end, published and mailed. */
export function planRunNotifier(options: PlanNotifyOptions): Pick<PlanRunnerDeps, 'progress' | 'finished'> {
  return {
    progress: async (orgId, planId, changed) => {
      const plan = await findPlan(options.db, orgId, planId);
      if (!plan) return;
      const run = await runView(options.db, plan, new Map(), { windowMs: options.windowMs });
      options.hub.publish(orgId, 'plan.progress', progressOf(plan, run));
      if (changed.length > 0)
        options.hub.publish(orgId, 'fleet.changed', {
          reason: 'action',
          runId: planId,
          ...(changed.length <= FLEET_CHANGED_MAX_DEVICE_IDS ? { deviceIds: [...changed] } : {}),
        });
    },
    finished: async (plan) => {
      await mailAuthor(options, plan);
    },
  };
}
