import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { KeyRound, Link2, RefreshCcw, ScrollText, SquareTerminal, Users } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';

const SECTIONS = [
  { to: '/settings/team', label: 'Team', icon: Users },
  { to: '/settings/security', label: 'Sign-in and security', icon: KeyRound },
  { to: '/settings/google', label: 'Google connection', icon: Link2 },
  { to: '/settings/sync', label: 'Sync', icon: RefreshCcw },
  { to: '/settings/audit', label: 'Audit log', icon: ScrollText },
  { to: '/settings/api-tokens', label: 'API tokens', icon: SquareTerminal },
] as const;

/**
 * The settings sections as links (each has its own URL), styled like tabs. On a phone they scroll
 * sideways, and the active one is scrolled into view (the page scrolls not at all).
 */
export function SettingsNav() {
  const { pathname } = useLocation();
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    const bar = nav.current;
    const active = bar?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!bar || !active) return;
    const start = active.offsetLeft - bar.offsetLeft;
    if (start < bar.scrollLeft || start + active.offsetWidth > bar.scrollLeft + bar.clientWidth)
      bar.scrollLeft = start - (bar.clientWidth - active.offsetWidth) / 2;
  }, [pathname]);
  return (
    <nav
      ref={nav}
      aria-label="Settings sections"
      className="mb-6 flex gap-1 overflow-x-auto border-b border-border"
    >
      {SECTIONS.map(({ to, label, icon: Icon }) => (
        <NavLink
          key={to}
          to={to}
          className={({ isActive }) =>
            cn(
              '-mb-px inline-flex items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors [&_svg]:size-4',
              isActive
                ? 'border-accent text-foreground'
                : 'border-transparent text-muted-foreground hover:text-foreground',
            )
          }
        >
          <Icon aria-hidden="true" />
          {label}
        </NavLink>
      ))}
    </nav>
  );
}
