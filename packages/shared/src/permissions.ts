/**
 * Who may do what in Fleetdeck. The server enforces this matrix on every route; the web app
 * imports it to hide or disable what a role cannot do. Plain data, no schema library.
 */

export const MEMBER_ROLES = ['owner', 'admin', 'technician', 'viewer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const PERMISSIONS = [
  'fleet.read',
  'device.annotate',
  'device.move',
  'device.command',
  'device.deprovision',
  'policy.read',
  /** Write Chrome policies of an OU (today: the disabled-device return message); every device below it follows. */
  'policy.edit',
  'members.read',
  'members.manage',
  'settings.manage',
  'sync.run',
  'audit.read',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const EVERYTHING: readonly Permission[] = PERMISSIONS;

/** The matrix: owners and admins do everything; technicians fix devices; viewers only look. */
export const ROLE_PERMISSIONS: Readonly<Record<MemberRole, readonly Permission[]>> = {
  owner: EVERYTHING,
  admin: EVERYTHING,
  technician: [
    'fleet.read',
    'device.annotate',
    'device.move',
    'device.command',
    'policy.read',
    'members.read',
    'sync.run',
  ],
  viewer: ['fleet.read', 'policy.read'],
};

/** Why: one answer for server guards and UI affordances, so they never disagree. */
export function roleCan(role: MemberRole | undefined, permission: Permission): boolean {
  return role !== undefined && ROLE_PERMISSIONS[role].includes(permission);
}

/** Why: only owners may create or remove owners; admins manage everyone else. */
export function canAssignRole(actor: MemberRole, target: MemberRole): boolean {
  if (!roleCan(actor, 'members.manage')) return false;
  return target !== 'owner' || actor === 'owner';
}
