import { describe, expect, it } from 'vitest';
import type { FleetTableRow } from '@fleetdeck/shared/fleet-contract';
import {
  dueIds,
  EAGER_REFRESH_ROWS,
  loadedRows,
  mergeRefreshed,
  planRefresh,
  REFRESH_MARGIN_ROWS,
  showsNewColumn,
  staleLabel,
  staleNote,
  type FleetPage,
  type FleetRow,
  type RefreshedRow,
} from './live-rows.ts';

const row = (deviceId: string, annotatedUser: string | null = null): FleetRow => ({
  deviceId,
  serialNumber: `S-${deviceId}`,
  annotatedUser,
});
const page = (...devices: FleetRow[]): FleetPage => ({ devices, nextCursor: null, total: null });
const ids = (pages: readonly FleetPage[]) => pages.flatMap((each) => each.devices.map((r) => r.deviceId));
const found = (current: FleetTableRow, matches = true): RefreshedRow => ({ row: current, matches });
const gone: RefreshedRow = { row: null, matches: false };

describe('merging refreshed rows into the loaded pages', () => {
  it('replaces each refreshed row where it stands and adds nothing', () => {
    const pages = [page(row('a', 'Ann'), row('b', 'Bob')), page(row('c', 'Cy'))];
    const merged = mergeRefreshed(
      pages,
      new Map([
        ['c', found(row('c', 'Cyrus'))],
        ['a', found(row('a', 'Anna'))],
        // A device the list never loaded (a new one) stays out.
        ['z', found(row('z', 'Zed'))],
      ]),
    );
    expect(ids(merged)).toEqual(['a', 'b', 'c']);
    expect(merged.map((each) => each.devices.map((r) => r.annotatedUser))).toEqual([
      ['Anna', 'Bob'],
      ['Cyrus'],
    ]);
  });

  it('keeps the identity of rows and pages that did not change', () => {
    const pages = [page(row('a', 'Ann')), page(row('b', 'Bob'))];
    const merged = mergeRefreshed(pages, new Map([['a', found(row('a', 'Ann'))]]));
    expect(merged[0]).toBe(pages[0]);
    expect(merged[1]).toBe(pages[1]);
    const changed = mergeRefreshed(pages, new Map([['b', found(row('b', 'Bea'))]]));
    expect(changed[0]).toBe(pages[0]);
    expect(changed[1]).not.toBe(pages[1]);
  });

  it('keeps a row that left the query, with its new values, marked unmatched', () => {
    const pages = [page(row('a', 'Ann'), row('b', 'Bob'), row('c', 'Cy'))];
    const merged = mergeRefreshed(pages, new Map([['b', found(row('b', 'Moved'), false)]]));
    expect(ids(merged)).toEqual(['a', 'b', 'c']);
    expect(merged[0]?.devices[1]).toEqual({ ...row('b', 'Moved'), stale: 'unmatched' });
  });

  it('keeps a gone device with the values last read, marked gone', () => {
    const pages = [page(row('a', 'Ann'), row('b', 'Bob'))];
    const merged = mergeRefreshed(pages, new Map([['a', gone]]));
    expect(merged[0]?.devices[0]).toEqual({ ...row('a', 'Ann'), stale: 'gone' });
    expect(merged[0]?.devices[1]).toBe(pages[0]?.devices[1]);
  });

  it('clears the mark when the device matches again', () => {
    const pages = [page({ ...row('a', 'Ann'), stale: 'unmatched' }), page({ ...row('b'), stale: 'gone' })];
    const merged = mergeRefreshed(
      pages,
      new Map([
        ['a', found(row('a', 'Ann'))],
        ['b', found(row('b', 'Back'))],
      ]),
    );
    expect(merged.flatMap((each) => each.devices)).toEqual([row('a', 'Ann'), row('b', 'Back')]);
    expect(merged[0]?.devices[0]).not.toHaveProperty('stale');
  });

  it('keeps the values of columns the read did not carry', () => {
    const loaded: FleetRow = { ...row('a', 'Ann'), model: 'Chromebook 14' };
    const merged = mergeRefreshed([page(loaded)], new Map([['a', found(row('a', 'Anna'))]]));
    expect(merged[0]?.devices[0]).toEqual({ ...loaded, annotatedUser: 'Anna' });
  });

  it('fills a newly shown column in place, order and identity kept, and marks rows that left', () => {
    const pages = [page(row('a', 'Ann'), row('b', 'Bob')), page(row('c', 'Cy'))];
    // The by-id read with the new column set: every row carries batteryCycleCount now.
    const withCycles = (id: string, user: string, cycles: number | null) => ({
      ...row(id, user),
      batteryCycleCount: cycles,
    });
    const merged = mergeRefreshed(
      pages,
      new Map([
        ['a', found(withCycles('a', 'Ann', 12))],
        ['b', found(withCycles('b', 'Bob', null), false)],
        ['c', gone],
        // A device added since the list loaded is not read by id, and would stay out anyway.
        ['n', found(withCycles('n', 'New', 1))],
      ]),
    );
    expect(ids(merged)).toEqual(['a', 'b', 'c']);
    expect(merged.flatMap((each) => each.devices)).toEqual([
      withCycles('a', 'Ann', 12),
      { ...withCycles('b', 'Bob', null), stale: 'unmatched' },
      { ...row('c', 'Cy'), stale: 'gone' },
    ]);
  });

  it('keeps a newly shown column filled when an older read without it lands after', () => {
    const filled: FleetRow = { ...row('a', 'Ann'), batteryCycleCount: 7 };
    const merged = mergeRefreshed([page(filled)], new Map([['a', found(row('a', 'Ann'))]]));
    expect(merged[0]?.devices[0]).toBe(filled);
  });

  it('says why a row is muted, in a sentence and in a short label', () => {
    expect(staleNote('unmatched')).toBe('No longer matches the query');
    expect(staleNote('gone')).toBe('No longer in your fleet');
    expect(staleLabel('unmatched')).toBe('Left query');
    expect(staleLabel('gone')).toBe('Left fleet');
  });
});

