import { Link } from 'react-router';
import { PLAN_OUTCOME_LABELS, type PlanItem } from '@fleetdeck/shared/plan-contract';
import { Badge } from '../../../components/ui/badge.tsx';
import { ScrollRegion } from '../../../components/ui/scroll-region.tsx';
import { OUTCOME_TONES, RUN_STATE_LABELS, RUN_STATE_TONES, describeChange } from '../plan-wording.ts';

/** One page of a plan's items: the row as written, the device, the outcome (and its run's), current → new, and why. */
export function PlanItemsTable({ items, csv }: { items: readonly PlanItem[]; csv: boolean }) {
  return (
    <ScrollRegion label="Plan rows" className="overflow-x-auto">
      <table className="w-full min-w-[46rem] text-left text-sm" data-testid="plan-items">
        <thead className="border-b border-border text-xs text-muted-foreground">
          <tr>
            {csv ? (
              <th scope="col" className="px-3 py-2 font-medium">
                Row
              </th>
            ) : null}
            {csv ? (
              <th scope="col" className="px-3 py-2 font-medium">
                Key
              </th>
            ) : null}
            <th scope="col" className="px-3 py-2 font-medium">
              Device
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Outcome
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Current → new, or why
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr
              key={item.itemNo}
              className="border-b border-border align-top last:border-0"
              data-testid="plan-item"
              data-outcome={item.outcome}
            >
              {csv ? <td className="px-3 py-2 tabular-nums">{item.row ?? '—'}</td> : null}
              {csv ? (
                <td className="px-3 py-2 font-mono text-xs whitespace-nowrap">{item.key || '(blank)'}</td>
              ) : null}
              <td className="px-3 py-2">
                {item.deviceId ? (
                  <Link
                    to={`/devices/chromebook/${encodeURIComponent(item.deviceId)}`}
                    className="font-mono text-xs text-accent underline-offset-4 hover:underline"
                  >
                    {item.serialNumber ?? item.deviceId}
                  </Link>
                ) : (
                  <span className="text-muted-foreground">—</span>
                )}
              </td>
              <td className="px-3 py-2">
                <div className="flex flex-wrap gap-1">
                  <Badge tone={OUTCOME_TONES[item.outcome]}>{PLAN_OUTCOME_LABELS[item.outcome]}</Badge>
                  {item.runState ? (
                    <Badge tone={RUN_STATE_TONES[item.runState]} data-testid="plan-item-run">
                      {RUN_STATE_LABELS[item.runState]}
                    </Badge>
                  ) : null}
                </div>
              </td>
              <td className="px-3 py-2">
                <ItemDetail item={item} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function ItemDetail({ item }: { item: PlanItem }) {
  const changes = describeChange(item.before, item.change);
  return (
    <div className="flex flex-col gap-1">
      {changes.length > 0 ? (
        <ul className="flex flex-col gap-0.5">
          {changes.map((change) => (
            <li key={change.field} className="break-words">
              <span className="text-muted-foreground">{change.field}:</span> {change.from}{' '}
              <span aria-label="becomes">→</span> <strong className="font-medium">{change.to}</strong>
            </li>
          ))}
        </ul>
      ) : null}
      {item.reason ? (
        <p className="text-muted-foreground break-words" data-testid="plan-item-reason">
          {item.reason}
          {item.matchCount !== null && item.outcome === 'ambiguous' ? ` (${item.matchCount} devices)` : null}
        </p>
      ) : null}
      {item.runMessage ? (
        <p className="text-muted-foreground break-words" data-testid="plan-item-run-message">
          {item.runMessage}
        </p>
      ) : null}
    </div>
  );
}
