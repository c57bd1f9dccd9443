import { describe, expect, it } from 'vitest';
import { unsafeTextMessage } from './unsafe-field.ts';

describe('unsafeTextMessage', () => {
  it('names the field, the character, its position and what to do', () => {
    expect(unsafeTextMessage('Notes', 'ab\u0000c', true)).toBe(
      'Notes contains a control character (U+0000) at position 2, which Fleetdeck cannot store or send to Google. Remove it (it often comes with a copy and paste), then try again.',
    );
    expect(unsafeTextMessage('Asset ID', 'x\ud800', false)).toMatch(
      /^Asset ID contains a lone surrogate \(U\+D800\) at position 1/,
    );
  });

  it('lets line breaks through only where a text may hold several lines', () => {
    expect(unsafeTextMessage('Notes', 'line one\nline two\ttabbed', true)).toBeNull();
    expect(unsafeTextMessage('Location', 'Room\t12', false)).toMatch(/U\+0009/);
    expect(unsafeTextMessage('Location', 'Room 12 — über', false)).toBeNull();
  });
});
