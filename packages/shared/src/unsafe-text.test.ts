import { describe, expect, it } from 'vitest';
import { cleanText, describeUnsafeCharacter, findUnsafeCharacter } from './unsafe-text.ts';

describe('findUnsafeCharacter', () => {
  it('finds NUL, other control characters and lone surrogates with their position', () => {
    expect(findUnsafeCharacter('ab\u0000', true)).toEqual({
      index: 2,
      code: 'U+0000',
      kind: 'a control character',
    });
    expect(findUnsafeCharacter('\u0001', true)?.code).toBe('U+0001');
    expect(findUnsafeCharacter('x\u007f', true)?.code).toBe('U+007F');
    expect(findUnsafeCharacter('x\u0085', true)?.code).toBe('U+0085');
    expect(findUnsafeCharacter('a\ud800b', true)).toEqual({
      index: 1,
      code: 'U+D800',
      kind: 'a lone surrogate',
    });
    expect(findUnsafeCharacter('\udc00', true)?.kind).toBe('a lone surrogate');
    expect(findUnsafeCharacter('end\ud83d', true)?.index).toBe(3);
  });

  it('accepts line breaks where several lines may be, astral characters and plain text', () => {
    expect(findUnsafeCharacter('line 1\r\nline\t2', true)).toBeNull();
    expect(findUnsafeCharacter('line 1\nline 2', false)?.code).toBe('U+000A');
    expect(findUnsafeCharacter('Grüße 😀 Ω', false)).toBeNull();
  });

  it('describes what it found', () => {
    const found = findUnsafeCharacter('ab\u0000', false);
    expect(found && describeUnsafeCharacter(found)).toBe(
      'contains a control character (U+0000) at position 2',
    );
  });
});

describe('cleanText', () => {
  it('drops control characters, keeps line breaks and pairs, replaces lone surrogates', () => {
    expect(cleanText('a\u0000b\u0001\nc\td')).toBe('ab\nc\td');
    expect(cleanText('x\ud800y\udc00z😀')).toBe('x\uFFFDy\uFFFDz😀');
    const plain = 'nothing to do';
    expect(cleanText(plain)).toBe(plain);
  });
});
