import {
  DEFAULT_FLEET_COLUMNS,
  FLEET_COLUMNS,
  FLEET_LIST_LIMITS,
  isFleetColumnId,
  type FleetColumnId,
} from '@fleetdeck/shared/fleet-columns';

/**
 * The fleet table's view state as it lives in the URL (`?q=&cols=&sort=&dir=&density=&view=&pasted=`),
 * so every view can be bookmarked, shared and reopened. Parsing never throws: unknown columns are
 * dropped, an unsortable sort falls back to the default. `pasted` names a pasted list kept in this
 * tab (pasted-list-store.ts); a new query drops it, as it drops the list from the table.
 */

export const DENSITIES = ['compact', 'standard', 'comfortable'] as const;
export type Density = (typeof DENSITIES)[number];

/** Row height in pixels per density; the virtualiser relies on fixed heights. */
export const ROW_HEIGHT: Readonly<Record<Density, number>> = { compact: 30, standard: 38, comfortable: 48 };

export type SortDir = 'asc' | 'desc';

export interface FleetViewState {
  readonly q: string;
  readonly columns: readonly FleetColumnId[];
  readonly sort: FleetColumnId;
  readonly dir: SortDir;
  readonly density: Density;
  readonly viewId: string | null;
  /** The pasted list shown instead of the query's matches (its id in this tab's storage). */
  readonly pastedId: string | null;
}

export const DEFAULT_SORT: FleetColumnId = 'serialNumber';
const SORTABLE = new Set(FLEET_COLUMNS.filter((column) => column.sortable).map((column) => column.id));

export function isSortable(id: FleetColumnId): boolean {
  return SORTABLE.has(id);
}

/** Why: one reading of the URL for the table, the export link and saved views. */
export function readViewState(params: URLSearchParams): FleetViewState {
  const q = (params.get('q') ?? '').slice(0, FLEET_LIST_LIMITS.queryChars);
  const columns = parseColumns(params.get('cols'));
  const sortParam = params.get('sort') ?? '';
  const sort = isFleetColumnId(sortParam) && isSortable(sortParam) ? sortParam : DEFAULT_SORT;
  const dir = params.get('dir') === 'desc' ? 'desc' : 'asc';
  const densityParam = params.get('density');
  const density = (DENSITIES as readonly string[]).includes(densityParam ?? '')
    ? (densityParam as Density)
    : 'compact';
  const viewId = params.get('view');
  const pastedId = params.get('pasted');
  return {
    q,
    columns,
    sort,
    dir,
    density,
    viewId: viewId && viewId.length <= 64 ? viewId : null,
    // Kept as given (bounded) so a link to a list that is gone can say so; the store checks it.
    pastedId: pastedId ? pastedId.slice(0, 64) : null,
  };
}

function parseColumns(value: string | null): readonly FleetColumnId[] {
  if (!value) return DEFAULT_FLEET_COLUMNS;
  const seen = new Set<FleetColumnId>();
  for (const part of value.split(',')) {
    const id = part.trim();
    if (isFleetColumnId(id)) seen.add(id);
  }
  return seen.size > 0 ? [...seen] : DEFAULT_FLEET_COLUMNS;
}

/**
 * Why: defaults stay out of the URL, so a plain `/devices/fleetStatus` is the default view. A new
 * query drops the pasted list unless the change names one.
 */
export function writeViewState(state: Partial<FleetViewState>, base: FleetViewState): URLSearchParams {
  const newQuery = state.q !== undefined && state.q !== base.q && state.pastedId === undefined;
  const next = { ...base, ...state, ...(newQuery ? { pastedId: null } : {}) };
  const params = new URLSearchParams();
  if (next.q) params.set('q', next.q);
  if (!sameColumns(next.columns, DEFAULT_FLEET_COLUMNS)) params.set('cols', next.columns.join(','));
  if (next.sort !== DEFAULT_SORT) params.set('sort', next.sort);
  if (next.dir !== 'asc') params.set('dir', next.dir);
  if (next.density !== 'compact') params.set('density', next.density);
  if (next.viewId) params.set('view', next.viewId);
  if (next.pastedId) params.set('pasted', next.pastedId);
  return params;
}

export function sameColumns(a: readonly FleetColumnId[], b: readonly FleetColumnId[]): boolean {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}

/** Whether the URL carries an explicit state besides the view id (then the URL wins over the view). */
export function hasExplicitState(params: URLSearchParams): boolean {
  return ['q', 'cols', 'sort', 'dir'].some((key) => params.has(key));
}
