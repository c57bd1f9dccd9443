import { describe, expect, it } from 'vitest';
import { DEVICE_FIELD_LIMITS } from '@fleetdeck/shared/device-actions';
import { changedFields, fieldError, fieldLength } from './annotate-fields.ts';

const empty = { annotatedAssetId: '', annotatedLocation: '', annotatedUser: '', notes: '' };

describe('annotated fields', () => {
  it("holds each field to Google's limit, counting trimmed text where the server trims", () => {
    expect(fieldError('annotatedUser', 'a'.repeat(DEVICE_FIELD_LIMITS.annotatedUser))).toBeUndefined();
    expect(fieldError('annotatedUser', 'a'.repeat(DEVICE_FIELD_LIMITS.annotatedUser + 1))).toBe(
      "User is 1 character over Google's limit of 100. Shorten it to save.",
    );
    expect(fieldLength('annotatedAssetId', '  A-1  ')).toBe(3);
    expect(fieldLength('notes', '  A-1  ')).toBe(7);
    expect(fieldError('notes', 'x'.repeat(502))).toContain('2 characters over');
  });

  it('sends only what changed, normalized', () => {
    expect(changedFields(empty, { ...empty, annotatedAssetId: ' A-1 ' })).toEqual({
      annotatedAssetId: 'A-1',
    });
    expect(changedFields({ ...empty, notes: 'x' }, { ...empty, notes: 'x' })).toEqual({});
    expect(changedFields({ ...empty, annotatedUser: 'u' }, empty)).toEqual({ annotatedUser: '' });
  });
});
