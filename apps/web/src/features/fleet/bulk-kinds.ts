import type { Permission } from '@fleetdeck/shared/permissions';

/**
 * The bulk actions the table offers, with the permission each needs (the server's guard is the
 * same matrix) and whether it cannot be undone.
 */
export const BULK_KINDS = ['annotate', 'move', 'disable', 'reenable', 'deprovision', 'command'] as const;
export type BulkKind = (typeof BULK_KINDS)[number];

export interface BulkKindInfo {
  readonly label: string;
  readonly title: string;
  readonly permission: Permission;
  readonly destructive: boolean;
}

export const BULK_KIND_INFO: Readonly<Record<BulkKind, BulkKindInfo>> = {
  annotate: {
    label: 'Edit fields…',
    title: 'Edit fields',
    permission: 'device.annotate',
    destructive: false,
  },
  move: {
    label: 'Move to OU…',
    title: 'Move to an organizational unit',
    permission: 'device.move',
    destructive: false,
  },
  disable: {
    label: 'Disable…',
    title: 'Disable devices',
    permission: 'device.command',
    destructive: false,
  },
  reenable: {
    label: 'Re-enable…',
    title: 'Re-enable devices',
    permission: 'device.command',
    destructive: false,
  },
  deprovision: {
    label: 'Deprovision…',
    title: 'Deprovision devices',
    permission: 'device.deprovision',
    destructive: true,
  },
  command: {
    label: 'Issue a command…',
    title: 'Issue a remote command',
    permission: 'device.command',
    destructive: false,
  },
};
