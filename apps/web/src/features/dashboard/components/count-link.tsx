import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn.ts';
import { fleetHref } from '../fleet-link.ts';

/** A dashboard number or segment that opens the fleet table filtered to exactly what it counts. */
export function CountLink({
  query,
  label,
  className,
  children,
}: {
  query: string | null;
  /** Accessible name: what the devices behind the link are. */
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const href = fleetHref(query);
  if (!href) return <span className={className}>{children}</span>;
  return (
    <Link
      to={href}
      aria-label={label}
      className={cn(
        'rounded-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        className,
      )}
    >
      {children}
    </Link>
  );
}
