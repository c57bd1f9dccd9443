import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn.ts';
import { fleetHref, formatCount, formatShare } from '../fleet-link.ts';

export type TileTone = 'neutral' | 'good' | 'warning' | 'danger';

const TONES: Record<TileTone, string> = {
  neutral: 'text-foreground',
  good: 'text-success-subtle-foreground',
  warning: 'text-warning-subtle-foreground',
  danger: 'text-danger',
};

/** One tile: a count with its share of the devices in service, linking to the devices it counts. */
export function StatTile({
  icon: Icon,
  label,
  count,
  of,
  query,
  tone = 'neutral',
  testId,
}: {
  icon: LucideIcon;
  label: string;
  count: number;
  of: number;
  query: string | null;
  tone?: TileTone;
  testId: string;
}) {
  const href = fleetHref(query);
  const body = (
    <>
      <span className="flex items-center justify-between gap-2 text-sm font-medium text-muted-foreground">
        {label}
        <Icon className="size-4 shrink-0" aria-hidden="true" />
      </span>
      <span className="flex flex-wrap items-baseline gap-x-2">
        <span
          className={cn('text-2xl font-semibold tracking-tight tabular-nums', count > 0 && TONES[tone])}
          data-testid={`${testId}-count`}
        >
          {formatCount(count)}
        </span>
        <span className="sr-only">devices</span>
        <span className="text-xs text-muted-foreground tabular-nums">
          {formatShare(count, of)} of in service
        </span>
      </span>
    </>
  );
  const className =
    'flex h-full flex-col gap-2 rounded-lg border border-border bg-surface p-4 shadow-card transition-colors';
  if (!href) return <div className={className}>{body}</div>;
  return (
    <Link
      to={href}
      data-testid={testId}
      className={cn(
        className,
        'hover:border-accent/60 hover:bg-muted/40 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
      )}
    >
      {body}
    </Link>
  );
}
