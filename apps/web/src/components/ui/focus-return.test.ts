import { describe, expect, it } from 'vitest';
import { returnFocus, type FocusTarget } from './focus-return.ts';

/** A page of stand-in elements: on the page or not, and taking focus or not (disabled, hidden). */
function page() {
  const state = { active: null as FocusTarget | null };
  const element = (isConnected: boolean, takesFocus = true): FocusTarget => {
    const self: FocusTarget = {
      isConnected,
      focus: () => {
        if (takesFocus) state.active = self;
      },
    };
    return self;
  };
  return { element, focused: () => state.active };
}

describe('returning focus after a dialog closes', () => {
  it('goes back to what opened the dialog while it is still there', () => {
    const { element, focused } = page();
    const opener = element(true);
    expect(returnFocus([opener, element(true), element(true)], focused)).toBe(opener);
    expect(focused()).toBe(opener);
  });

  it("goes to the menu's button when the menu item that opened the dialog is gone", () => {
    const { element, focused } = page();
    const trigger = element(true);
    expect(returnFocus([element(false), trigger, null], focused)).toBe(trigger);
  });

  it('passes over what is gone or will not take focus, and says when nothing took it', () => {
    const { element, focused } = page();
    const grid = element(true);
    expect(returnFocus([element(false), null, element(true, false), undefined, grid], focused)).toBe(grid);
    const other = page();
    expect(returnFocus([other.element(false), other.element(true, false)], other.focused)).toBeNull();
    expect(other.focused()).toBeNull();
  });
});
