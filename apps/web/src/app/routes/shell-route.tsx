import { Outlet, useLocation, useMatches } from 'react-router';
import { AppShell } from '../../components/layout/app-shell.tsx';
import { NotFoundPanel } from '../../components/errors/not-found-panel.tsx';
import { AccountMenu } from '../../features/auth/components/account-menu.tsx';
import type { AppRouteHandle } from '../route-helpers.ts';

/** The shell around every page; public pages (landing, sign-in) get the quieter variant. */
export function ShellLayout() {
  const matches = useMatches();
  const variant = matches.reduce<'app' | 'public'>((current, match) => {
    const handle = match.handle as AppRouteHandle | undefined;
    return handle?.shell ?? current;
  }, 'app');
  return (
    <AppShell variant={variant} userMenu={<AccountMenu />}>
      <Outlet />
    </AppShell>
  );
}

/** Unmatched paths: a non-fatal `Page not found` inside the shell (seed §2). */
export function NotFoundRoute() {
  const { pathname } = useLocation();
  return <NotFoundPanel pathname={pathname} />;
}