describe('showing columns', () => {
  it('needs a read only when a column was not shown before', () => {
    expect(showsNewColumn(['model', 'annotatedUser'], ['model', 'annotatedUser', 'osVersion'])).toBe(true);
    expect(showsNewColumn(['model', 'annotatedUser'], ['annotatedUser', 'model'])).toBe(false);
    expect(showsNewColumn(['model', 'annotatedUser'], ['model'])).toBe(false);
    // Hidden, then shown again: its values may have aged while hidden (reads left it out).
    expect(showsNewColumn(['model'], ['model', 'annotatedUser'])).toBe(true);
  });
});

describe('the rows the table lists', () => {
  it('lists a device once, where it was first loaded, when a later page brings it again', () => {
    // Sorted by user: Bob's row was refreshed in place as Zed, so the page after the cursor has him too.
    const pages = [page(row('a', 'Ann'), row('b', 'Zed')), page(row('c', 'Cy'), row('b', 'Zed'), row('d'))];
    const rows = loadedRows(pages);
    expect(rows.map((each) => each.deviceId)).toEqual(['a', 'b', 'c', 'd']);
    expect(rows[1]).toBe(pages[0]?.devices[1]);
    expect(loadedRows([])).toEqual([]);
  });
});

describe('which loaded rows a change refreshes', () => {
  const loaded = (count: number) => Array.from({ length: count }, (_, index) => `d${index}`);

  it('refreshes every loaded row up to the eager limit, those near the screen first', () => {
    const all = loaded(EAGER_REFRESH_ROWS);
    const plan = planRefresh(all, null, { first: 600, last: 620 });
    expect(plan.later).toEqual([]);
    expect([...plan.now].sort()).toEqual([...all].sort());
    expect(plan.now[0]).toBe(`d${600 - REFRESH_MARGIN_ROWS}`);
  });

  it('refreshes only the named devices that are loaded', () => {
    const plan = planRefresh(loaded(10), new Set(['d3', 'd7', 'elsewhere']), { first: 0, last: 5 });
    expect(plan).toEqual({ now: ['d3', 'd7'], later: [] });
  });

  it('beyond the eager limit, refreshes the screen and a margin now and the rest when scrolled to', () => {
    const all = loaded(3_000);
    const visible = { first: 1_000, last: 1_030 };
    const plan = planRefresh(all, null, visible);
    expect(plan.now).toHaveLength(30 + 1 + 2 * REFRESH_MARGIN_ROWS);
    expect(plan.now[0]).toBe(`d${1_000 - REFRESH_MARGIN_ROWS}`);
    expect(plan.now.length + plan.later.length).toBe(3_000);
    expect(new Set([...plan.now, ...plan.later]).size).toBe(3_000);

    const waiting = new Set(plan.later);
    const due = dueIds(all, waiting, { first: 2_500, last: 2_530 });
    expect(due).toHaveLength(30 + 1 + 2 * REFRESH_MARGIN_ROWS);
    expect(due.every((id) => waiting.has(id))).toBe(true);
    // Back where it was refreshed: nothing is due.
    expect(dueIds(all, waiting, visible)).toEqual([]);
  });

  it('clips the window at the top of the list', () => {
    const plan = planRefresh(loaded(2_000), null, { first: 0, last: 20 });
    expect(plan.now).toHaveLength(21 + REFRESH_MARGIN_ROWS);
    expect(plan.now[0]).toBe('d0');
  });
});
