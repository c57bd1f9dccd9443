/**
 * Where focus goes back to when a dialog closes. Radix returns it to a `Dialog.Trigger`, but most
 * dialogs here open from a plain button or a menu item, so without this focus fell to the page's
 * body and keyboard users started over at the top of the page.
 */

/** What had focus as a dialog opened, and its menu's button when that was an item of a menu. */
export interface Opener {
  readonly element: HTMLElement | null;
  readonly menuTrigger: HTMLElement | null;
}

/**
 * Why: a dialog opened from a menu item outlives the item (the menu closes as the dialog opens);
 * the menu's button, which Radix names as the menu's label, is still there to go back to.
 */
export function openerOf(active: Element | null): Opener {
  const element = active instanceof HTMLElement && active !== active.ownerDocument.body ? active : null;
  const triggerId = element?.closest('[role="menu"]')?.getAttribute('aria-labelledby');
  const menuTrigger = triggerId ? element?.ownerDocument.getElementById(triggerId) : null;
  return { element, menuTrigger: menuTrigger instanceof HTMLElement ? menuTrigger : null };
}

/** Something focus can be given to: an element, or a stand-in in tests. */
export interface FocusTarget {
  readonly isConnected: boolean;
  focus: () => void;
}

/**
 * Why: the first candidate still on the page that takes focus gets it; one removed meanwhile, or
 * disabled or hidden (focus does not move), is passed over. Returns it, or null when none took it.
 */
export function returnFocus<Target extends FocusTarget>(
  candidates: readonly (Target | null | undefined)[],
  focused: () => unknown,
): Target | null {
  for (const candidate of candidates) {
    if (!candidate?.isConnected) continue;
    candidate.focus();
    if (focused() === candidate) return candidate;
  }
  return null;
}
