import { ChevronRight } from 'lucide-react';
import type { PolicyGroup } from '@fleetdeck/shared/policy-contract';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { PolicyRow } from './policy-row.tsx';

/** One category of effective policies, folded open or closed by its heading button. */
export function PolicyGroupCard({
  group,
  open,
  nameUnits,
  onToggle,
}: {
  group: PolicyGroup;
  open: boolean;
  /** Whether each row names the unit it comes from (user and device settings differ in OU). */
  nameUnits: boolean;
  onToggle: () => void;
}) {
  const id = `policy-group-${group.category.replace(/[^A-Za-z0-9]+/g, '-')}`;
  return (
    <Card data-testid="policy-group" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-sm font-semibold">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          className="flex w-full items-center gap-2 px-4 py-3 text-left hover:bg-muted/60 focus-visible:outline-2 focus-visible:outline-ring"
          onClick={onToggle}
        >
          <ChevronRight
            aria-hidden="true"
            className={cn('size-4 transition-transform', open && 'rotate-90')}
          />
          {group.category}
          <span className="font-normal text-muted-foreground">· {group.policies.length}</span>
        </button>
      </h2>
      {open ? (
        <ul id={id} className="divide-y divide-border border-t border-border">
          {group.policies.map((policy) => (
            <PolicyRow key={policy.key} policy={policy} nameUnits={nameUnits} />
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
