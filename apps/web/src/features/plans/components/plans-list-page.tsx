import { Link, useSearchParams } from 'react-router';
import { FileSpreadsheet, GitBranch } from 'lucide-react';
import { PLAN_STATES, type Plan, type PlanState } from '@fleetdeck/shared/plan-contract';
import { roleCan } from '@fleetdeck/shared/permissions';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { ScrollRegion } from '../../../components/ui/scroll-region.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useAuthSession } from '../../../lib/auth/use-auth-session.ts';
import { usePlans } from '../api/plans.ts';
import { PLAN_KIND_LABELS, PLAN_STATE_LABELS, PLAN_STATE_TONES } from '../plan-wording.ts';
import { useHeadingFocus } from './use-heading-focus.ts';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function readState(value: string | null): PlanState | undefined {
  return PLAN_STATES.find((state) => state === value);
}

/** `/plans`: the organization's change plans the member may see, newest first, filtered by state. */
export function PlansListPage() {
  const [params, setParams] = useSearchParams();
  const state = readState(params.get('state'));
  const plans = usePlans(state);
  const { session } = useAuthSession();
  const canRollover = roleCan(session?.user.organization?.role, 'device.move');
  const heading = useHeadingFocus<HTMLHeadingElement>('plans');
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1
            ref={heading}
            tabIndex={-1}
            className="text-2xl font-semibold tracking-tight focus:outline-none"
          >
            Change plans
          </h1>
          <p className="mt-1 max-w-3xl text-sm text-muted-foreground">
            CSV updates and school-year rollovers, reviewed row by row before anything changes. Plans above
            your organization’s threshold need a second member’s approval.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild>
            <Link to="/plans/new/csv">
              <FileSpreadsheet aria-hidden="true" />
              New CSV update
            </Link>
          </Button>
          {canRollover ? (
            <Button asChild variant="secondary">
              <Link to="/plans/new/rollover">
                <GitBranch aria-hidden="true" />
                New rollover
              </Link>
            </Button>
          ) : null}
        </div>
      </div>
      <div className="flex items-center gap-2">
        <label htmlFor="plan-state-filter" className="text-sm font-medium">
          State
        </label>
        <NativeSelect
          id="plan-state-filter"
          className="w-56"
          value={state ?? ''}
          onChange={(event) =>
            setParams(event.target.value ? { state: event.target.value } : {}, { replace: true })
          }
        >
          <option value="">All states</option>
          {PLAN_STATES.map((value) => (
            <option key={value} value={value}>
              {PLAN_STATE_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
      </div>
      {plans.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : plans.isError ? (
        <FormMessage>{plans.error.message}</FormMessage>
      ) : plans.data.plans.length === 0 ? (
        <EmptyState
          icon={FileSpreadsheet}
          title={state ? `No plans ${PLAN_STATE_LABELS[state].toLowerCase()}` : 'No plans yet'}
        >
          Upload a spreadsheet of changes or map last year’s OUs to this year’s: you will review every row
          before anything changes.
        </EmptyState>
      ) : (
        <PlansTable plans={plans.data.plans} />
      )}
    </div>
  );
}

function PlansTable({ plans }: { plans: readonly Plan[] }) {
  return (
    <Card className="p-0">
      <ScrollRegion label="Change plans" className="overflow-x-auto">
        <table className="w-full min-w-[40rem] text-left text-sm" data-testid="plans-table">
          <thead className="border-b border-border text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">
                Plan
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Author
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                State
              </th>
              <th scope="col" className="px-4 py-2 text-right font-medium">
                Devices
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Created
              </th>
            </tr>
          </thead>
          <tbody>
            {plans.map((plan) => (
              <tr key={plan.id} className="border-b border-border last:border-0" data-testid="plan-row">
                <td className="px-4 py-3">
                  <Link
                    to={`/plans/${plan.id}`}
                    className="font-medium text-accent underline-offset-4 hover:underline"
                  >
                    {plan.title}
                  </Link>
                  <div className="text-xs text-muted-foreground">{PLAN_KIND_LABELS[plan.kind]}</div>
                </td>
                <td className="px-4 py-3">{plan.author.label ?? 'A former member'}</td>
                <td className="px-4 py-3">
                  <Badge tone={PLAN_STATE_TONES[plan.state]}>{PLAN_STATE_LABELS[plan.state]}</Badge>
                </td>
                <td className="px-4 py-3 text-right tabular-nums">
                  {plan.counts.change.toLocaleString()} of {plan.items.toLocaleString()} change
                </td>
                <td className="px-4 py-3 whitespace-nowrap">{dateFormat.format(new Date(plan.createdAt))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </Card>
  );
}
