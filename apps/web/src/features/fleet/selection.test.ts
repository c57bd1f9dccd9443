import { describe, expect, it } from 'vitest';
import { bulkTarget, EMPTY_SELECTION, isSelected, selectionSize, toggleIds } from './selection.ts';

describe('fleet selection', () => {
  it('toggles explicit ids and targets them', () => {
    const one = toggleIds(EMPTY_SELECTION, ['a', 'b'], true, []);
    const two = toggleIds(one, ['a'], false, []);
    expect(selectionSize(two)).toBe(1);
    expect(isSelected(two, 'b')).toBe(true);
    expect(bulkTarget(two)).toEqual({ deviceIds: ['b'] });
  });

  it('targets the query when every match is selected, and turns explicit when one is unticked', () => {
    const all = { kind: 'query', q: 'status:ACTIVE', count: 250, exact: true } as const;
    expect(bulkTarget(all)).toEqual({ query: 'status:ACTIVE' });
    expect(isSelected(all, 'anything')).toBe(true);
    const narrowed = toggleIds(all, ['b'], false, ['a', 'b', 'c']);
    expect(narrowed).toMatchObject({ kind: 'ids' });
    expect(bulkTarget(narrowed)).toEqual({ deviceIds: ['a', 'c'] });
  });
});
