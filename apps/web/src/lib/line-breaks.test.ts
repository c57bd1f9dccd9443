import { describe, expect, it } from 'vitest';
import { lineBreakPieces } from './line-breaks.ts';

describe('line-break opportunities', () => {
  it('breaks an email before its "@" first, then before dots', () => {
    expect(lineBreakPieces('aiden.collins@riverbend.example.edu')).toEqual([
      ['aiden', '.collins'],
      ['@riverbend', '.example', '.edu'],
    ]);
  });

  it('breaks an OU path before each unit, keeping the leading slash with the first', () => {
    expect(lineBreakPieces('/Douglass Elementary School/Kindergarten')).toEqual([
      ['/Douglass Elementary School'],
      ['/Kindergarten'],
    ]);
    expect(lineBreakPieces('/')).toEqual([['/']]);
    expect(lineBreakPieces('/Grade 5/St. Mary')).toEqual([['/Grade 5'], ['/St. Mary']]);
  });

  it('leaves other text whole, and always joins back to the text', () => {
    expect(lineBreakPieces('Douglass Elementary School - Cart 12')).toEqual([
      ['Douglass Elementary School - Cart 12'],
    ]);
    expect(lineBreakPieces('')).toEqual([['']]);
    for (const text of ['a@b', '@a.b', '//x//y', 'x.', '..', '.a@.b/.c']) {
      expect(
        lineBreakPieces(text)
          .map((piece) => piece.join(''))
          .join(''),
      ).toBe(text);
    }
  });
});
