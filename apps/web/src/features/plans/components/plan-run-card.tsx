import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Plan } from '@fleetdeck/shared/plan-contract';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { useRunPlanVerb, type PlanRunVerb } from '../api/plans.ts';
import { PlanRunDone } from './plan-run-done.tsx';
import { PlanRunProgress } from './plan-run-progress.tsx';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string | null) => (iso ? `, ${timeFormat.format(new Date(iso))}` : '');
const who = (member: Plan['approval']['approvedBy']) => member?.label ?? 'a member';

/** What the Run card says of the plan in its state: honest about what has changed on devices. */
export function runDescription(plan: Plan): string {
  const run = plan.run;
  switch (plan.state) {
    case 'draft':
    case 'awaiting_approval':
      return 'Nothing changes on any device until the plan is approved and run.';
    case 'approved':
      return 'Approved: nothing has changed on any device yet. Running it may ask you to confirm it is you; the changes go to Google within the organization’s write budget.';
    case 'running':
      return `Running, started by ${who(run?.startedBy ?? null)}${when(run?.startedAt ?? null)}. This page follows it as it goes; you may leave it.`;
    case 'paused':
      return `Paused by ${who(run?.pausedBy ?? null)}${when(run?.pausedAt ?? null)}: no calls are sent to Google until it is resumed. The changes already made stay made.`;
    case 'done':
      return `Finished${when(run?.finishedAt ?? null)}.`;
    case 'undone':
      return 'Undone: its undo plan has run, putting the devices it changed back as they were (except those changed since).';
    case 'cancelled':
      return 'Cancelled before it ran: nothing changed on any device.';
  }
}

const VERB_BUTTON: Readonly<Record<PlanRunVerb, string>> = { run: 'Run', pause: 'Pause', resume: 'Resume' };

/** Run, Pause or Resume, with the server's refusal shown under it (a step-up is asked by the dialog). */
function RunButton({ plan, verb }: { plan: Plan; verb: PlanRunVerb }) {
  const act = useRunPlanVerb(plan.id);
  return (
    <div className="flex flex-col gap-2">
      <div>
        <Button
          variant={verb === 'pause' ? 'secondary' : 'primary'}
          disabled={act.isPending}
          onClick={() => act.mutate(verb)}
        >
          {VERB_BUTTON[verb]}
        </Button>
      </div>
      {act.error ? <FormMessage>{act.error.message}</FormMessage> : null}
    </div>
  );
}

/** The card's body in the plan's state. */
function RunBody({ plan }: { plan: Plan }): ReactNode {
  const { run } = plan;
  // A plan of commands or a deprovision runs as one bulk run: it cannot be paused or undone.
  const final = plan.cannotBeUndone ? (
    <p className="text-sm text-muted-foreground" data-testid="plan-cannot-undo">
      {plan.cannotBeUndone}
    </p>
  ) : null;
  if (plan.state === 'approved')
    return (
      <>
        {final}
        <RunButton plan={plan} verb="run" />
      </>
    );
  if ((plan.state === 'running' || plan.state === 'paused') && run)
    return (
      <>
        <PlanRunProgress run={run} running={plan.state === 'running'} bulkRun={plan.bulkRunId !== null} />
        {run.note ? <p className="text-sm text-muted-foreground">{run.note}</p> : null}
        {final ?? <RunButton plan={plan} verb={plan.state === 'running' ? 'pause' : 'resume'} />}
      </>
    );
  if ((plan.state === 'done' || plan.state === 'undone') && run) return <PlanRunDone plan={plan} run={run} />;
  return null;
}

/**
 * The plan's run: Run once approved; while it runs its progress, time left and write budget, and
 * Pause; Resume once paused; once done, what became of each change, the results file and Undo.
 */
export function PlanRunCard({ plan }: { plan: Plan }) {
  return (
    <Card data-testid="plan-run-area" aria-labelledby="plan-run-heading">
      <CardHeader>
        <CardTitle id="plan-run-heading">Run</CardTitle>
        <CardDescription data-testid="plan-run-description">{runDescription(plan)}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <RunBody plan={plan} />
        {plan.undoOf ? (
          <p className="text-sm text-muted-foreground">
            This plan undoes{' '}
            <Link to={`/plans/${plan.undoOf}`} className="font-medium text-accent hover:underline">
              another plan
            </Link>
            : devices changed since it ran are listed as “Changed since” and left as they are.
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
