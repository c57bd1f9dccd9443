import { Link } from 'react-router';
import { X } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { usePlanTitle } from '../api/plan-title.ts';

/**
 * Why: a member who follows a plan's "See it in the audit log" sees that the list holds only that
 * plan's entries (and its run's device changes), opens the plan, or drops the filter and keeps
 * the others. A plan the caller may not read (or that is gone) still shows, without its title.
 */
export function AuditPlanFilter({ planId, onRemove }: { planId: string; onRemove: () => void }) {
  const title = usePlanTitle(planId);
  const words = title.data ?? (title.isPending ? '…' : 'a change plan');
  return (
    <div
      className="flex flex-wrap items-center gap-2 text-sm sm:col-span-2 lg:col-span-7"
      data-testid="audit-plan-filter"
    >
      <span className="inline-flex max-w-full items-center gap-1 rounded-full border border-border bg-muted py-0.5 pr-0.5 pl-3">
        <span className="text-muted-foreground">Plan: </span>
        <Link
          to={`/plans/${planId}`}
          className="inline-block max-w-xs truncate align-bottom font-medium text-accent hover:underline"
          title="Open the change plan"
        >
          {words}
        </Link>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-7 rounded-full"
          aria-label="Remove the plan filter"
          onClick={onRemove}
        >
          <X aria-hidden="true" />
        </Button>
      </span>
      <span className="text-muted-foreground">Its own entries and the device changes its run made.</span>
    </div>
  );
}
