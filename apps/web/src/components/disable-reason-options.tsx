import { DISABLE_REASON_LABELS, DISABLE_REASONS } from '@fleetdeck/shared/device-actions';

/** Why: the device page's and the bulk form's disable reason list the same choices. */
export function DisableReasonOptions() {
  return (
    <>
      <option value="">No reason</option>
      {DISABLE_REASONS.map((value) => (
        <option key={value} value={value}>
          {DISABLE_REASON_LABELS[value]}
        </option>
      ))}
    </>
  );
}
