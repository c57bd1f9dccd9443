import { describe, expect, it } from 'vitest';
import { approveBlockedReason, describeChange, planActions } from './plan-wording.ts';

const before = {
  orgUnitPath: '/Grade 5',
  annotatedAssetId: null,
  annotatedLocation: 'Room 1',
  annotatedUser: null,
  notes: null,
  status: 'ACTIVE',
};

describe('describeChange', () => {
  it('shows each changed field as current → new, a cleared one as empty', () => {
    expect(
      describeChange(before, { orgUnitPath: '/Grade 6', annotatedLocation: '', status: 'disable' }),
    ).toEqual([
      { field: 'OU', from: '/Grade 5', to: '/Grade 6' },
      { field: 'Location', from: 'Room 1', to: '(empty)' },
      { field: 'Status', from: 'ACTIVE', to: 'Disabled' },
    ]);
    expect(describeChange(null, null)).toEqual([]);
  });
});

describe('planActions', () => {
  const caller = (isAuthor: boolean) => ({ isAuthor, canApprove: !isAuthor, whyNot: null });
  it('offers sending to the author of a draft, approving while it waits, cancelling before it runs', () => {
    expect(planActions({ state: 'draft', caller: caller(true) }, false)).toEqual({
      submit: true,
      approve: false,
      cancel: true,
    });
    expect(planActions({ state: 'draft', caller: caller(false) }, false)).toEqual({
      submit: false,
      approve: false,
      cancel: false,
    });
    expect(planActions({ state: 'awaiting_approval', caller: caller(false) }, true)).toEqual({
      submit: false,
      approve: true,
      cancel: true,
    });
    expect(planActions({ state: 'done', caller: caller(true) }, true)).toEqual({
      submit: false,
      approve: false,
      cancel: false,
    });
  });
});

describe('approveBlockedReason', () => {
  it('gives the server’s reason, or the four-eyes rule to the author', () => {
    expect(approveBlockedReason({ caller: { isAuthor: false, canApprove: true, whyNot: null } })).toBeNull();
    expect(
      approveBlockedReason({ caller: { isAuthor: true, canApprove: false, whyNot: 'You made this plan.' } }),
    ).toBe('You made this plan.');
    expect(approveBlockedReason({ caller: { isAuthor: true, canApprove: false, whyNot: null } })).toMatch(
      /second member/,
    );
  });
});
