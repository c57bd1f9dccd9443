import type { BulkPreview } from '@fleetdeck/shared/device-contract';
import type { BulkKind } from './bulk-kinds.ts';
import { formatCount } from './format.ts';

/**
 * What a bulk action's preview and its button say. The action is sent to every device targeted
 * (Google treats a repeat as a no-op), so the button and the typed count name the devices
 * targeted, and the preview says how many of them change and which are already as asked.
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

export interface BulkWording {
  /** "5 devices targeted" */
  readonly targeted: string;
  /** "3 will be disabled" */
  readonly changing: string;
  /** "2 already disabled: no change", or null when every device changes. */
  readonly unchanged: string | null;
  /** The button: "Disable 5 targeted devices" ("Disable 5 devices" when every one changes). */
  readonly confirm: string;
  /** Why the typed count is the number targeted, when some of them do not change. */
  readonly typedCountNote: string | null;
}

/** Why: one place words the numbers, so the button never claims more changes than the preview. */
export function bulkWording(
  kind: BulkKind,
  preview: Pick<BulkPreview, 'deviceCount' | 'unchanged' | 'diff' | 'requiresTypedCount'>,
): BulkWording {
  const { deviceCount, unchanged } = preview;
  const some = unchanged > 0;
  const already = alreadyAsAsked(kind, preview);
  return {
    targeted: `${devices(deviceCount)} targeted`,
    changing: `${formatCount(deviceCount - unchanged)} ${CHANGES[kind]}`,
    unchanged: some ? `${formatCount(unchanged)} ${already}: no change` : null,
    confirm: `${VERBS[kind]} ${formatCount(deviceCount)} ${some ? 'targeted ' : ''}${
      deviceCount === 1 ? 'device' : 'devices'
    }`,
    typedCountNote:
      preview.requiresTypedCount && some
        ? `The count to type is every device targeted, including the ${formatCount(unchanged)} ${already}.`
        : null,
  };
}
