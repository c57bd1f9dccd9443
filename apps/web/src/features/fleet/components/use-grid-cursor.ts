import { useCallback, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { FleetRow } from '../live-rows.ts';
import { isSelected, type FleetSelection } from '../selection.ts';

/**
 * Why: the grid is one tab stop with an active row (aria-activedescendant) that the keyboard moves
 * and acts on: arrows, Page Up/Down, Home/End move it; Enter opens its device, Space selects it
 * (Shift: from the last clicked row), Escape clears the selection. A click opens a device, or with
 * Shift, Ctrl or Cmd selects instead. The handlers the rows get stay stable while only the cursor
 * moves, so the memoised rows that did not change skip rendering.
 */
export function useGridCursor(grid: {
  rows: readonly FleetRow[];
  /** Rows the scrollbar stands for, placeholders included. */
  rowCount: number;
  selectable: boolean;
  selection: FleetSelection;
  onSelect: (ids: readonly string[], select: boolean) => void;
  onOpen: (deviceId: string) => void;
  onClearSelection: () => void;
  scrollToIndex: (index: number) => void;
  viewportRows: () => number;
}) {
  const { rows, rowCount, selectable, selection, onSelect, onOpen, scrollToIndex, viewportRows } = grid;
  const [active, setActive] = useState(0);
  const [focused, setFocused] = useState(false);
  const activeIndex = Math.min(active, Math.max(0, rowCount - 1));
  const move = (index: number) => {
    const next = Math.max(0, Math.min(rowCount - 1, index));
    setActive(next);
    scrollToIndex(next);
  };
  const activate = useCallback(
    (index: number) => {
      setActive(index);
      scrollToIndex(index);
    },
    [scrollToIndex],
  );

  const selectRow = useRowSelect(rows, selection, onSelect);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(activeIndex + 1),
      ArrowUp: () => move(activeIndex - 1),
      PageDown: () => move(activeIndex + viewportRows() - 1),
      PageUp: () => move(activeIndex - viewportRows() + 1),
      Home: () => move(0),
      End: () => move(rowCount - 1),
      Enter: () => {
        const device = rows[activeIndex];
        if (device) onOpen(device.deviceId);
      },
      ' ': () => {
        if (selectable) selectRow(activeIndex, event.shiftKey);
      },
      Escape: () => grid.onClearSelection(),
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  const onRowClick = useCallback(
    (event: MouseEvent, index: number, device: FleetRow) => {
      setActive(index);
      if (selectable && (event.shiftKey || event.metaKey || event.ctrlKey)) {
        event.preventDefault();
        selectRow(index, event.shiftKey);
        return;
      }
      onOpen(device.deviceId);
    },
    [selectable, selectRow, onOpen],
  );

  return { activeIndex, setActive, focused, setFocused, activate, selectRow, onKeyDown, onRowClick };
}

/** Toggles a row's device, or with `range` selects from the last row toggled to this one. */
function useRowSelect(
  rows: readonly FleetRow[],
  selection: FleetSelection,
  onSelect: (ids: readonly string[], select: boolean) => void,
) {
  const anchor = useRef<number | null>(null);
  return useCallback(
    (index: number, range: boolean) => {
      const device = rows[index];
      if (!device) return;
      if (range && anchor.current !== null) {
        const [from, to] = [Math.min(anchor.current, index), Math.max(anchor.current, index)];
        const ids = rows.slice(from, to + 1).map((row) => row.deviceId);
        onSelect(ids, true);
      } else {
        onSelect([device.deviceId], !isSelected(selection, device.deviceId));
      }
      anchor.current = index;
    },
    [rows, selection, onSelect],
  );
}
