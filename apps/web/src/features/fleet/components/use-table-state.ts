import { useState } from 'react';
import { readPastedList, readPastedUnmatched, type ListStorage } from '../pasted-list-store.ts';
import { closePasted, EMPTY_SELECTION, showPasted, tableStateFor, type TableState } from '../selection.ts';

const sessionStore = (): ListStorage => window.sessionStorage;

interface Held {
  readonly table: TableState;
  /** The pasted list id the URL named when last looked at. */
  readonly urlPastedId: string | null;
  /** A list the URL named that could not be restored (gone from the tab, or altered): said once. */
  readonly lost: string | null;
}

/** The list the URL names, shown as after its paste, or the table without it and the id as lost. */
function restore(table: TableState, id: string, canSelect: boolean): Pick<Held, 'table' | 'lost'> {
  const ids = readPastedList(id, sessionStore);
  return ids
    ? {
        table: showPasted(table, { id, ids, unmatched: readPastedUnmatched(id, sessionStore) }, canSelect),
        lost: null,
      }
    : { table: closePasted(table), lost: id };
}

/**
 * Why: the selection and the pasted list belong to the query they were made on. A new query (typed,
 * a facet, a saved view, back and forward) resets them during that render, before anything can act
 * on them, and the reset is kept: going back to the old query does not bring the selection back.
 * The URL's `pasted` id brings a list kept in this tab back after a reload, or when back and
 * forward lead to it; changes made here reach the URL a moment later and are not undone meanwhile.
 */
export function useTableState(
  q: string,
  urlPastedId: string | null,
  canSelect: boolean,
): {
  table: TableState;
  setTable: (change: (current: TableState) => TableState) => void;
  lostPastedId: string | null;
  dismissLost: () => void;
} {
  const [held, setHeld] = useState<Held>(() => {
    const empty: TableState = { q, pasted: null, selection: EMPTY_SELECTION };
    if (urlPastedId === null) return { table: empty, urlPastedId, lost: null };
    return { ...restore(empty, urlPastedId, canSelect), urlPastedId };
  });
  let next = held;
  const table = tableStateFor(held.table, q);
  if (table !== held.table) next = { ...next, table };
  if (urlPastedId !== held.urlPastedId) {
    next = { ...next, urlPastedId };
    // The address changed from outside (back, forward, a link): it names what to show.
    if ((next.table.pasted?.id ?? null) !== urlPastedId) {
      next =
        urlPastedId === null
          ? { ...next, table: closePasted(next.table) }
          : { ...next, ...restore(next.table, urlPastedId, canSelect) };
    }
  }
  if (next !== held) setHeld(next);
  return {
    table: next.table,
    setTable: (change) => setHeld((current) => ({ ...current, table: change(current.table) })),
    lostPastedId: next.lost,
    dismissLost: () => setHeld((current) => ({ ...current, lost: null })),
  };
}
