import { Link } from 'react-router';
import type { Plan } from '@fleetdeck/shared/plan-contract';
import { Button } from '../../../components/ui/button.tsx';
import { formatCount } from '../format.ts';

/**
 * After a start above the organization's plan threshold: the plan that was saved instead of a
 * run, waiting for a second member's approval, with the link to its page.
 */
export function BulkPlanSaved({ plan, onClose }: { plan: Plan; onClose: () => void }) {
  const changes = plan.counts.change;
  const waiting = plan.state === 'awaiting_approval';
  return (
    <div className="flex flex-col gap-4 text-sm" data-testid="bulk-plan-saved">
      <p>
        <span className="font-medium">{plan.title}</span> is saved as a change plan of {formatCount(changes)}{' '}
        {changes === 1 ? 'device' : 'devices'}. Nothing was sent to Google.
      </p>
      <p className="text-muted-foreground">
        {waiting
          ? 'It waits for a second member with the right to make these changes to approve it; then it can run, within Google’s write quota, and be undone.'
          : 'It is approved and can run from its page, within Google’s write quota, and be undone.'}
      </p>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Done
        </Button>
        <Button asChild>
          <Link to={`/plans/${plan.id}`} data-testid="bulk-plan-link">
            Open the plan
          </Link>
        </Button>
      </div>
    </div>
  );
}
