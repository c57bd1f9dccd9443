import { Outlet, useLocation, useMatches } from 'react-router';
import { AppShell } from '../../components/layout/app-shell.tsx';
import { InvalidAddressPanel, NotFoundPanel } from '../../components/errors/not-found-panel.tsx';
import { AccountMenu } from '../../features/auth/components/account-menu.tsx';
import { useAuthSession } from '../../lib/auth/use-auth-session.ts';
import type { AppRouteHandle, InvalidParamsData } from '../route-helpers.ts';

/**
 * The shell around every page; public pages (landing, sign-in) get the quieter variant, and so
 * does a page without a variant of its own (an unknown path) for a signed-out visitor.
 */
export function ShellLayout() {
  const matches = useMatches();
  const { ready, session } = useAuthSession();
  const handles = matches.map((match) => match.handle as AppRouteHandle | undefined);
  const declared = handles.reduce<'app' | 'public' | undefined>(
    (current, handle) => handle?.shell ?? current,
    undefined,
  );
  const variant = declared ?? (ready && !session ? 'public' : 'app');
  const width = handles.some((handle) => handle?.width === 'full') ? 'full' : 'default';
  return (
    <AppShell variant={variant} width={width} userMenu={<AccountMenu />}>
      <Outlet />
    </AppShell>
  );
}

/** Unmatched paths: a non-fatal `Page not found` inside the shell (seed §2). */
export function NotFoundRoute() {
  const { pathname } = useLocation();
  const { session } = useAuthSession();
  return <NotFoundPanel pathname={pathname} signedIn={session !== null} />;
}

/** A member's 404 for an address whose params fail validation: the shell, its navigation, the panel. */
export function InvalidAddressInShell(data: InvalidParamsData) {
  return (
    <AppShell variant="app" userMenu={<AccountMenu />}>
      <InvalidAddressPanel {...data} />
    </AppShell>
  );
}
