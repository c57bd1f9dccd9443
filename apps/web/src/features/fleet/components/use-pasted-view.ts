import { useEffect } from 'react';
import type { FleetViewState } from '../fleet-url-state.ts';
import type { UnmatchedLine } from '../paste-summary.ts';
import {
  forgetPastedList,
  KEPT_UNMATCHED,
  keepPastedList,
  newPastedListId,
  type ListStorage,
} from '../pasted-list-store.ts';
import { closePasted, showPasted } from '../selection.ts';
import { useTableState } from './use-table-state.ts';

const sessionStore = (): ListStorage => window.sessionStorage;

/**
 * Why: a pasted list shown as the table survives a reload of the tab. Its devices are kept in this
 * tab's storage under a fresh id that the URL carries; closing the list forgets it. A URL naming a
 * list that is not kept here (closed, another tab's, altered) shows the URL's query instead, and
 * `lostPastedId` says so until dismissed.
 */
export function usePastedView(
  view: FleetViewState,
  setView: (patch: Partial<FleetViewState>) => void,
  canSelect: boolean,
) {
  const { table, setTable, lostPastedId, dismissLost } = useTableState(view.q, view.pastedId, canSelect);
  useEffect(() => {
    if (lostPastedId !== null && view.pastedId === lostPastedId) setView({ pastedId: null });
  }, [lostPastedId, view.pastedId, setView]);

  const showList = (ids: string[], lines: readonly UnmatchedLine[]) => {
    const id = newPastedListId();
    const unmatched = { lines: lines.slice(0, KEPT_UNMATCHED), total: lines.length };
    setTable((current) => showPasted(current, { id, ids, unmatched }, canSelect));
    dismissLost();
    // Storage blocked or full: the list is shown, only a reload will not bring it back.
    if (keepPastedList(id, ids, sessionStore, lines)) setView({ pastedId: id });
  };
  const closeList = () => {
    if (table.pasted) forgetPastedList(table.pasted.id, sessionStore);
    setTable(closePasted);
    setView({ pastedId: null });
  };
  return { table, setTable, lostPastedId, dismissLost, showList, closeList };
}
