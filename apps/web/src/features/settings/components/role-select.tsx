import type { ComponentProps } from 'react';
import type { MemberRole } from '@fleetdeck/shared/permissions';
import { cn } from '../../../lib/cn.ts';

export const ROLE_LABELS: Record<MemberRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  technician: 'Technician',
  viewer: 'Viewer',
};

/** A native select of roles (keyboard and screen-reader friendly without a widget library). */
export function RoleSelect({
  roles,
  className,
  ...props
}: ComponentProps<'select'> & { roles: readonly MemberRole[] }) {
  return (
    <select
      className={cn(
        'h-9 rounded-md border border-input bg-surface px-2 text-sm text-foreground shadow-card focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-60',
        className,
      )}
      {...props}
    >
      {roles.map((role) => (
        <option key={role} value={role}>
          {ROLE_LABELS[role]}
        </option>
      ))}
    </select>
  );
}
