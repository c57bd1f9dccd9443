import type { FleetTableRow, ListDevicesResponse } from '@fleetdeck/shared/fleet-contract';

/**
 * Live updates refresh the table's loaded rows by device id and in place (use-live-refresh.ts).
 * A loaded device that no longer matches the query, or is gone, keeps its row, muted, with a badge
 * saying why: dropping it would move every row below it under the admin's eyes (what live updates
 * exist to avoid), and it may be the row being read or selected. The row leaves the list the next
 * time the list loads from the top ("Show them" on the new-devices banner, another query or sort,
 * a reload), like the devices that joined the fleet appear only then.
 */
export type StaleReason = 'unmatched' | 'gone';

/** A row of the table: the API's row, marked when a refresh found it stale. */
export type FleetRow = FleetTableRow & { readonly stale?: StaleReason };

/** A loaded page of the table (the API's page, whose rows a refresh may have marked). */
export type FleetPage = Omit<ListDevicesResponse, 'devices'> & { readonly devices: readonly FleetRow[] };

/** What a by-id read found for one loaded device: its current row (null: gone), and whether it still matches. */
export interface RefreshedRow {
  readonly row: FleetTableRow | null;
  readonly matches: boolean;
}

/** Loaded rows up to which a change refreshes every loaded row at once (20 requests of 50 ids). */
export const EAGER_REFRESH_ROWS = 1_000;
/** Rows above and below the visible ones refreshed with them when more than that are loaded. */
export const REFRESH_MARGIN_ROWS = 150;

const NOTES: Readonly<Record<StaleReason, string>> = {
  unmatched: 'No longer matches the query',
  gone: 'No longer in your fleet',
};

const LABELS: Readonly<Record<StaleReason, string>> = {
  unmatched: 'Left query',
  gone: 'Left fleet',
};

/** Why: a muted row says why in a full sentence (the badge's tooltip and screen-reader text). */
export function staleNote(reason: StaleReason): string {
  return NOTES[reason];
}

/** Why: the row's badge says why at a glance, short enough to sit beside the serial number. */
export function staleLabel(reason: StaleReason): string {
  return LABELS[reason];
}

/**
 * Why: refreshed rows replace the loaded ones where they stand, and nothing is added or removed,
 * so no row moves. Pages and rows that did not change keep their identity (no re-render).
 */
export function mergeRefreshed(
  pages: readonly FleetPage[],
  refreshed: ReadonlyMap<string, RefreshedRow>,
): FleetPage[] {
  return pages.map((page) => {
    const devices = page.devices.map((row) => {
      const found = refreshed.get(row.deviceId);
      if (!found) return row;
      const next = refreshedRow(row, found);
      return sameRow(row, next) ? row : next;
    });
    return devices.some((row, index) => row !== page.devices[index]) ? { ...page, devices } : page;
  });
}

/**
 * Why: the table's rows, each device once. Rows stay where they were loaded, so a device whose
 * sort value a refresh changed (a later last sync, another user) comes again in a page loaded
 * after it, past the cursor; it stays listed where it was first loaded, not twice.
 */
export function loadedRows(pages: readonly FleetPage[]): FleetRow[] {
  const seen = new Set<string>();
  const rows: FleetRow[] = [];
  for (const page of pages) {
    for (const row of page.devices) {
      if (seen.has(row.deviceId)) continue;
      seen.add(row.deviceId);
      rows.push(row);
    }
  }
  return rows;
}

function refreshedRow(row: FleetRow, found: RefreshedRow): FleetRow {
  const { stale: _previous, ...values } = row;
  // A gone device keeps the values last read. Columns the read did not carry (one shown while it
  // was under way) keep theirs too, rather than turning blank.
  const current: FleetTableRow = found.row ? { ...values, ...found.row } : values;
  const stale: StaleReason | undefined =
    found.row === null ? 'gone' : found.matches ? undefined : 'unmatched';
  return stale ? { ...current, stale } : current;
}

function sameRow(a: FleetRow, b: FleetRow): boolean {
  const keys = Object.keys(a) as (keyof FleetRow)[];
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/**
 * Why: rows carry only the columns they were read with, so a column that was not shown before needs
 * its cells read (by id, like a change: refetching the pages would slip the devices that joined
 * the fleet in and move rows). Hiding or reordering columns needs nothing.
 */
export function showsNewColumn(before: readonly string[], after: readonly string[]): boolean {
  const shown = new Set(before);
  return after.some((column) => !shown.has(column));
}

export interface RowWindow {
  /** Index of the first and last row on screen (with the table's overscan). */
  readonly first: number;
  readonly last: number;
}

/**
 * Why: the requests a change costs stay bounded by the rows loaded, and then by the screen. Up to
 * EAGER_REFRESH_ROWS loaded rows (the first page and a few scrolls) all of them refresh now; beyond,
 * only the rows on screen and a margin around them do, and the others (`later`) when they are
 * scrolled to. Refetching the pages instead would bring in the devices that joined the fleet.
 * `named`: the devices the change names (null: any loaded device may have changed). The rows
 * around the screen come first, so they are read first.
 */
export function planRefresh(
  loaded: readonly string[],
  named: ReadonlySet<string> | null,
  visible: RowWindow,
): { now: string[]; later: string[] } {
  const wanted = unique(named ? loaded.filter((id) => named.has(id)) : loaded);
  const wantedSet = new Set(wanted);
  const near = unique(windowIds(loaded, visible).filter((id) => wantedSet.has(id)));
  if (wanted.length <= EAGER_REFRESH_ROWS) return { now: unique([...near, ...wanted]), later: [] };
  const nearSet = new Set(near);
  return { now: near, later: wanted.filter((id) => !nearSet.has(id)) };
}

/** Why: rows left for later refresh once they come near the screen. */
export function dueIds(
  loaded: readonly string[],
  waiting: ReadonlySet<string>,
  visible: RowWindow,
): string[] {
  return unique(windowIds(loaded, visible).filter((id) => waiting.has(id)));
}

function windowIds(loaded: readonly string[], visible: RowWindow): string[] {
  const from = Math.max(0, visible.first - REFRESH_MARGIN_ROWS);
  return loaded.slice(from, Math.max(from, visible.last + REFRESH_MARGIN_ROWS + 1));
}

function unique(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}
