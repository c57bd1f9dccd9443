import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  PLAN_OUTCOMES,
  PLAN_OUTCOME_LABELS,
  type Plan,
  type PlanOutcome,
} from '@fleetdeck/shared/plan-contract';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { PLAN_PAGE_SIZE, usePlan } from '../api/plans.ts';
import { PLAN_KIND_LABELS, PLAN_STATE_LABELS, PLAN_STATE_TONES } from '../plan-wording.ts';
import { PlanActionFacts } from './plan-action-facts.tsx';
import { PlanActions } from './plan-actions.tsx';
import { PlanRunCard } from './plan-run-card.tsx';
import { usePlanLive } from './use-plan-live.ts';
import { PlanItemsTable } from './plan-items-table.tsx';
import { PlanSummary } from './plan-summary.tsx';
import { RolloverPairs } from './rollover-pairs.tsx';
import { PlanPageIntro } from './plan-page-intro.tsx';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function readOutcome(value: string | null): PlanOutcome | undefined {
  return PLAN_OUTCOMES.find((outcome) => outcome === value);
}

/** `/plans/:planId`: what the plan will do, row by row, and what its state lets the member do next. */
export function PlanPage({ planId }: { planId: string }) {
  const [params, setParams] = useSearchParams();
  const outcome = readOutcome(params.get('outcome'));
  // The `after` of each page seen so far, so Previous goes back without the server counting.
  const [pages, setPages] = useState<number[]>([]);
  const after = pages.at(-1);
  const live = usePlanLive(planId);
  const detail = usePlan(planId, { outcome, after }, live);
  const setOutcome = (next: PlanOutcome | undefined) => {
    setPages([]);
    setParams(next ? { outcome: next } : {}, { replace: true });
  };
  if (detail.isPending) return <Skeleton className="h-64 w-full" />;
  if (detail.isError) return <FormMessage>{detail.error.message}</FormMessage>;
  const { plan, items, nextAfter } = detail.data;
  const shownFrom = pages.length * PLAN_PAGE_SIZE + 1;
  return (
    <div className="flex flex-col gap-6">
      <PlanPageIntro title={plan.title} focusKey={`${planId}:ready`}>
        <PlanFacts plan={plan} />
      </PlanPageIntro>
      <PlanActions plan={plan} />
      <PlanRunCard plan={plan} />
      {plan.rollover ? <RolloverPairs pairs={plan.rollover.pairs} query={plan.rollover.query} /> : null}
      <Card>
        <CardHeader>
          <CardTitle>Rows</CardTitle>
          <CardDescription>
            {plan.items.toLocaleString()} {plan.kind === 'csv_update' ? 'rows' : 'devices'}. Choose an outcome
            to see only its rows.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <PlanSummary plan={plan} outcome={outcome} onOutcome={setOutcome} />
          {items.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              {outcome ? `No rows are “${PLAN_OUTCOME_LABELS[outcome]}”.` : 'This plan has no rows.'}
            </p>
          ) : (
            <PlanItemsTable items={items} csv={plan.kind === 'csv_update'} />
          )}
          <RowsPager
            from={shownFrom}
            shown={items.length}
            onPrevious={pages.length > 0 ? () => setPages(pages.slice(0, -1)) : undefined}
            onNext={nextAfter !== null ? () => setPages([...pages, nextAfter]) : undefined}
          />
        </CardContent>
      </Card>
    </div>
  );
}

function PlanFacts({ plan }: { plan: Plan }) {
  return (
    <div className="mt-2 flex flex-col gap-2 text-sm text-muted-foreground">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={PLAN_STATE_TONES[plan.state]} data-testid="plan-state">
          {PLAN_STATE_LABELS[plan.state]}
        </Badge>
        <span>{PLAN_KIND_LABELS[plan.kind]}</span>
        <span aria-hidden="true">·</span>
        <span>
          by {plan.author.label ?? 'a former member'}, {dateFormat.format(new Date(plan.createdAt))}
        </span>
      </div>
      <PlanActionFacts plan={plan} />
      {plan.approval.approvedBy ? (
        <p>
          Approved by {plan.approval.approvedBy.label ?? 'a former member'}
          {plan.approval.approvedAt ? `, ${dateFormat.format(new Date(plan.approval.approvedAt))}` : ''}.
        </p>
      ) : null}
      {plan.approval.required === true && plan.approval.threshold !== null && !plan.approval.approvedBy ? (
        <p>
          Changes more than {plan.approval.threshold.toLocaleString()} devices, so a second member has to
          approve it.
        </p>
      ) : null}
      {plan.cancelledAt ? (
        <p>
          Cancelled by {plan.cancelledBy?.label ?? 'a member'},{' '}
          {dateFormat.format(new Date(plan.cancelledAt))}.
        </p>
      ) : null}
    </div>
  );
}

function RowsPager({
  from,
  shown,
  onPrevious,
  onNext,
}: {
  from: number;
  shown: number;
  onPrevious: (() => void) | undefined;
  onNext: (() => void) | undefined;
}) {
  return (
    <nav aria-label="Pages of rows" className="flex flex-wrap items-center gap-2 text-sm">
      <span className="text-muted-foreground" aria-live="polite">
        {shown > 0 ? `Rows ${from.toLocaleString()}–${(from + shown - 1).toLocaleString()}` : null}
      </span>
      <Button variant="secondary" size="sm" disabled={!onPrevious} onClick={onPrevious}>
        Previous
      </Button>
      <Button variant="secondary" size="sm" disabled={!onNext} onClick={onNext}>
        Next
      </Button>
    </nav>
  );
}
