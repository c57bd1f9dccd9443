import { Link, useLocation } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { useAuthSession } from '../../lib/auth/use-auth-session.ts';
import { isNavItemActive, navItemsFor, type NavItem } from './nav-items.ts';

/** Navigation links; horizontal in the top bar, vertical in the mobile sheet. */
export function NavLinks({
  items,
  orientation = 'horizontal',
  onNavigate,
}: {
  items: readonly NavItem[];
  orientation?: 'horizontal' | 'vertical';
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  const { session } = useAuthSession();
  return (
    <ul className={cn('flex gap-1', orientation === 'vertical' && 'flex-col')}>
      {navItemsFor(items, session?.user.organization?.role).map((item) => {
        const active = isNavItemActive(item, pathname);
        const Icon = item.icon;
        return (
          <li key={item.to}>
            <Link
              to={item.to}
              onClick={onNavigate}
              aria-current={active ? 'page' : undefined}
              className={cn(
                'flex items-center gap-2 rounded-md px-3 text-sm font-medium transition-colors',
                orientation === 'horizontal' ? 'h-9' : 'h-10',
                active
                  ? 'bg-accent-subtle text-accent-subtle-foreground'
                  : 'text-muted-foreground hover:bg-muted hover:text-foreground',
              )}
            >
              <Icon className="size-4 shrink-0" aria-hidden="true" />
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
