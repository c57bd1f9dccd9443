import { RETURN_MESSAGE_LIMIT, type DisableReason } from '@fleetdeck/shared/device-actions';
import type { ChangeStatusRequest, ReturnMessageView } from '@fleetdeck/shared/device-contract';

/**
 * What the Disable dialog does with the unit's return message before it disables: leave it, write
 * a new one on the device's unit, or remove the unit's own so it uses its parent unit's message.
 * Pure, so the rules are unit-tested.
 */
export type ReturnMessageChoice = 'keep' | 'change' | 'inherit';

export interface DisableForm {
  readonly choice: ReturnMessageChoice;
  readonly message: string;
  readonly reason: DisableReason | '';
  readonly note: string;
}

/**
 * Why: only owners and admins (`canEdit`) may touch the policy, and going back to the parent is
 * offered only where the unit sets its own message and has a parent (the server sends `parent`).
 */
export function returnMessageChoices(view: ReturnMessageView | undefined): ReturnMessageChoice[] {
  if (!view || view.state === 'unavailable' || !view.canEdit) return [];
  return view.parent ? ['keep', 'change', 'inherit'] : ['keep', 'change'];
}

/**
 * Why: the choice that counts, and the one the dialog shows checked: one the view (read again
 * since, e.g. after a refused disable) no longer offers falls back to "keep".
 */
export function effectiveChoice(form: DisableForm, view: ReturnMessageView | undefined): ReturnMessageChoice {
  return returnMessageChoices(view).includes(form.choice) ? form.choice : 'keep';
}

/** Why: the dialog blocks the submit with a reason the admin can fix, or null when it is fine. */
export function messageProblem(form: DisableForm, view: ReturnMessageView | undefined): string | null {
  if (effectiveChoice(form, view) !== 'change') return null;
  const trimmed = form.message.trim();
  if (trimmed === '') return 'Write the message the device should show, or keep the current one.';
  if (trimmed.length > RETURN_MESSAGE_LIMIT)
    return `The message is longer than ${RETURN_MESSAGE_LIMIT.toLocaleString('en-US')} characters. Shorten it.`;
  return null;
}

/** Why: a new message equal to the current one writes nothing (the server would skip it too). */
function changesMessage(form: DisableForm, view: ReturnMessageView | undefined): boolean {
  return effectiveChoice(form, view) === 'change' && form.message.trim() !== (view?.message ?? '');
}

/** Why: the one request the dialog sends, with at most one of the two return message changes. */
export function disableRequest(
  form: DisableForm,
  view: ReturnMessageView | undefined,
): Extract<ChangeStatusRequest, { action: 'disable' }> {
  const note = form.note.trim();
  return {
    action: 'disable',
    ...(form.reason ? { reason: form.reason } : {}),
    ...(note ? { note } : {}),
    ...(changesMessage(form, view) ? { orgUnitReturnMessage: form.message.trim() } : {}),
    ...(effectiveChoice(form, view) === 'inherit' ? { inheritOrgUnitReturnMessage: true } : {}),
  };
}

/** Why: the submit button says what will happen first. */
export function submitLabel(form: DisableForm, view: ReturnMessageView | undefined): string {
  if (changesMessage(form, view)) return 'Save message and disable';
  if (effectiveChoice(form, view) === 'inherit') return "Use the parent's message and disable";
  return 'Disable device';
}
