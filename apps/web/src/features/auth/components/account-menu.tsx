import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { LogIn } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { menuOnDemand } from '../../../components/ui/menu-on-demand.tsx';
import { signOut, type SignOutScope } from '../../../lib/auth/sign-out.ts';
import { useAuthSession } from '../../../lib/auth/use-auth-session.ts';

const AccountMenuOnDemand = menuOnDemand(() => import('./account-menu-panel.tsx'));

function initials(name: string, email: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 0 ? parts.map((part) => part[0]).join('') : email[0];
  return (letters ?? '?').slice(0, 2).toUpperCase();
}

/** The account slot of the top bar: the way in, or who is signed in and the ways out. */
export function AccountMenu() {
  const { pathname } = useLocation();
  const { ready, session } = useAuthSession();
  const [failed, setFailed] = useState<string>();
  if (!ready) return null;
  if (!session) {
    if (pathname === '/login') return null;
    return (
      <Button asChild variant="secondary" size="sm">
        <Link to="/login">
          <LogIn aria-hidden="true" />
          Sign in
        </Link>
      </Button>
    );
  }
  const { user } = session;
  const leave = (scope: SignOutScope) => {
    signOut(scope).catch((error: unknown) =>
      setFailed(error instanceof Error ? error.message : 'Sign-out failed.'),
    );
  };
  // The button is named by its text ("Account: Dana Whitaker"), the name shown from the lg width on.
  return (
    <AccountMenuOnDemand
      user={user}
      failed={failed}
      leave={leave}
      trigger={
        <Button variant="ghost" size="sm" className="gap-2">
          <span className="sr-only">Account: </span>
          <span
            aria-hidden="true"
            className="flex size-7 items-center justify-center rounded-full bg-accent-subtle text-xs font-semibold text-accent-subtle-foreground"
          >
            {initials(user.name, user.email)}
          </span>
          <span className="sr-only lg:not-sr-only lg:max-w-40 lg:truncate">{user.name || user.email}</span>
        </Button>
      }
    />
  );
}
