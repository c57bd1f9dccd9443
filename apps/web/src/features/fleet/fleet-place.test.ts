import { describe, expect, it } from 'vitest';
import {
  FLEET_PLACES_KEY,
  fleetListKey,
  keepPlace,
  placeInRows,
  placeOf,
  takePlace,
  type FleetPlace,
} from './fleet-place.ts';
import { readViewState } from './fleet-url-state.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

const rows = (count: number, from = 0) =>
  Array.from({ length: count }, (_, index) => ({ deviceId: `dev-${from + index}` }));

const view = (search: string) => readViewState(new URLSearchParams(search));

const LIST = fleetListKey(view('q=status:ACTIVE'));

function place(overrides: Partial<FleetPlace> = {}): FleetPlace {
  return {
    list: LIST,
    top: { deviceId: 'dev-1490', index: 1490, offset: 0.5 },
    active: { deviceId: 'dev-1500', index: 1500 },
    scrollLeft: 0,
    focus: 'pointer',
    ...overrides,
  };
}

describe('the list a place belongs to', () => {
  it('is the query and sort, whatever the columns and density', () => {
    expect(fleetListKey(view('q=status:ACTIVE&cols=model&density=comfortable'))).toBe(LIST);
    expect(fleetListKey(view('q=status:ACTIVE&sort=model'))).not.toBe(LIST);
    expect(fleetListKey(view('q=status:ACTIVE&dir=desc'))).not.toBe(LIST);
    expect(fleetListKey(view('q=status:DISABLED'))).not.toBe(LIST);
  });

  it('is the pasted list when one is shown, whatever the query', () => {
    expect(fleetListKey(view('pasted=abc123&q=x'))).toBe(fleetListKey(view('pasted=abc123')));
    expect(fleetListKey(view('pasted=abc123'))).not.toBe(fleetListKey(view('pasted=xyz789')));
    expect(fleetListKey(view('pasted=abc123'))).not.toBe(fleetListKey(view('')));
  });
});

describe('the place the admin leaves', () => {
  it('names the first row in view, how far it is scrolled past, and the active row', () => {
    const left = placeOf({
      list: LIST,
      rows: rows(1600),
      rowHeight: 30,
      scrollTop: 1490 * 30 + 15,
      scrollLeft: 120.4,
      activeIndex: 1500,
      focus: 'keyboard',
    });
    expect(left).toEqual(place({ scrollLeft: 120, focus: 'keyboard' }));
  });

  it('has no active row when the active one is not loaded', () => {
    const left = placeOf({
      list: LIST,
      rows: rows(100),
      rowHeight: 30,
      scrollTop: 0,
      scrollLeft: 0,
      activeIndex: 5_000,
      focus: null,
    });
    expect(left?.active).toBeNull();
    expect(left?.top).toEqual({ deviceId: 'dev-0', index: 0, offset: 0 });
  });

  it('is nothing when the rows in view are not loaded yet', () => {
    const left = placeOf({
      list: LIST,
      rows: rows(100),
      rowHeight: 30,
      scrollTop: 2_000 * 30,
      scrollLeft: 0,
      activeIndex: 0,
      focus: null,
    });
    expect(left).toBeNull();
  });
});

describe('restoring a place', () => {
  it('returns to the same rows when they are loaded where they were', () => {
    expect(placeInRows(place(), rows(1600))).toEqual({ topRow: 1490.5, active: 1500 });
  });

  it('follows the rows when they moved (a page came back with devices before them)', () => {
    expect(placeInRows(place(), rows(1600, -3))).toEqual({ topRow: 1493.5, active: 1503 });
  });

  it('starts at the top when only the first page is loaded (the cached pages were dropped)', () => {
    expect(placeInRows(place(), rows(100))).toBeNull();
  });

  it('makes the first row in view active when the active device is not among the rows', () => {
    const gone = place({ active: { deviceId: 'dev-999999', index: 1500 } });
    expect(placeInRows(gone, rows(1600))).toEqual({ topRow: 1490.5, active: 1490 });
    expect(placeInRows(place({ active: null }), rows(1600))).toEqual({ topRow: 1490.5, active: 1490 });
  });
});

describe('keeping places in storage', () => {
  it('gives a place back once, for its own list only', () => {
    const storage = memoryStorage();
    keepPlace(place(), () => storage);
    expect(takePlace(fleetListKey(view('q=status:DISABLED')), () => storage)).toBeNull();
    expect(takePlace(LIST, () => storage)).toEqual(place());
    expect(takePlace(LIST, () => storage)).toBeNull();
  });

  it('keeps the last place per list, and the last ten lists', () => {
    const storage = memoryStorage();
    for (let n = 0; n < 12; n += 1) keepPlace(place({ list: `list-${n}` }), () => storage);
    keepPlace(place({ list: 'list-11', scrollLeft: 40 }), () => storage);
    expect(takePlace('list-11', () => storage)?.scrollLeft).toBe(40);
    expect(takePlace('list-2', () => storage)).not.toBeNull();
    expect(takePlace('list-1', () => storage)).toBeNull();
    expect(takePlace('list-0', () => storage)).toBeNull();
  });

  it('ignores what it did not write: other shapes, bad device ids, unbounded numbers, broken JSON', () => {
    const storage = memoryStorage();
    const negative = { ...place(), scrollLeft: -1 };
    const bad = [
      { ...place(), top: { deviceId: '../../x', index: 1, offset: 0 } },
      negative,
      { ...place(), top: { deviceId: 'dev-1', index: 1e12, offset: 0 } },
      { ...place(), focus: 'everywhere' },
      { ...place(), top: { deviceId: 'dev-1', index: 1.5, offset: 0 } },
      { ...place(), top: { deviceId: 'dev-1', index: 1, offset: 2 } },
      { ...place(), active: { deviceId: 'dev-1' } },
      { ...place(), list: 7 },
      'not a place',
    ];
    storage.setItem(FLEET_PLACES_KEY, JSON.stringify(bad));
    expect(takePlace(LIST, () => storage)).toBeNull();
    storage.setItem(FLEET_PLACES_KEY, '{not json');
    expect(takePlace(LIST, () => storage)).toBeNull();
    storage.setItem(FLEET_PLACES_KEY, JSON.stringify([{ ...negative, scrollLeft: 0 }]));
    expect(takePlace(LIST, () => storage)).toEqual(place());
  });

  it('does nothing when storage is blocked', () => {
    const blocked = () => {
      throw new DOMException('blocked', 'SecurityError');
    };
    expect(() => keepPlace(place(), blocked)).not.toThrow();
    expect(takePlace(LIST, blocked)).toBeNull();
  });
});
