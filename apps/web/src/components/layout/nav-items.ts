import { ClipboardCheck, LayoutDashboard, Laptop, ListTree, Settings, type LucideIcon } from 'lucide-react';
import { APP_ROUTES } from '@fleetdeck/shared/app-routes';
import { roleCan, type MemberRole, type Permission } from '@fleetdeck/shared/permissions';

export interface NavItem {
  readonly label: string;
  readonly to: string;
  readonly icon: LucideIcon;
  /** Also active below this path (the device page belongs to Fleet status). */
  readonly activePrefixes?: readonly string[];
  /** Shown only to roles that hold it (the server refuses the page's API to the others). */
  readonly requires?: Permission;
}

/** The primary navigation, in the order admins reach for it. */
export const PRIMARY_NAV: readonly NavItem[] = [
  { label: 'Dashboard', to: APP_ROUTES.dashboard, icon: LayoutDashboard },
  { label: 'Fleet status', to: APP_ROUTES.fleetStatus, icon: Laptop, activePrefixes: ['/devices/'] },
  { label: 'Policy debugger', to: APP_ROUTES.debugPolicy, icon: ListTree },
  // Making and approving plans both need device.annotate: viewers never see plans.
  { label: 'Change plans', to: APP_ROUTES.plans, icon: ClipboardCheck, requires: 'device.annotate' },
];

/** Why: a link a role could only follow to a refusal is not shown to it. */
export function navItemsFor(items: readonly NavItem[], role: MemberRole | undefined): NavItem[] {
  return items.filter((item) => item.requires === undefined || roleCan(role, item.requires));
}

export const SETTINGS_NAV: NavItem = {
  label: 'Settings',
  to: APP_ROUTES.settings,
  icon: Settings,
  activePrefixes: ['/settings/'],
};

/** Why: NavLink alone would not highlight Fleet status while a device page is open. */
export function isNavItemActive(item: NavItem, pathname: string): boolean {
  if (pathname === item.to || pathname.startsWith(`${item.to}/`)) return true;
  return (item.activePrefixes ?? []).some((prefix) => pathname.startsWith(prefix));
}
