import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * A box that scrolls (a wide table on a phone, a long list in a dialog), reachable and scrollable
 * from the keyboard: it takes the focus itself (WCAG 2.1.1; axe-core's scrollable-region-focusable)
 * and is named, so a screen reader says what it is when it gets there.
 */
export function ScrollRegion({ label, className, ...props }: ComponentProps<'div'> & { label: string }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={cn(
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        className,
      )}
      {...props}
    />
  );
}
