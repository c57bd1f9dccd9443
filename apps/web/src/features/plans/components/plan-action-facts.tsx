import { Link } from 'react-router';
import type { Plan } from '@fleetdeck/shared/plan-contract';
import { bulkActionFacts } from '../plan-wording.ts';

/**
 * A bulk action's plan in the page's facts: what the action is and its inputs, and, once it runs
 * as one bulk run (a command, a deprovision), that run, whose entries the audit log lists.
 */
export function PlanActionFacts({ plan }: { plan: Pick<Plan, 'bulkAction' | 'bulkRunId'> }) {
  const facts = plan.bulkAction ? bulkActionFacts(plan.bulkAction) : [];
  if (facts.length === 0 && !plan.bulkRunId) return null;
  return (
    <dl
      aria-label="What the action does"
      className="flex flex-wrap gap-x-6 gap-y-1"
      data-testid="plan-action"
    >
      {facts.map((fact) => (
        <div key={fact.label} className="flex gap-1">
          <dt>{fact.label}:</dt>
          <dd className="font-medium break-words text-foreground">{fact.value}</dd>
        </div>
      ))}
      {plan.bulkRunId ? (
        <div className="flex gap-1">
          <dt>Bulk run:</dt>
          <dd>
            <Link
              to={`/settings/audit?target=${encodeURIComponent(plan.bulkRunId)}`}
              className="font-medium text-accent hover:underline"
            >
              {plan.bulkRunId.slice(0, 8)} in the audit log
            </Link>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
