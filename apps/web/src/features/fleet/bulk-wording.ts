import type { BulkPreview } from '@fleetdeck/shared/bulk-contract';
import type { BulkKind } from './bulk-kinds.ts';
import { formatCount } from './format.ts';

/**
 * What a bulk action's preview and its button say. Only the devices that will change are sent to
 * Google (Google refuses some repeats, such as disabling a deprovisioned device or re-enabling an
 * active one), so the button and the typed count name the devices that will change, and the
 * preview says which are already as asked and which are not eligible, and why.
 */

const VERBS: Readonly<Record<BulkKind, string>> = {
  annotate: 'Edit',
  move: 'Move',
  disable: 'Disable',
  reenable: 'Re-enable',
  deprovision: 'Deprovision',
  command: 'Send the command to',
};

const CHANGES: Readonly<Record<BulkKind, string>> = {
  annotate: 'will change',
  move: 'will move',
  disable: 'will be disabled',
  reenable: 'will be re-enabled',
  deprovision: 'will be deprovisioned',
  command: 'will get the command',
};

function devices(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'device' : 'devices'}`;
}

/** "already disabled", "already in /Riverbend/North High": what the unchanged devices already are. */
function alreadyAsAsked(kind: BulkKind, preview: Pick<BulkPreview, 'diff'>): string {
  switch (kind) {
    case 'move': {
      const path = preview.diff.find((change) => change.field === 'orgUnitPath')?.after;
      return path ? `already in ${path}` : 'already in that unit';
    }
    case 'disable':
      return 'already disabled';
    case 'reenable':
      return 'already active';
    case 'deprovision':
      return 'already deprovisioned';
    default:
      return 'already have these values';
  }
}

export type BulkWordingPreview = Pick<
  BulkPreview,
  'deviceCount' | 'changeCount' | 'unchanged' | 'ineligible' | 'diff' | 'requiresTypedCount'
>;

export interface BulkWording {
  /** "5 devices targeted" */
  readonly targeted: string;
  /** "3 will be disabled" */
  readonly changing: string;
  /** "2 already disabled: no change", or null when none is. */
  readonly unchanged: string | null;
  /** "1 skipped: deprovisioned devices cannot be disabled", one per reason. */
  readonly ineligible: readonly string[];
  /** The button: "Disable 3 devices". */
  readonly confirm: string;
  /** Why the button is disabled when nothing would change, or null. */
  readonly nothingToDo: string | null;
  /** Why the typed count is smaller than the number targeted, or null. */
  readonly typedCountNote: string | null;
}

/** Why: one place words the numbers, so the button never claims more changes than the preview. */
export function bulkWording(kind: BulkKind, preview: BulkWordingPreview): BulkWording {
  const { deviceCount, changeCount, unchanged } = preview;
  const already = alreadyAsAsked(kind, preview);
  const notSent = deviceCount - changeCount;
  return {
    targeted: `${devices(deviceCount)} targeted`,
    changing: `${formatCount(changeCount)} ${CHANGES[kind]}`,
    unchanged: unchanged > 0 ? `${formatCount(unchanged)} ${already}: no change` : null,
    ineligible: preview.ineligible.map((item) => `${formatCount(item.count)} skipped: ${item.reason}`),
    confirm: `${VERBS[kind]} ${devices(changeCount)}`,
    nothingToDo:
      deviceCount > 0 && changeCount === 0
        ? `Nothing to confirm: none of the ${devices(deviceCount)} targeted would change (each is already as asked or not eligible), so nothing would be sent to Google.`
        : null,
    typedCountNote:
      preview.requiresTypedCount && changeCount > 0 && notSent > 0
        ? `The count to type is the devices that will change; the other ${formatCount(notSent)} are not sent to Google.`
        : null,
  };
}

/** "the right to move devices": what the member who approves a plan must be allowed to do. */
const RIGHTS: Readonly<Record<BulkKind, string>> = {
  annotate: 'edit',
  move: 'move',
  disable: 'disable',
  reenable: 're-enable',
  deprovision: 'deprovision',
  command: 'send commands to',
};

export interface BulkStartWording {
  /** What starting does when it is not a plain run (a plan), said before the start; null for a run. */
  readonly note: string | null;
  /** The button when starting saves a plan; null to keep the run's. */
  readonly confirm: string | null;
}

/** What an approved plan does when run: apply and undo as any plan, or (what cannot be undone) one bulk run. */
function planRunWords(kind: BulkKind): string {
  if (kind === 'deprovision')
    return 'then running it deprovisions these devices as one bulk run. Deprovisioning cannot be undone.';
  if (kind === 'command')
    return 'then running it sends the command to each device once, as one bulk run. A device command cannot be undone.';
  return "then it runs within Google's write quota and can be undone.";
}

/**
 * Why: above the organization's plan threshold a start saves a plan a second member must approve
 * (a deprovision or a command too, run once approved as one bulk run); the dialog says so before the start.
 */
export function bulkStartWording(
  kind: BulkKind,
  preview: Pick<BulkPreview, 'changeCount' | 'planThreshold' | 'onStart'>,
): BulkStartWording {
  const { changeCount, planThreshold, onStart } = preview;
  if (onStart !== 'plan') return { note: null, confirm: null };
  const over = `${devices(changeCount)} is more than your organization's plan threshold of ${formatCount(planThreshold)}`;
  return {
    note: `${over}, so confirming saves a change plan instead of running it: a second member with the right to ${RIGHTS[kind]} devices must approve it, ${planRunWords(kind)} Nothing is sent to Google until then.`,
    confirm: `Save a plan for ${devices(changeCount)}`,
  };
}
