import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';

export interface Fact {
  readonly label: string;
  /** Null or undefined reads as a dash. */
  readonly value: ReactNode;
  /** Monospace for identifiers (serials, MACs, IPs). */
  readonly mono?: boolean;
}

/**
 * A definition list of label/value rows, two columns on wide screens; `stacked` puts each value
 * under its label (narrow cards). Long values wrap rather than hide.
 */
export function FactList({
  facts,
  className,
  stacked = false,
  columns = 2,
}: {
  facts: readonly Fact[];
  className?: string;
  stacked?: boolean;
  /** Two columns on wide screens, or always one (cards in a grid). */
  columns?: 1 | 2;
}) {
  const twoColumns = columns === 2 && !stacked;
  return (
    <dl className={cn('grid gap-x-8', twoColumns && 'sm:grid-cols-2', className)}>
      {facts.map(({ label, value, mono }) => (
        <div
          key={label}
          className={cn(
            'flex min-w-0 gap-x-4 border-b border-border py-2 text-sm last:border-b-0',
            stacked ? 'flex-col gap-y-0.5' : 'items-baseline justify-between',
            twoColumns && 'sm:[&:nth-last-child(2):nth-child(odd)]:border-b-0',
          )}
        >
          <dt className="shrink-0 text-muted-foreground">{label}</dt>
          <dd
            className={cn(
              'min-w-0 [overflow-wrap:anywhere]',
              !stacked && 'text-right',
              mono && 'font-mono text-xs',
            )}
          >
            {value === null || value === undefined || value === '' ? (
              <span className="text-muted-foreground">—</span>
            ) : (
              value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
