import { describe, expect, it } from 'vitest';
import { hasTerm, splitTerms, toggleTerm } from './query-terms.ts';

describe('query terms', () => {
  it('splits on spaces outside quotes', () => {
    expect(splitTerms('status:ACTIVE  ou:"/Riverbend/North High" x')).toEqual([
      'status:ACTIVE',
      'ou:"/Riverbend/North High"',
      'x',
    ]);
  });

  it('adds a facet term, and removes it on a second click', () => {
    const once = toggleTerm('status:ACTIVE', 'ou:"/Riverbend/North High"');
    expect(once).toBe('status:ACTIVE ou:"/Riverbend/North High"');
    expect(hasTerm(once, 'OU:"/Riverbend/North High"')).toBe(true);
    expect(toggleTerm(once, 'ou:"/Riverbend/North High"')).toBe('status:ACTIVE');
    expect(toggleTerm('', 'model:"Acer C740"')).toBe('model:"Acer C740"');
  });
});
