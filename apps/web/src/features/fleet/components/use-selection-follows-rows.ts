import { useState } from 'react';
import type { FleetRow } from '../live-rows.ts';
import { withoutLeftRows, type TableState } from '../selection.ts';

/**
 * Why: the selection holds only devices the table lists. When the rows change (the list loaded
 * again from the top), selected devices whose rows had left the query or the fleet, and are gone
 * from the list now, leave the selection in the same render, before the selection bar counts them
 * or an action reaches them.
 */
export function useSelectionFollowsRows(
  rows: readonly FleetRow[],
  table: TableState,
  setTable: (change: (current: TableState) => TableState) => void,
): void {
  const [listed, setListed] = useState(rows);
  if (rows === listed) return;
  setListed(rows);
  if (withoutLeftRows(table.selection, listed, rows) === table.selection) return;
  setTable((current) => ({ ...current, selection: withoutLeftRows(current.selection, listed, rows) }));
}
