import {
  PLAN_OUTCOMES,
  PLAN_OUTCOME_LABELS,
  type Plan,
  type PlanOutcome,
} from '@fleetdeck/shared/plan-contract';
import { cn } from '../../../lib/cn.ts';

/** Counts per outcome; each is a toggle that filters the rows below. */
export function PlanSummary({
  plan,
  outcome,
  onOutcome,
}: {
  plan: Plan;
  outcome: PlanOutcome | undefined;
  onOutcome: (outcome: PlanOutcome | undefined) => void;
}) {
  return (
    <div
      role="group"
      aria-label="Rows by outcome"
      className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-7"
    >
      {PLAN_OUTCOMES.map((value) => {
        const pressed = outcome === value;
        return (
          <button
            key={value}
            type="button"
            aria-pressed={pressed}
            data-testid={`plan-count-${value}`}
            onClick={() => onOutcome(pressed ? undefined : value)}
            className={cn(
              'flex flex-col items-start rounded-lg border px-3 py-2 text-left transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
              pressed
                ? 'border-accent bg-accent-subtle text-accent-subtle-foreground'
                : 'border-border bg-surface hover:bg-muted',
            )}
          >
            <span className="text-xl font-semibold tabular-nums">{plan.counts[value].toLocaleString()}</span>
            <span className="text-xs">{PLAN_OUTCOME_LABELS[value]}</span>
          </button>
        );
      })}
    </div>
  );
}
