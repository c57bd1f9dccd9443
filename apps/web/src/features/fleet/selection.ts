/**
 * What the admin has selected: explicit device ids (clicked, or resolved from a pasted list), or
 * every device matching the current query. Bulk actions target one or the other.
 */

export type FleetSelection =
  | { readonly kind: 'ids'; readonly ids: ReadonlySet<string>; readonly source: 'table' | 'paste' }
  | { readonly kind: 'query'; readonly q: string; readonly count: number; readonly exact: boolean };

export const EMPTY_SELECTION: FleetSelection = { kind: 'ids', ids: new Set(), source: 'table' };

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

/** The bulk API's target for a selection. */
export function bulkTarget(selection: FleetSelection): { deviceIds: string[] } | { query: string } {
  return selection.kind === 'ids' ? { deviceIds: [...selection.ids] } : { query: selection.q };
}
