import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { planProgressSchema, type PlanDetail, type PlanProgress } from '@fleetdeck/shared/plan-contract';
import { useAuthSession } from '../../../lib/auth/use-auth-session.ts';
import { useRealtimeChannel } from '../../../lib/realtime/use-realtime-channel.ts';
import { planKeys } from '../api/plans.ts';

/** Progress arriving within this window refreshes the plan's rows once. */
const SETTLE_MS = 1_500;

/**
 * Why: a progress that names only counts moves the Run card in place; one that changes the
 * plan's state (paused, done), or names nothing but the plan (a member limited to units), reads
 * the plan again, as does a channel joined again after a drop (progress may have been missed).
 */
function applyProgress(client: QueryClient, progress: PlanProgress): boolean {
  let stale = progress.counts === undefined;
  client.setQueriesData<PlanDetail>({ queryKey: planKeys.detail(progress.id) }, (detail) => {
    if (!detail) return detail;
    const { plan } = detail;
    if (progress.state !== undefined && progress.state !== plan.state) stale = true;
    if (!plan.run || !progress.counts) {
      stale = true;
      return detail;
    }
    const run = {
      ...plan.run,
      counts: progress.counts,
      callsLeft: progress.callsLeft ?? plan.run.callsLeft,
      secondsLeft: progress.secondsLeft === undefined ? plan.run.secondsLeft : progress.secondsLeft,
      writesPerMinute: progress.writesPerMinute ?? plan.run.writesPerMinute,
    };
    return { ...detail, plan: { ...plan, run } };
  });
  return stale;
}

/**
 * Why: the plan page follows its run over the organization's realtime channel (`plan.progress`);
 * returns whether the channel is joined (the page polls a running plan when it is not).
 */
export function usePlanLive(planId: string): boolean {
  const client = useQueryClient();
  const { session } = useAuthSession();
  const orgId = session?.user.organization?.id;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refresh = () => {
    timer.current ??= setTimeout(() => {
      timer.current = null;
      void client.invalidateQueries({ queryKey: planKeys.detail(planId) });
    }, SETTLE_MS);
  };
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const channel = useRealtimeChannel(orgId ? `org:${orgId}` : null, {
    'plan.progress': (payload) => {
      const progress = planProgressSchema.safeParse(payload);
      if (!progress.success || progress.data.id !== planId) return;
      if (applyProgress(client, progress.data)) void client.invalidateQueries({ queryKey: planKeys.all });
      else refresh();
    },
  });
  const live = channel.state === 'joined';
  const everJoined = useRef(false);
  useEffect(() => {
    if (!live) return;
    if (everJoined.current) void client.invalidateQueries({ queryKey: planKeys.detail(planId) });
    everJoined.current = true;
  }, [live, client, planId]);
  return live;
}
