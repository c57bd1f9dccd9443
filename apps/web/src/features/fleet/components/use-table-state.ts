import { useState } from 'react';
import { EMPTY_SELECTION, tableStateFor, type TableState } from '../selection.ts';

/**
 * Why: the selection and the pasted list belong to the query they were made on. A new query (typed,
 * a facet, a saved view, back and forward) resets them during that render, before anything can act
 * on them, and the reset is kept: going back to the old query does not bring the selection back.
 */
export function useTableState(
  q: string,
): [TableState, (change: (current: TableState) => TableState) => void] {
  const [stored, setStored] = useState<TableState>(() => ({ q, pasted: null, selection: EMPTY_SELECTION }));
  const state = tableStateFor(stored, q);
  if (state !== stored) setStored(state);
  return [state, setStored];
}
