import { useState } from 'react';
import type { Plan } from '@fleetdeck/shared/plan-contract';
import { roleCan } from '@fleetdeck/shared/permissions';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { useAuthSession } from '../../../lib/auth/use-auth-session.ts';
import { useDecidePlan, type PlanDecision } from '../api/plans.ts';
import { approveBlockedReason, planActions } from '../plan-wording.ts';

const DONE: Readonly<Record<PlanDecision, (plan: Plan) => string>> = {
  submit: (plan) =>
    plan.state === 'approved'
      ? 'Sent. At or under the approval threshold, so it is approved.'
      : 'Sent for approval: a second member with the right to make these changes has to approve it.',
  approve: () => 'Approved.',
  cancel: () => 'Cancelled: this plan will not run.',
};

/** Send for approval, approve (a step-up is asked by the server), cancel: what the plan's state allows. */
export function PlanActions({ plan }: { plan: Plan }) {
  const decide = useDecidePlan(plan.id);
  // What the last decision did, while the plan is still in the state it left it in.
  const [decided, setDecided] = useState<{ text: string; state: Plan['state'] }>();
  const done = decided?.state === plan.state ? decided.text : undefined;
  const { session } = useAuthSession();
  const actions = planActions(plan, roleCan(session?.user.organization?.role, 'settings.manage'));
  const blocked = approveBlockedReason(plan);
  const run = (decision: PlanDecision) => {
    setDecided(undefined);
    decide.mutate(decision, {
      onSuccess: (next) => setDecided({ text: DONE[decision](next), state: next.state }),
    });
  };
  if (!actions.submit && !actions.approve && !actions.cancel && !done) return null;
  return (
    <div className="flex flex-col gap-3" data-testid="plan-actions">
      <div className="flex flex-wrap items-center gap-2">
        {actions.submit ? (
          <Button disabled={decide.isPending} onClick={() => run('submit')}>
            Send for approval
          </Button>
        ) : null}
        {actions.approve ? (
          <Button
            disabled={decide.isPending || blocked !== null}
            aria-describedby={blocked ? 'plan-approve-why' : undefined}
            onClick={() => run('approve')}
          >
            Approve
          </Button>
        ) : null}
        {actions.cancel ? (
          <Button variant="secondary" disabled={decide.isPending} onClick={() => run('cancel')}>
            Cancel plan
          </Button>
        ) : null}
      </div>
      {actions.approve && blocked ? (
        <p id="plan-approve-why" className="text-sm text-muted-foreground" data-testid="plan-approve-why">
          {blocked}
        </p>
      ) : null}
      {decide.error ? <FormMessage>{decide.error.message}</FormMessage> : null}
      {done ? <FormMessage tone="success">{done}</FormMessage> : null}
    </div>
  );
}
