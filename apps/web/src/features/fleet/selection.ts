import type { FleetRow } from './live-rows.ts';
import type { KeptUnmatched } from './pasted-list-store.ts';

/**
 * What the admin has selected: explicit device ids (clicked, or resolved from a pasted list), or
 * every device matching the current query. Bulk actions target one or the other.
 */

export type FleetSelection =
  | { readonly kind: 'ids'; readonly ids: ReadonlySet<string>; readonly source: 'table' | 'paste' }
  | { readonly kind: 'query'; readonly q: string; readonly count: number; readonly exact: boolean };

export const EMPTY_SELECTION: FleetSelection = { kind: 'ids', ids: new Set(), source: 'table' };

/**
 * A pasted list's matched devices, in the list's order; `id` tells one paste from the next and
 * names the list kept in this tab (pasted-list-store.ts).
 */
export interface PastedList {
  readonly id: string;
  readonly ids: readonly string[];
  /** The pasted lines that matched no device, or several: listed beside the table. */
  readonly unmatched?: KeptUnmatched;
}

/** What the table shows (the query's matches, or a pasted list instead) and what is selected in it. */
export interface TableState {
  /** The query the selection and the pasted list were made on. */
  readonly q: string;
  readonly pasted: PastedList | null;
  readonly selection: FleetSelection;
}

export function selectionSize(selection: FleetSelection): number {
  return selection.kind === 'ids' ? selection.ids.size : selection.count;
}

export function isSelected(selection: FleetSelection, deviceId: string): boolean {
  return selection.kind === 'query' || selection.ids.has(deviceId);
}

/** Why: Space and a checkbox click toggle one device; a query selection becomes explicit first. */
export function toggleIds(
  selection: FleetSelection,
  ids: readonly string[],
  select: boolean,
  loadedIds: readonly string[],
): FleetSelection {
  const next = new Set(selection.kind === 'ids' ? selection.ids : loadedIds);
  for (const id of ids) {
    if (select) next.add(id);
    else next.delete(id);
  }
  return { kind: 'ids', ids: next, source: 'table' };
}

/**
 * Why (safety): a selection holds only for the devices it was made among. A new query drops it,
 * and the pasted list with it, so a bulk action never reaches devices the admin no longer sees.
 */
export function tableStateFor(state: TableState, q: string): TableState {
  return state.q === q ? state : { q, pasted: null, selection: EMPTY_SELECTION };
}

/** Why: after a paste the table shows exactly the pasted devices, selected when the admin may act. */
export function showPasted(state: TableState, pasted: PastedList, select: boolean): TableState {
  const selection: FleetSelection = select
    ? { kind: 'ids', ids: new Set(pasted.ids), source: 'paste' }
    : EMPTY_SELECTION;
  return { ...state, pasted, selection };
}

/** Back to the query's matches: a selection made among the pasted devices would be out of sight. */
export function closePasted(state: TableState): TableState {
  return { ...state, pasted: null, selection: EMPTY_SELECTION };
}

/**
 * Why: once a bulk action has run, its devices were acted on and the selection is done with. Kept,
 * it would outlive their rows (moved out of the query, they leave the table as it reloads), and
 * the next action would reach devices the admin no longer sees. Failures are retried in the run's
 * own dialog, before it closes.
 */
export function afterBulkRun(state: TableState): TableState {
  return selectionSize(state.selection) === 0 ? state : { ...state, selection: EMPTY_SELECTION };
}

/**
 * Why: a row that left the query or the fleet stays in place, marked, until the list loads again
 * from the top ("Show them", another sort, a reload after a bulk run: live-rows.ts); then it is
 * gone from the table, and goes from the selection with it. Selected devices merely not loaded
 * again yet (further down) stay selected. Returns the same selection when nothing left.
 */
export function withoutLeftRows(
  selection: FleetSelection,
  before: readonly FleetRow[],
  after: readonly FleetRow[],
): FleetSelection {
  if (selection.kind !== 'ids') return selection;
  const left = before.filter((row) => row.stale !== undefined && selection.ids.has(row.deviceId));
  if (left.length === 0) return selection;
  const listed = new Set(after.map((row) => row.deviceId));
  const gone = left.filter((row) => !listed.has(row.deviceId));
  if (gone.length === 0) return selection;
  const ids = new Set(selection.ids);
  for (const row of gone) ids.delete(row.deviceId);
  return { ...selection, ids };
}

/** The bulk API's target for a selection. */
export function bulkTarget(selection: FleetSelection): { deviceIds: string[] } | { query: string } {
  return selection.kind === 'ids' ? { deviceIds: [...selection.ids] } : { query: selection.q };
}
