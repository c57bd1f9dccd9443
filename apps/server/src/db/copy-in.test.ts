import { describe, expect, it } from 'vitest';
import { copyJson, copyText } from './copy-in.ts';

describe('COPY text format', () => {
  it('writes null as \\N and escapes what COPY reads as its own syntax', () => {
    expect(copyText(null)).toBe('\\N');
    expect(copyText('plain text, ünïcode 🎒')).toBe('plain text, ünïcode 🎒');
    expect(copyText('a\tb\nc\rd\\e')).toBe('a\\tb\\nc\\rd\\\\e');
    // The text "\N" is a value, not a null.
    expect(copyText('\\N')).toBe('\\\\N');
    expect(copyText('')).toBe('');
  });

  it('keeps a JSON text whole: only its backslashes are doubled', () => {
    const json = JSON.stringify({ notes: 'line\nbreak "quoted" back\\slash\ttab', n: 1 });
    expect(json).not.toMatch(/[\n\t\r]/);
    expect(copyJson(json)).toBe(json.replaceAll('\\', '\\\\'));
    expect(copyJson('{"a":1}')).toBe('{"a":1}');
  });
});
