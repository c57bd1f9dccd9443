import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';
import { formatCount } from '../fleet-link.ts';
import { CountLink } from './count-link.tsx';

export interface BarItem {
  readonly key: string;
  readonly label: ReactNode;
  readonly count: number;
  readonly query: string | null;
  /** Tailwind fill class of the bar. */
  readonly fill?: string;
  readonly note?: ReactNode;
}

/**
 * Why: a horizontal bar chart as a list of links, one SVG bar per row, scaled to the largest row.
 * Labels are never cut short: "Lenovo 300e Chromebook 2nd Gen AST" reads whole, wrapping if need be.
 */
export function BarList({ items, label }: { items: readonly BarItem[]; label: string }) {
  const max = Math.max(1, ...items.map((item) => item.count));
  return (
    <ul className="flex flex-col gap-1" aria-label={label}>
      {items.map((item) => (
        <li key={item.key}>
          <CountLink
            query={item.query}
            className="group grid grid-cols-[minmax(0,15rem)_minmax(3rem,1fr)_auto] items-center gap-3 px-1 py-1 text-sm hover:bg-muted/50"
          >
            {/* Read in full: a long model name wraps (rarely past two lines) instead of being cut. */}
            <span className="leading-snug break-words">{item.label}</span>
            <svg className="h-3 w-full overflow-visible" aria-hidden="true">
              <rect width="100%" height="12" rx="3" className="fill-muted" />
              <rect
                width={`${Math.max(item.count > 0 ? 0.6 : 0, (item.count / max) * 100)}%`}
                height="12"
                rx="3"
                className={cn(item.fill ?? 'fill-accent', 'group-hover:opacity-85')}
              />
            </svg>
            <span className="min-w-12 text-right tabular-nums">
              {formatCount(item.count)}
              <span className="sr-only"> devices</span>
              {item.note ? <span className="ml-1 text-xs text-muted-foreground">{item.note}</span> : null}
            </span>
          </CountLink>
        </li>
      ))}
    </ul>
  );
}
