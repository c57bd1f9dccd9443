import { describe, expect, it } from 'vitest';
import type { PlanDeviceState } from '@fleetdeck/shared/plan-contract';
import { turnSpacingMs } from './plan-budget.ts';
import { decide, partApplied, type DeviceNow } from './plan-run-checks.ts';
import { partLeft } from './plan-run.repository.ts';
import { reverseOf } from './plan-undo.ts';

const before: PlanDeviceState = {
  orgUnitPath: '/Students/Grade 5',
  annotatedAssetId: 'A-1',
  annotatedLocation: null,
  annotatedUser: 'ana',
  notes: null,
  status: 'ACTIVE',
};
const now = (changes: Partial<DeviceNow> = {}): DeviceNow => ({ ...before, ...changes });
const everywhere = () => true;

describe('what a run decides for a device before its call', () => {
  it('sends a change to a device as the plan saw it, by parts: OU and fields, then status', () => {
    const item = {
      before,
      change: { orgUnitPath: '/Students/Grade 6', status: 'disable' as const },
      write_done: false,
    };
    expect(partLeft(item)).toBe('move');
    expect(partLeft({ ...item, change: { ...item.change, notes: 'x' } })).toBe('patch');
    expect(partLeft({ ...item, write_done: true })).toBe('status');
    expect(decide(item, now(), everywhere)).toEqual({ kind: 'send' });
  });

  it('skips a device changed since the plan was made, saying what changed, and one gone or outside the units', () => {
    const item = { before, change: { orgUnitPath: '/Students/Grade 6' }, write_done: false };
    const moved = decide(item, now({ orgUnitPath: '/Staff' }), everywhere);
    expect(moved).toEqual({
      kind: 'skip',
      message: expect.stringContaining('OU is "/Staff", the plan saw "/Students/Grade 5"') as string,
    });
    expect(decide(item, undefined, everywhere)).toMatchObject({
      kind: 'skip',
      message: expect.stringContaining('no longer lists'),
    });
    const onlyGrade5 = (path: string | null) => path === '/Students/Grade 5';
    expect(decide(item, now(), onlyGrade5)).toMatchObject({
      kind: 'skip',
      message: expect.stringContaining('Outside the units'),
    });
  });

  it('counts a part as done when the device already is as asked (paths in any case, null as empty)', () => {
    const item = { before, change: { orgUnitPath: '/students/grade 6', notes: '' }, write_done: false };
    expect(partApplied(item.change, 'patch', now({ orgUnitPath: '/Students/Grade 6' }))).toBe(true);
    expect(decide(item, now({ orgUnitPath: '/Students/Grade 6' }), everywhere)).toEqual({ kind: 'applied' });
    expect(partApplied({ status: 'disable' }, 'status', now({ status: 'DISABLED' }))).toBe(true);
    expect(partApplied({ status: 'reenable' }, 'status', now({ status: 'DISABLED' }))).toBe(false);
  });
});

describe('the reverse of a change for undo', () => {
  const item = {
    item_no: 1,
    row_no: 2,
    key_input: 'd1',
    device_id: 'd1',
    serial_number: 'S1',
    before,
    change: { orgUnitPath: '/Students/Grade 6', notes: 'Loaned', status: 'disable' as const },
    run_state: 'succeeded',
    write_done: true,
  };
  const scope = { allowedOuPaths: ['/'], inUnits: () => true };
  const units = (path: string) => path;

  it('puts back exactly what the plan changed', () => {
    const after = now({ orgUnitPath: '/Students/Grade 6', notes: 'Loaned', status: 'DISABLED' });
    expect(reverseOf(item, after, scope, units)).toMatchObject({
      outcome: 'change',
      change: { orgUnitPath: '/Students/Grade 5', notes: '', status: 'reenable' },
    });
    // A status part that failed leaves only the OU and notes to put back.
    expect(
      reverseOf({ ...item, run_state: 'failed' }, { ...after, status: 'ACTIVE' }, scope, units),
    ).toMatchObject({
      change: { orgUnitPath: '/Students/Grade 5', notes: '' },
    });
  });

  it('leaves a device changed since, one gone, one outside the units, and a unit that no longer exists', () => {
    const after = now({ orgUnitPath: '/Students/Grade 6', notes: 'Edited by hand', status: 'DISABLED' });
    expect(reverseOf(item, after, scope, units)).toMatchObject({
      outcome: 'changed_since',
      reason: expect.stringContaining('notes is "Edited by hand", the plan set "Loaned"'),
      change: null,
    });
    expect(reverseOf(item, undefined, scope, units)).toMatchObject({ outcome: 'not_found' });
    expect(reverseOf(item, after, { ...scope, inUnits: () => false }, units)).toMatchObject({
      outcome: 'out_of_scope',
      deviceId: null,
    });
    const done = now({ orgUnitPath: '/Students/Grade 6', notes: 'Loaned', status: 'DISABLED' });
    expect(reverseOf(item, done, scope, () => undefined)).toMatchObject({ outcome: 'invalid' });
  });
});

describe('the spacing of the write budget', () => {
  it('spaces turns by the window over the rate, with a margin of 5 % up to 25 ms', () => {
    expect(turnSpacingMs(60)).toBe(1_025);
    expect(turnSpacingMs(2_400)).toBeCloseTo(26.25);
    expect(turnSpacingMs(12, 6_000)).toBe(525);
  });
});
