import { DEVICE_FIELD_LIMITS } from '@fleetdeck/shared/device-actions';
import type { AnnotateDeviceRequest } from '@fleetdeck/shared/device-contract';

/**
 * The four fields an admin annotates at Google, with Google's limits, and the form's rules:
 * asset ID, location and user are trimmed (as the server does), notes keep their spacing.
 */

export type AnnotatedField = keyof typeof DEVICE_FIELD_LIMITS;

/** The form's fields in display order; notes spans the full width. */
export const ANNOTATED_FIELDS: readonly { id: AnnotatedField; label: string; multiline: boolean }[] = [
  { id: 'annotatedAssetId', label: 'Asset ID', multiline: false },
  { id: 'annotatedUser', label: 'User', multiline: false },
  { id: 'annotatedLocation', label: 'Location', multiline: false },
  { id: 'notes', label: 'Notes', multiline: true },
];

export type AnnotatedValues = Record<AnnotatedField, string>;

/** The value as it will be sent. */
export function normalizeField(field: AnnotatedField, value: string): string {
  return field === 'notes' ? value : value.trim();
}

/** Characters counted against Google's limit (after trimming where the server trims). */
export function fieldLength(field: AnnotatedField, value: string): number {
  return normalizeField(field, value).length;
}

/** An error sentence for a field over its limit, else undefined. */
export function fieldError(field: AnnotatedField, value: string): string | undefined {
  const limit = DEVICE_FIELD_LIMITS[field];
  const length = fieldLength(field, value);
  if (length <= limit) return undefined;
  const label = ANNOTATED_FIELDS.find((f) => f.id === field)?.label ?? field;
  return `${label} is ${length - limit} character${length - limit === 1 ? '' : 's'} over Google's limit of ${limit}. Shorten it to save.`;
}

/** Only the fields that changed, normalized; empty when nothing changed. */
export function changedFields(before: AnnotatedValues, after: AnnotatedValues): AnnotateDeviceRequest {
  const changes: AnnotateDeviceRequest = {};
  for (const { id } of ANNOTATED_FIELDS) {
    const next = normalizeField(id, after[id]);
    if (next !== normalizeField(id, before[id])) changes[id] = next;
  }
  return changes;
}
