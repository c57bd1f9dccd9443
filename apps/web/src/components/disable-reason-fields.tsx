import { useId } from 'react';
import {
  DISABLE_NOTE_LIMIT,
  DISABLE_REASON_LABELS,
  DISABLE_REASONS,
  type DisableReason,
} from '@fleetdeck/shared/device-actions';
import { Input } from './ui/input.tsx';
import { NativeSelect } from './ui/native-select.tsx';

/**
 * Why: the device page's Disable dialog and the bulk Disable form ask for the same optional reason
 * and note, kept in Fleetdeck only; `hint` says where it is kept. Each control has one visible
 * label ("Reason", "Note") that is also its accessible name; the hint (both optional, where they
 * are kept) describes both, so nothing is read twice.
 */
export function DisableReasonFields(props: {
  reason: DisableReason | '';
  note: string;
  onReason: (reason: DisableReason | '') => void;
  onNote: (note: string) => void;
  hint: string;
  placeholder: string;
  /** Stable ids (`<idPrefix>-reason`, `<idPrefix>-note`); generated when absent. */
  idPrefix?: string;
}) {
  const generated = useId();
  const prefix = props.idPrefix ?? generated;
  const reasonId = `${prefix}-reason`;
  const noteId = `${prefix}-note`;
  const hintId = `${prefix}-hint`;
  return (
    <div className="flex flex-col gap-1.5" data-testid="disable-reason-fields">
      <div className="grid grid-cols-[10rem_1fr] gap-x-2 gap-y-1.5">
        <label htmlFor={reasonId} className="text-sm font-medium">
          Reason
        </label>
        <label htmlFor={noteId} className="text-sm font-medium">
          Note
        </label>
        <NativeSelect
          id={reasonId}
          value={props.reason}
          aria-describedby={hintId}
          onChange={(event) => props.onReason(event.target.value as DisableReason | '')}
        >
          <option value="">No reason</option>
          {DISABLE_REASONS.map((value) => (
            <option key={value} value={value}>
              {DISABLE_REASON_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
        <Input
          id={noteId}
          value={props.note}
          maxLength={DISABLE_NOTE_LIMIT}
          placeholder={props.placeholder}
          aria-describedby={hintId}
          onChange={(event) => props.onNote(event.target.value)}
        />
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        Both optional. {props.hint}
      </p>
    </div>
  );
}
