import { describe, expect, it } from 'vitest';
import { suggestionsAt } from './query-suggestions.ts';

describe('query autocomplete', () => {
  it('offers operators for the word at the caret', () => {
    const text = 'status:ACTIVE au';
    const { from, items } = suggestionsAt(text, text.length);
    expect(from).toBe(14);
    expect(items.map((item) => item.insert)).toContain('aue:');
  });

  it('offers an operator’s values after the colon, and after a comma', () => {
    const values = suggestionsAt('status:DE', 9).items.map((item) => item.label);
    expect(values).toEqual(expect.arrayContaining(['DEPROVISIONED', 'DELINQUENT']));
    expect(values.every((value) => value.startsWith('DE'))).toBe(true);
    const multi = suggestionsAt('battery:normal,rep', 18).items;
    expect(multi.map((item) => item.insert)).toEqual([
      'battery:normal,replace_soon',
      'battery:normal,replace_now',
    ]);
  });

  it('keeps a negation and offers nothing inside quotes or for unknown operators', () => {
    const text = '-sta';
    const result = suggestionsAt(text, text.length);
    expect(result.from).toBe(1);
    expect(result.items[0]?.insert).toBe('status:');
    expect(suggestionsAt('"North', 6).items).toEqual([]);
    expect(suggestionsAt('bogus:x', 7).items).toEqual([]);
  });
});
