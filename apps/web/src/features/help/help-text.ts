import type { TileKey } from '@fleetdeck/shared/dashboard-contract';
import type { MemberRole, Permission } from '@fleetdeck/shared/permissions';

/**
 * The words of Fleetdeck's own help that the code cannot say by itself: what each permission lets
 * a member do, what each role is for, and what each dashboard figure counts. The tables beside
 * them (operators, roles × permissions, tiles) come from the same catalogs the server enforces,
 * so the help lists every one; help-text.test.ts fails when a new one has no words here.
 */

export const ROLE_WORDS: Readonly<Record<MemberRole, { readonly label: string; readonly purpose: string }>> =
  {
    owner: {
      label: 'Owner',
      purpose:
        'Everything, on every unit Fleetdeck manages; replaces the Google grant and transfers ownership. There is always at least one.',
    },
    admin: {
      label: 'Admin',
      purpose:
        'Everything but the owner’s decisions: devices, bulk actions, policies, the team, sync and the audit log.',
    },
    technician: {
      label: 'Technician',
      purpose: 'Looks devices up, edits their details, moves them and sends commands; runs a sync.',
    },
    viewer: {
      label: 'Viewer',
      purpose: 'Looks only: the fleet, device pages, the dashboard and the policy debugger.',
    },
  };

export const PERMISSION_WORDS: Readonly<Record<Permission, string>> = {
  'fleet.read': 'See the fleet table, device pages and the dashboard',
  'device.annotate': 'Edit a device’s asset ID, user, location and notes',
  'device.move': 'Move devices to another organizational unit',
  'device.command': 'Send remote commands (reboot, screenshot, powerwash…) and disable or re-enable',
  'device.deprovision': 'Deprovision devices',
  'policy.read': 'Use the policy debugger',
  'policy.edit': 'Change a unit’s policy (the message a disabled device shows)',
  'members.read': 'See who is on the team',
  'members.manage': 'Invite, approve, change roles and units, remove members',
  'settings.manage': 'Change the organization’s settings (sync schedule, costs, domain rule)',
  'sync.run': 'Start a sync',
  'audit.read': 'Read and export the audit log',
};

/** Every tile counts devices in service (status Active); the tile opens the table on that query. */
export const TILE_WORDS: Readonly<Record<TileKey, string>> = {
  active7: 'Synced with Google in the last 7 days: in use this week.',
  active30: 'Synced with Google in the last 30 days.',
  ghost30: 'Not synced for 30 days or more (or never): lost, in a drawer, or broken.',
  ghost90: 'Not synced for 90 days or more (or never): candidates to find or deprovision.',
  compliant: 'Google reports their ChromeOS version as compliant with your update policy.',
  aueExpired: 'Past their Auto Update Expiration: they get no more ChromeOS updates.',
  aue6m: 'Reaching their Auto Update Expiration within 6 months.',
  aue12m: 'Reaching their Auto Update Expiration within 12 months.',
  batteryReplaceSoon: 'Google rates the battery as “replace soon”.',
  batteryReplaceNow: 'Google rates the battery as “replace now”.',
  lowStorage: 'Less than 10 % of their storage free.',
  devMode: 'Booted in developer mode: verified boot is off, the OS can be modified.',
};

/** The dashboard's cards and charts, top to bottom. */
export const DASHBOARD_CARDS: readonly { readonly title: string; readonly text: string }[] = [
  {
    title: 'As of the last sync',
    text: 'Every figure is Fleetdeck’s copy of Google’s data, as of the last finished sync; a member limited to some units sees those units only (“Counting only your units”).',
  },
  {
    title: 'Devices by status',
    text: 'Every device Fleetdeck has copied, by Google’s status (Active, Pre-provisioned, Disabled, Deprovisioned…). “In service” means Active; every other figure counts in-service devices only.',
  },
  {
    title: 'Needs attention',
    text: 'Google’s own counts: no recent policy sync, no recent user activity, OS version not compliant and more; “recent” means the last 28 days.',
  },
  {
    title: 'OS compliance and battery health',
    text: 'How Google rates each in-service device’s ChromeOS version and battery; “Not reported” is a device that has not said.',
  },
  {
    title: 'Auto Update Expiration by school year',
    text: 'In-service devices by the school year (July to June) their updates end, and what replacing those reaching it this school year and the next three costs at the prices in the cost editor.',
  },
  {
    title: 'OS versions',
    text: 'In-service devices by ChromeOS major version, against the newest version a device of yours runs (taken as the current stable release): current, one behind, or more.',
  },
  { title: 'Models', text: 'The ten most common models among in-service devices.' },
  {
    title: 'Trends',
    text: 'One point per day, recorded by each sync: in service and active in 7 days, OS compliance, battery health. Each chart has its figures as a table too.',
  },
];
