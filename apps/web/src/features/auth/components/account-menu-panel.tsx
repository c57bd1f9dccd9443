import { Link } from 'react-router';
import { LogOut, MonitorSmartphone, Settings } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import type { MenuPanelProps } from '../../../components/ui/menu-on-demand.tsx';
import type { SignOutScope } from '../../../lib/auth/sign-out.ts';
import type { AuthSession } from '../../../lib/auth/auth-session.ts';

const ROLE_LABELS = { owner: 'Owner', admin: 'Admin', technician: 'Technician', viewer: 'Viewer' } as const;

/** The account menu itself, loaded on demand (account-menu.tsx draws its button). */
export default function AccountMenuPanel({
  trigger,
  defaultOpen,
  user,
  failed,
  leave,
}: MenuPanelProps & {
  user: AuthSession['user'];
  failed: string | undefined;
  leave: (scope: SignOutScope) => void;
}) {
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent className="w-64">
        <DropdownMenuLabel className="flex flex-col gap-0.5">
          <span className="truncate text-sm font-semibold text-foreground">{user.name || user.email}</span>
          <span className="truncate">{user.email}</span>
          {user.organization ? (
            <span className="truncate" data-testid="account-organization">
              {user.organization.name} · {ROLE_LABELS[user.organization.role]}
            </span>
          ) : (
            <span>No organization yet</span>
          )}
        </DropdownMenuLabel>
        {failed ? (
          <p role="alert" className="px-2 pb-1 text-xs text-danger">
            {failed}
          </p>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/settings">
            <Settings aria-hidden="true" />
            Settings
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => leave('local')}>
          <LogOut aria-hidden="true" />
          Sign out of this device
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => leave('global')}>
          <MonitorSmartphone aria-hidden="true" />
          Sign out everywhere
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
