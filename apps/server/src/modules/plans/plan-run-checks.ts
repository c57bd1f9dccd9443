import type { PlanChange, PlanDeviceState } from '@fleetdeck/shared/plan-contract';
import { partLeft, TEXT_FIELDS, type RunItem } from './plan-run.repository.ts';

/**
 * What the runner decides for a device just before its call, from the device as it is now (our
 * copy before sending; Google's own answer when a call's outcome is unknown): send it, skip it
 * (gone, outside the units of the member who started the run, changed since the plan was made),
 * or count the part as done because the device already is as the plan asks. Pure, unit-tested.
 */

export interface DeviceNow {
  readonly orgUnitPath: string | null;
  readonly annotatedAssetId: string | null;
  readonly annotatedLocation: string | null;
  readonly annotatedUser: string | null;
  readonly notes: string | null;
  readonly status: string | null;
}

export type Part = 'move' | 'patch' | 'status';

/** Google's status after a plan's status change. */
export function statusAfter(action: PlanChange['status']): string | undefined {
  if (action === 'disable') return 'DISABLED';
  if (action === 'reenable') return 'ACTIVE';
  return undefined;
}

const FIELD_WORDS: Readonly<Record<string, string>> = {
  orgUnitPath: 'OU',
  annotatedAssetId: 'asset ID',
  annotatedLocation: 'location',
  annotatedUser: 'user',
  notes: 'notes',
  status: 'status',
};

/** The fields one part of a change sets, with the value each is set to. */
export function partTargets(change: PlanChange, part: Part): [keyof DeviceNow, string][] {
  if (part === 'status') {
    const status = statusAfter(change.status);
    return status ? [['status', status]] : [];
  }
  const targets: [keyof DeviceNow, string][] = [];
  if (change.orgUnitPath !== undefined) targets.push(['orgUnitPath', change.orgUnitPath]);
  for (const field of TEXT_FIELDS) {
    const value = change[field];
    if (value !== undefined) targets.push([field, value]);
  }
  return targets;
}

function same(field: keyof DeviceNow, a: string | null | undefined, b: string | null | undefined): boolean {
  const left = a ?? '';
  const right = b ?? '';
  return field === 'orgUnitPath' ? left.toLowerCase() === right.toLowerCase() : left === right;
}

const shown = (value: string | null | undefined) => (value ? `"${value}"` : 'empty');

/** Whether Google (or our copy) already holds what this part sets. */
export function partApplied(change: PlanChange, part: Part, now: DeviceNow): boolean {
  return partTargets(change, part).every(([field, value]) => same(field, now[field], value));
}

export type Decision =
  | { readonly kind: 'send' }
  | { readonly kind: 'applied' }
  | { readonly kind: 'skip'; readonly message: string };

/**
 * Why: a plan is a snapshot; a device changed since it was made (by someone else, a sync, another
 * plan) is not overwritten, and one already as asked is not written again.
 */
export function decide(
  item: Pick<RunItem, 'change' | 'write_done' | 'before'>,
  now: DeviceNow | undefined,
  inRunnerUnits: (path: string | null) => boolean,
): Decision {
  const part = partLeft(item);
  if (part === null) return { kind: 'applied' };
  if (!now) return { kind: 'skip', message: 'Google no longer lists this device, so nothing was sent.' };
  if (!inRunnerUnits(now.orgUnitPath) || (item.change.orgUnitPath && !inRunnerUnits(item.change.orgUnitPath)))
    return {
      kind: 'skip',
      message: 'Outside the units of the member who started the run now, so nothing was sent.',
    };
  if (partApplied(item.change, part, now)) return { kind: 'applied' };
  const before: PlanDeviceState = item.before;
  const moved = partTargets(item.change, part).filter(
    ([field, value]) => !same(field, now[field], value) && !same(field, now[field], before[field]),
  );
  if (moved.length > 0) {
    const what = moved
      .map(
        ([field]) =>
          `${FIELD_WORDS[field] ?? field} is ${shown(now[field])}, the plan saw ${shown(before[field])}`,
      )
      .join('; ');
    const done = item.write_done ? ' Its OU and fields were changed by this plan; its status was not.' : '';
    return {
      kind: 'skip',
      message: `Changed since the plan was made (${what}), so it was left as it is.${done}`,
    };
  }
  return { kind: 'send' };
}
