import { describe, expect, it } from 'vitest';
import type { ReturnMessageView } from '@fleetdeck/shared/device-contract';
import {
  disableRequest,
  effectiveChoice,
  messageProblem,
  returnMessageChoices,
  submitLabel,
  type DisableForm,
} from './return-message-choice.ts';

const OWN = 'Return to the North High front office.';
const PARENT = 'This Chromebook belongs to Riverbend. Return it to the district IT office.';

/** A unit that sets its own message, seen by an admin: the parent's message is previewed. */
const ownView: ReturnMessageView = {
  orgUnit: { id: 'ou-north', path: '/North High' },
  state: 'set',
  message: OWN,
  source: { path: '/North High', direct: true },
  error: null,
  canEdit: true,
  limit: 1000,
  parent: { orgUnitPath: '/', state: 'set', message: PARENT, sourcePath: '/', error: null },
};
const inheritedView: ReturnMessageView = {
  ...ownView,
  message: PARENT,
  source: { path: '/', direct: false },
  parent: null,
};
const form = (patch: Partial<DisableForm>): DisableForm => ({
  choice: 'keep',
  message: '',
  reason: '',
  note: '',
  ...patch,
});

describe("the Disable dialog's return message choice", () => {
  it("offers the parent unit's message only where the unit sets its own and the caller may edit", () => {
    expect(returnMessageChoices(ownView)).toEqual(['keep', 'change', 'inherit']);
    expect(returnMessageChoices(inheritedView)).toEqual(['keep', 'change']);
    expect(returnMessageChoices({ ...ownView, canEdit: false, parent: null })).toEqual([]);
    expect(returnMessageChoices({ ...ownView, state: 'unavailable', parent: null })).toEqual([]);
    expect(returnMessageChoices(undefined)).toEqual([]);
  });

  it("asks the server to use the parent's message before disabling, and says so on the button", () => {
    const inherit = form({ choice: 'inherit', reason: 'lost', note: ' bus 12 ' });
    expect(disableRequest(inherit, ownView)).toEqual({
      action: 'disable',
      reason: 'lost',
      note: 'bus 12',
      inheritOrgUnitReturnMessage: true,
    });
    expect(submitLabel(inherit, ownView)).toBe("Use the parent's message and disable");
    expect(messageProblem(inherit, ownView)).toBeNull();
  });

  it('falls back to a plain disable when the unit no longer sets its own message', () => {
    const inherit = form({ choice: 'inherit' });
    expect(disableRequest(inherit, inheritedView)).toEqual({ action: 'disable' });
    expect(submitLabel(inherit, inheritedView)).toBe('Disable device');
    // The dialog shows "Keep this message" checked then, not a choice it no longer offers.
    expect(effectiveChoice(inherit, inheritedView)).toBe('keep');
    expect(effectiveChoice(inherit, ownView)).toBe('inherit');
  });

  it('sends a new message only when it differs, never together with the parent choice', () => {
    expect(disableRequest(form({ choice: 'change', message: `  ${OWN}  ` }), ownView)).toEqual({
      action: 'disable',
    });
    const edited = form({ choice: 'change', message: ' Return to room 9. ' });
    expect(disableRequest(edited, ownView)).toEqual({
      action: 'disable',
      orgUnitReturnMessage: 'Return to room 9.',
    });
    expect(submitLabel(edited, ownView)).toBe('Save message and disable');
    expect(messageProblem(form({ choice: 'change', message: '  ' }), ownView)).toContain('Write the message');
    expect(messageProblem(form({ choice: 'change', message: 'x'.repeat(1001) }), ownView)).toContain(
      'longer than 1,000',
    );
  });
});
