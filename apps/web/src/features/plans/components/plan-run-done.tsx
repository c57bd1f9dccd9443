import { Link, useNavigate } from 'react-router';
import { Download, Undo2 } from 'lucide-react';
import type { Plan, PlanRun, PlanRunState } from '@fleetdeck/shared/plan-contract';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { planResultsUrl, useCreateUndoPlan } from '../api/plans.ts';
import { RUN_STATE_LABELS, runTotals } from '../plan-wording.ts';

const OUTCOMES: readonly PlanRunState[] = ['succeeded', 'failed', 'skipped'];

/** Undo: builds the reverse plan and opens it; once built, the way to it instead. */
function UndoAction({ plan }: { plan: Plan }) {
  const undo = useCreateUndoPlan(plan.id);
  const navigate = useNavigate();
  if (plan.cannotBeUndone)
    return (
      <p className="basis-full text-sm text-muted-foreground" data-testid="plan-cannot-undo">
        {plan.cannotBeUndone}
      </p>
    );
  if (plan.undoPlanId)
    return (
      <Button asChild variant="secondary">
        <Link to={`/plans/${plan.undoPlanId}`}>
          <Undo2 aria-hidden="true" />
          Open the undo plan
        </Link>
      </Button>
    );
  if (plan.state !== 'done') return null;
  return (
    <>
      <Button
        variant="secondary"
        disabled={undo.isPending}
        aria-describedby="plan-undo-what"
        onClick={() => undo.mutate(undefined, { onSuccess: (next) => void navigate(`/plans/${next.id}`) })}
      >
        <Undo2 aria-hidden="true" />
        Undo
      </Button>
      {undo.error ? <FormMessage className="basis-full">{undo.error.message}</FormMessage> : null}
    </>
  );
}

/** A finished run: what became of each change, the results file, undo, and the plan's audit entries. */
export function PlanRunDone({ plan, run }: { plan: Plan; run: PlanRun }) {
  const { total } = runTotals(run.counts);
  return (
    <div className="flex flex-col gap-4" data-testid="plan-run-done">
      <dl aria-label="Changes by result" className="grid grid-cols-3 gap-2 sm:max-w-md">
        {OUTCOMES.map((state) => (
          <div
            key={state}
            className="flex flex-col-reverse rounded-lg border border-border px-3 py-2"
            data-testid={`plan-run-${state}`}
          >
            <dt className="text-xs">{RUN_STATE_LABELS[state]}</dt>
            <dd className="text-xl font-semibold tabular-nums">{run.counts[state].toLocaleString()}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-muted-foreground">
        {total.toLocaleString()} {total === 1 ? 'change' : 'changes'} in all. The results file has a line per{' '}
        {plan.kind === 'csv_update' ? 'row' : 'device'}: its device, what became of it and Google’s message.
        {run.note ? ` ${run.note}` : ''}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <Button asChild>
          <a href={planResultsUrl(plan.id)} download>
            <Download aria-hidden="true" />
            Download results
          </a>
        </Button>
        <UndoAction plan={plan} />
        <Button asChild variant="link" size="sm">
          <Link to={`/settings/audit?plan=${plan.id}`}>See it in the audit log</Link>
        </Button>
      </div>
      {plan.state === 'done' && !plan.undoPlanId && !plan.cannotBeUndone ? (
        <p id="plan-undo-what" className="text-xs text-muted-foreground">
          Undo builds the reverse plan: each device back to the OU, fields and status it had before, except
          devices changed since, which it lists. You review it, and it is approved and run like any plan.
        </p>
      ) : null}
    </div>
  );
}
