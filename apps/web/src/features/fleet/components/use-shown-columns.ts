import { useCallback, useSyncExternalStore } from 'react';
import { FLEET_COLUMNS, type FleetColumn, type FleetColumnId } from '@fleetdeck/shared/fleet-columns';

/** Below Tailwind's `sm` breakpoint: a phone held upright. */
const PHONE_QUERY = '(max-width: 639.98px)';

/** What a phone shows, whatever the view's columns: which device, is it in service, who has it. */
export const PHONE_COLUMNS: readonly FleetColumnId[] = ['serialNumber', 'status', 'annotatedUser'];
/**
 * 96 + 120 + 100 = 316 px: a 390-px screen less the page's padding, the grid's border and the
 * checkbox (a 10-character serial and "Pre-provisioned" whole, the start of an email).
 */
const PHONE_WIDTHS: Partial<Record<FleetColumnId, number>> = {
  serialNumber: 96,
  status: 120,
  annotatedUser: 100,
};
/** Headers short enough for those widths. */
const PHONE_LABELS: Partial<Record<FleetColumnId, string>> = { serialNumber: 'Serial' };

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Why: the grid, its rows and the request for them follow one column list, the phone's or the view's. */
export function useShownColumns(
  viewColumns: readonly FleetColumnId[],
  widthOf: (column: FleetColumn) => number,
): {
  ids: readonly FleetColumnId[];
  columns: FleetColumn[];
  widthOf: (column: FleetColumn) => number;
  phone: boolean;
} {
  const phone = useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
  const ids = phone ? PHONE_COLUMNS : viewColumns;
  const phoneWidthOf = useCallback(
    (column: FleetColumn) => PHONE_WIDTHS[column.id] ?? widthOf(column),
    [widthOf],
  );
  const columns = ids
    .map((id) => FLEET_COLUMNS.find((column) => column.id === id))
    .filter((column) => column !== undefined)
    .map((column) => (phone ? { ...column, label: PHONE_LABELS[column.id] ?? column.label } : column));
  return { ids, columns, widthOf: phone ? phoneWidthOf : widthOf, phone };
}
