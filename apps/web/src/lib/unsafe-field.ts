import { describeUnsafeCharacter, findUnsafeCharacter } from '@fleetdeck/shared/unsafe-text';

/**
 * Forms refuse what the server would refuse (a control character, NUL, a lone surrogate) before
 * sending, naming the field and why, the same rule as the server's input guard.
 */

/** What the member reads: the field, the character and its position, and what to do. */
export function unsafeTextMessage(label: string, value: string, multiline: boolean): string | null {
  const found = findUnsafeCharacter(value, multiline);
  if (!found) return null;
  return (
    `${label} ${describeUnsafeCharacter(found)}, which Fleetdeck cannot store or send to Google. ` +
    'Remove it (it often comes with a copy and paste), then try again.'
  );
}

type TextControl = HTMLInputElement | HTMLTextAreaElement;

/** Inputs whose value is free text (not checkboxes, dates, numbers or hidden values). */
const TEXT_TYPES = new Set(['text', 'search', 'email', 'url', 'tel', 'password']);

/** A field's name as the member sees it: its label, else its accessible name, else its placeholder. */
function fieldLabel(control: TextControl): string {
  const label = control.id
    ? control.form?.querySelector(`label[for="${CSS.escape(control.id)}"]`)?.textContent.trim()
    : undefined;
  return label || control.getAttribute('aria-label') || control.placeholder || 'A field';
}

/** Why: one check covers every text field of a form, including those a form gains later. */
export function findUnsafeField(form: HTMLFormElement): { field: TextControl; message: string } | null {
  for (const element of Array.from(form.elements)) {
    const textarea = element instanceof HTMLTextAreaElement;
    if (!textarea && !(element instanceof HTMLInputElement && TEXT_TYPES.has(element.type))) continue;
    if (element.disabled) continue;
    const message = unsafeTextMessage(fieldLabel(element), element.value, textarea);
    if (message) return { field: element, message };
  }
  return null;
}
