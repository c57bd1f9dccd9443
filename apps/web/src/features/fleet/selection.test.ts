import { describe, expect, it } from 'vitest';
import type { FleetRow } from './live-rows.ts';
import {
  afterBulkRun,
  bulkTarget,
  closePasted,
  EMPTY_SELECTION,
  isSelected,
  selectionSize,
  showPasted,
  tableStateFor,
  toggleIds,
  withoutLeftRows,
} from './selection.ts';

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

describe('selection and the query it was made on', () => {
  const made = { q: 'ou:"/Carver High School"', pasted: null, selection: EMPTY_SELECTION };

  it('drops devices ticked in the table when the query changes', () => {
    const ticked = { ...made, selection: toggleIds(EMPTY_SELECTION, ['a', 'b'], true, []) };
    expect(tableStateFor(ticked, made.q)).toBe(ticked);
    const next = tableStateFor(ticked, 'battery:replace_now');
    expect(next.q).toBe('battery:replace_now');
    expect(selectionSize(next.selection)).toBe(0);
  });

  it('drops "all matching" when the query changes', () => {
    const all = { ...made, selection: { kind: 'query', q: made.q, count: 40, exact: true } as const };
    expect(selectionSize(tableStateFor(all, 'status:ACTIVE').selection)).toBe(0);
  });

  it('shows a pasted list selected, keeps it while the query stays, and drops it with the list', () => {
    const pasted = showPasted(made, { id: 'list000001', ids: ['c', 'a'] }, true);
    expect(pasted.pasted?.ids).toEqual(['c', 'a']);
    expect(pasted.selection).toMatchObject({ kind: 'ids', source: 'paste' });
    expect(bulkTarget(pasted.selection)).toEqual({ deviceIds: ['c', 'a'] });
    expect(tableStateFor(pasted, made.q)).toBe(pasted);

    const closed = closePasted(pasted);
    expect(closed.pasted).toBeNull();
    expect(selectionSize(closed.selection)).toBe(0);

    const requeried = tableStateFor(pasted, 'status:ACTIVE');
    expect(requeried.pasted).toBeNull();
    expect(selectionSize(requeried.selection)).toBe(0);
  });

  it('shows a pasted list without selecting it for an admin who may not act', () => {
    const shown = showPasted(made, { id: 'list000002', ids: ['a'] }, false);
    expect(shown.pasted?.ids).toEqual(['a']);
    expect(selectionSize(shown.selection)).toBe(0);
  });
});

describe('selection after the rows change', () => {
  const row = (deviceId: string, stale?: 'unmatched' | 'gone'): FleetRow => ({
    deviceId,
    serialNumber: deviceId,
    ...(stale ? { stale } : {}),
  });
  const state = { q: 'ou:"/Adams Elementary School/Grade 2"', pasted: null, selection: EMPTY_SELECTION };

  it('is cleared once a bulk action has run on it, whatever it was', () => {
    const ticked = { ...state, selection: toggleIds(EMPTY_SELECTION, ['a', 'b'], true, []) };
    expect(selectionSize(afterBulkRun(ticked).selection)).toBe(0);
    const all = { ...state, selection: { kind: 'query', q: state.q, count: 43, exact: true } as const };
    expect(selectionSize(afterBulkRun(all).selection)).toBe(0);
    const pasted = showPasted(state, { id: 'list000003', ids: ['c'] }, true);
    const after = afterBulkRun(pasted);
    expect(selectionSize(after.selection)).toBe(0);
    // The pasted list stays the table: only what is selected in it is done with.
    expect(after.pasted).toBe(pasted.pasted);
    expect(afterBulkRun(state)).toBe(state);
  });

  it('drops devices whose rows had left the query once the list loads without them', () => {
    const selection = toggleIds(EMPTY_SELECTION, ['a', 'b', 'c', 'far'], true, []);
    const before = [row('a', 'unmatched'), row('b', 'gone'), row('c'), row('far')];
    // Reloaded from the top: a and b are gone, far (selected lower down) is not loaded yet.
    const next = withoutLeftRows(selection, before, [row('c'), row('d')]);
    expect(bulkTarget(next)).toEqual({ deviceIds: ['c', 'far'] });
  });

  it('keeps the selection while the marked rows are still listed, or nothing selected left', () => {
    const selection = toggleIds(EMPTY_SELECTION, ['a', 'c'], true, []);
    const marked = [row('a', 'unmatched'), row('b', 'gone'), row('c')];
    expect(withoutLeftRows(selection, marked, marked)).toBe(selection);
    expect(withoutLeftRows(selection, marked, [row('a', 'unmatched'), row('c')])).toBe(selection);
    expect(withoutLeftRows(selection, [row('a'), row('c')], [])).toBe(selection);
    const all = { kind: 'query', q: 'status:ACTIVE', count: 3, exact: true } as const;
    expect(withoutLeftRows(all, marked, [])).toBe(all);
  });
});
