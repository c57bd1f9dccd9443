import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Check } from 'lucide-react';
import { Card } from '../../../components/ui/card.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { cn } from '../../../lib/cn.ts';

export type StepState = 'done' | 'current' | 'upcoming';

/**
 * One numbered onboarding step; only the current one shows its controls. A current step whose work
 * just finished (`finished`: the first sync succeeded on this page) reads as done and keeps its
 * controls (the result, the way on).
 */
export function StepCard({
  index,
  icon: Icon,
  title,
  state,
  finished = false,
  summary,
  children,
}: {
  index: number;
  icon: LucideIcon;
  title: string;
  state: StepState;
  finished?: boolean;
  summary: ReactNode;
  children?: ReactNode;
}) {
  const done = state === 'done' || finished;
  return (
    <li aria-current={state === 'current' ? 'step' : undefined}>
      {/* An upcoming step is drawn, not faded: faded text would fall below 4.5:1 contrast. */}
      <Card
        className={cn('flex gap-4 p-5', state === 'upcoming' && 'border-dashed bg-transparent shadow-none')}
      >
        <div
          className={cn(
            'flex size-10 shrink-0 items-center justify-center rounded-full',
            done
              ? 'bg-success-subtle text-success-subtle-foreground'
              : 'bg-accent-subtle text-accent-subtle-foreground',
          )}
        >
          {done ? (
            <Check className="size-5" aria-hidden="true" />
          ) : (
            <Icon className="size-5" aria-hidden="true" />
          )}
        </div>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-xs font-medium text-muted-foreground">Step {index}</span>
            {done ? <Badge tone="success">Done</Badge> : null}
            {state === 'current' && !done ? <Badge tone="accent">Now</Badge> : null}
          </div>
          <h2 className="mt-1 text-base font-semibold">{title}</h2>
          <div className="mt-1 text-sm text-muted-foreground">{summary}</div>
          {state === 'current' && children ? <div className="mt-4">{children}</div> : null}
        </div>
      </Card>
    </li>
  );
}
