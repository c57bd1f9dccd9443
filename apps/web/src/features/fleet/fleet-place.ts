import { DEVICE_ID_PATTERN } from '@fleetdeck/shared/app-routes';
import { FLEET_LIST_LIMITS } from '@fleetdeck/shared/fleet-columns';
import type { FleetViewState } from './fleet-url-state.ts';

/**
 * Where the admin was in a fleet list when they left the fleet page (to open a device, mostly), so
 * that Back or the device page's "Devices" breadcrumb returns to the same rows with the same active
 * row (decision 029). Kept per list in this tab's sessionStorage, a few lists at most, and taken
 * (read once, then forgotten) when the table shows that list again. A place names devices, not only
 * offsets: it is only restored where those devices are among the rows already loaded, so another
 * list, or the same list whose cached pages are gone, starts at the top.
 */

export type PlaceStorage = Pick<Storage, 'getItem' | 'setItem'>;

export const FLEET_PLACES_KEY = 'fleetdeck:fleet-places';
/** Lists whose place is kept: the last few left. */
const KEPT_PLACES = 10;
/** Far above KEPT_PLACES places of the longest query; anything longer is ignored. */
const MAX_STORED_CHARS = KEPT_PLACES * (FLEET_LIST_LIMITS.queryChars * 2 + 1_000);
/** Far above any row index the table can hold (a scrollbar of some millions of pixels). */
const MAX_INDEX = 10_000_000;

const MAX_LIST_CHARS = FLEET_LIST_LIMITS.queryChars * 2 + 200;

interface PlacedRow {
  readonly deviceId: string;
  readonly index: number;
}

export interface FleetPlace {
  readonly list: string;
  /** The first row in view, and how far (a fraction of a row) it was scrolled past. */
  readonly top: PlacedRow & { readonly offset: number };
  /** The keyboard's active row: the device opened, when it was opened from the table. */
  readonly active: PlacedRow | null;
  readonly scrollLeft: number;
  /** Where focus was: on the grid or a row after keys, after a pointer, or outside the table. */
  readonly focus: 'keyboard' | 'pointer' | null;
}

export type PlaceFocus = FleetPlace['focus'];

/**
 * Why: a place belongs to the rows' order, which the query and sort decide (or a pasted list, in
 * its own order); columns and density change neither, so they do not make another list.
 */
export function fleetListKey(view: Pick<FleetViewState, 'q' | 'sort' | 'dir' | 'pastedId'>): string {
  return view.pastedId !== null
    ? JSON.stringify(['pasted', view.pastedId])
    : JSON.stringify(['query', view.q, view.sort, view.dir]);
}

interface Row {
  readonly deviceId: string;
}

/**
 * Why: the place is saved as devices (the first row in view and the active one) with their indexes,
 * so that coming back can check the rows are still the same list, loaded as far. Null when the
 * first row in view is not loaded (scrolled past the loaded rows): there is no place to go back to.
 */
export function placeOf(table: {
  list: string;
  rows: readonly Row[];
  rowHeight: number;
  scrollTop: number;
  scrollLeft: number;
  activeIndex: number;
  focus: PlaceFocus;
}): FleetPlace | null {
  const { rows, rowHeight } = table;
  const topRow = Math.max(0, table.scrollTop) / rowHeight;
  const topIndex = Math.floor(topRow);
  const top = rows[topIndex];
  if (!top || topIndex > MAX_INDEX) return null;
  const active = rows[table.activeIndex];
  return {
    list: table.list,
    top: { deviceId: top.deviceId, index: topIndex, offset: topRow - topIndex },
    active: active ? { deviceId: active.deviceId, index: table.activeIndex } : null,
    scrollLeft: Math.min(MAX_INDEX, Math.max(0, Math.round(table.scrollLeft))),
    focus: table.focus,
  };
}

/**
 * Why: a place is only worth restoring where its rows are loaded: the first row in view must be
 * among the loaded rows (at its index, or moved by a few when a page came back slightly different),
 * and the active row is found relative to it. Returns the row to scroll to (fractional) and the
 * active row, or null: start at the top, without loading rows to reach the place.
 */
export function placeInRows(
  place: FleetPlace,
  rows: readonly Row[],
): { readonly topRow: number; readonly active: number } | null {
  const top = indexOf(rows, place.top.deviceId, place.top.index);
  if (top < 0) return null;
  const shift = top - place.top.index;
  const active = place.active ? indexOf(rows, place.active.deviceId, place.active.index + shift) : -1;
  return { topRow: top + place.top.offset, active: active < 0 ? top : active };
}

function indexOf(rows: readonly Row[], deviceId: string, expected: number): number {
  if (rows[expected]?.deviceId === deviceId) return expected;
  return rows.findIndex((row) => row.deviceId === deviceId);
}

/** Why: leaving the page keeps this list's place; the oldest lists' places make room. */
export function keepPlace(place: FleetPlace, storage: () => PlaceStorage): void {
  try {
    const store = storage();
    const others = readPlaces(store).filter((kept) => kept.list !== place.list);
    store.setItem(FLEET_PLACES_KEY, JSON.stringify([place, ...others].slice(0, KEPT_PLACES)));
  } catch {
    // Storage blocked or full: coming back starts at the top, as without a place.
  }
}

/**
 * Why: a place is used once, when the table shows its list again; a later visit to the same list
 * (typed again, reloaded) starts at the top unless the admin left from it again.
 */
export function takePlace(list: string, storage: () => PlaceStorage): FleetPlace | null {
  try {
    const store = storage();
    const places = readPlaces(store);
    const place = places.find((kept) => kept.list === list);
    if (!place) return null;
    store.setItem(FLEET_PLACES_KEY, JSON.stringify(places.filter((kept) => kept !== place)));
    return place;
  } catch {
    return null;
  }
}

/** The places kept, each checked as strictly as it was written; anything else is dropped. */
function readPlaces(store: PlaceStorage): FleetPlace[] {
  const text = store.getItem(FLEET_PLACES_KEY);
  if (text === null || text.length > MAX_STORED_CHARS) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.slice(0, KEPT_PLACES).flatMap((item: unknown) => {
    const place = storedPlaceOf(item);
    return place ? [place] : [];
  });
}

/**
 * Why: what sessionStorage gives back is checked field by field, by hand: a schema library here
 * would add its whole runtime (~24 KB gzip) to the fleet page's first load for one small shape.
 */
function storedPlaceOf(item: unknown): FleetPlace | null {
  if (!isRecord(item)) return null;
  const { list, top, active, scrollLeft, focus } = item;
  if (typeof list !== 'string' || list.length > MAX_LIST_CHARS) return null;
  const topRow = placedRowOf(top);
  if (!topRow || !isRecord(top) || !isNumberIn(top.offset, 0, 1)) return null;
  const activeRow = active === null ? null : placedRowOf(active);
  if (active !== null && !activeRow) return null;
  if (!isNumberIn(scrollLeft, 0, MAX_INDEX)) return null;
  if (focus !== null && focus !== 'keyboard' && focus !== 'pointer') return null;
  return { list, top: { ...topRow, offset: top.offset }, active: activeRow, scrollLeft, focus };
}

function placedRowOf(value: unknown): PlacedRow | null {
  if (!isRecord(value)) return null;
  const { deviceId, index } = value;
  if (typeof deviceId !== 'string' || !DEVICE_ID_PATTERN.test(deviceId)) return null;
  if (!isNumberIn(index, 0, MAX_INDEX) || !Number.isInteger(index)) return null;
  return { deviceId, index };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isNumberIn(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max;
}
