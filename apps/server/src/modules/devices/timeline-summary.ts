import { humanizeGoogleValue } from '@fleetdeck/shared/google-values';

/**
 * The one-line summaries of the device timeline, pure so they are unit-tested. Statuses read as
 * their badges do ("Active → Disabled"); a return message shows its new text in full and, of the
 * old one, the part that differs, so an edit to a long message still shows what changed.
 */

export interface Change {
  field: string;
  old: string | null;
  new: string | null;
}

const FIELD_LABELS: Readonly<Record<string, string>> = {
  annotatedAssetId: 'Asset ID',
  annotatedLocation: 'Location',
  annotatedUser: 'Assigned user',
  notes: 'Notes',
  osVersion: 'OS version',
  platformVersion: 'Platform version',
  firmwareVersion: 'Firmware',
  bootMode: 'Boot mode',
  osVersionCompliance: 'OS compliance',
  osUpdateState: 'OS update state',
  macAddress: 'Wi-Fi MAC',
  ethernetMacAddress: 'Ethernet MAC',
  lanIpAddress: 'LAN IP',
  wanIpAddress: 'WAN IP',
  deviceLicenseType: 'License',
  autoUpdateThrough: 'Auto-update expiration',
  deprovisionReason: 'Deprovision reason',
  disableReason: 'Disable reason',
  returnMessage: 'Return message',
  returnMessageInherited: 'Return message',
};

/** Fields whose values are Google enum values, shown in words. */
const ENUM_FIELDS = new Set([
  'status',
  'deprovisionReason',
  'bootMode',
  'osVersionCompliance',
  'deviceLicenseType',
]);

/** Why: a field's name as admins read it, for the grouped "synced" entries too. */
export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field;
}

/** Why: a value cut to fit one line; "(none)" when missing. */
export function shortValue(value: string | null, max = 80): string {
  if (value === null || value === '') return '(none)';
  return value.length > max ? `${value.slice(0, max - 1)}…` : value;
}

/** Why: a field's value as the rest of the app shows it (enum values in words). */
export function fieldValue(field: string, value: string | null): string {
  if (value !== null && value !== '' && ENUM_FIELDS.has(field)) return humanizeGoogleValue(value);
  return shortValue(value);
}

const CONTEXT = 60;

/**
 * Why: two near-identical long messages cut at the same length read the same; this keeps the
 * part of `old` that differs from `now`, widened to whole words, with "…" where text was left out.
 */
export function changedPart(old: string, now: string): string {
  let start = 0;
  while (start < old.length && start < now.length && old[start] === now[start]) start += 1;
  let end = 0;
  while (end < old.length - start && end < now.length - start && old.at(-1 - end) === now.at(-1 - end))
    end += 1;
  if (start === 0 && end === 0) return shortValue(old, 160);
  let from = old.lastIndexOf(' ', Math.max(0, start - 1));
  from = from < 0 || start - from > CONTEXT ? Math.max(0, start - 20) : from + 1;
  const stop = old.length - end;
  let to = old.indexOf(' ', stop);
  to = to < 0 || to - stop > CONTEXT ? Math.min(old.length, stop + 20) : to;
  if (to - from > 160) to = from + 159;
  const middle = old.slice(from, to).trim();
  return `${from > 0 ? '…' : ''}${middle === '' ? '(nothing)' : middle}${to < old.length ? '…' : ''}`;
}

function returnMessageSummary(change: Change, ref: string | null): string {
  const unit = ref ?? 'its organizational unit';
  const old = change.old ?? '';
  const now = change.new ?? '';
  if (now === '') return `Return message of ${unit} cleared (was “${shortValue(old)}”)`;
  if (old === '') return `Return message of ${unit} set to “${now}”`;
  return `Return message of ${unit} changed to “${now}” (was “${changedPart(old, now)}”)`;
}

/** The unit's own message removed: it shows its parent's effective one (or Google's default screen). */
function inheritedMessageSummary(change: Change, ref: string | null): string {
  const unit = ref ?? 'its organizational unit';
  const was = change.old ? ` (was “${shortValue(change.old)}”)` : '';
  if (!change.new)
    return `Return message of ${unit} set back to its parent unit's: none, Google's default screen${was}`;
  return `Return message of ${unit} set back to its parent unit's: “${change.new}”${was}`;
}

/** Why: the line a single-field timeline entry shows. */
export function summarize(change: Change, ref: string | null): string {
  const { field } = change;
  const old = fieldValue(field, change.old);
  const now = fieldValue(field, change.new);
  if (field === 'disableReason')
    return `Disable reason (kept in Fleetdeck only, not shown on the device): ${now}`;
  if (field === 'returnMessage') return returnMessageSummary(change, ref);
  if (field === 'returnMessageInherited') return inheritedMessageSummary(change, ref);
  if (field === 'orgUnitPath') return `Moved from ${old} to ${now}`;
  if (field === 'recentUser') return `Last used by ${now} (before: ${old})`;
  if (field === 'status') return `Status changed: ${old} → ${now}`;
  if (change.new === null || change.new === '') return `${fieldLabel(field)} cleared (was ${old})`;
  if (change.old === null || change.old === '') return `${fieldLabel(field)} set to ${now}`;
  return `${fieldLabel(field)} changed from ${old} to ${now}`;
}
