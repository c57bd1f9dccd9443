import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn.ts';
import { fleetHref } from '../fleet-link.ts';

/**
 * A dashboard number or segment that opens the fleet table filtered to exactly what it counts.
 * Named by its content (what is seen is what is read: WCAG 2.5.3); callers add the words a screen
 * reader needs ("devices", "reach AUE in") as visually hidden text.
 */
export function CountLink({
  query,
  className,
  children,
}: {
  query: string | null;
  className?: string;
  children: ReactNode;
}) {
  const href = fleetHref(query);
  if (!href) return <span className={className}>{children}</span>;
  return (
    <Link
      to={href}
      className={cn(
        'rounded-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        className,
      )}
    >
      {children}
    </Link>
  );
}
