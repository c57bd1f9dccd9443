import { useEffect, useRef } from 'react';
import type { FleetColumn, FleetColumnId } from '@fleetdeck/shared/fleet-columns';
import { ROW_HEIGHT, isSortable, type Density, type SortDir } from '../fleet-url-state.ts';
import type { FleetRow } from '../live-rows.ts';
import { isSelected, type FleetSelection } from '../selection.ts';
import { CHECKBOX_WIDTH, FleetGridRow } from './fleet-grid-row.tsx';
import { FleetHeaderCell } from './fleet-header-cell.tsx';
import { useFixedRows } from './use-fixed-rows.ts';
import { useGridCursor } from './use-grid-cursor.ts';
import { useReturnPlace } from './use-return-place.ts';

export interface FleetTableProps {
  readonly columns: readonly FleetColumn[];
  readonly widthOf: (column: FleetColumn) => number;
  readonly onResize: (id: FleetColumnId, width: number) => void;
  readonly sort: FleetColumnId;
  readonly dir: SortDir;
  readonly onSort: (id: FleetColumnId) => void;
  /** False for a pasted list: its rows keep the list's order. */
  readonly sortable: boolean;
  readonly density: Density;
  readonly rows: readonly FleetRow[];
  /** Rows the scrollbar stands for: the match count (placeholders beyond the loaded rows). */
  readonly rowCount: number;
  readonly hasMore: boolean;
  readonly loadMore: () => void;
  readonly selectable: boolean;
  readonly selection: FleetSelection;
  /** Select or unselect devices; `range` extends from the last clicked row (Shift+click). */
  readonly onSelect: (ids: readonly string[], select: boolean) => void;
  readonly onSelectAllLoaded: (select: boolean) => void;
  readonly onOpen: (deviceId: string) => void;
  readonly onClearSelection: () => void;
  /** Whether the rows shown belong to an earlier query (a new one is loading): the grid is busy. */
  readonly stale: boolean;
  /** Show the progress bar under the header: the new query has been loading for a moment. */
  readonly updating: boolean;
  /** Told the rows on screen (indexes, overscan included) as they change: live updates read them first. */
  readonly onVisibleRows?: (first: number, last: number) => void;
}

/** The sticky header row's height (h-9). */
const HEADER_HEIGHT = 36;
/** Start loading the next page this many rows before the loaded ones run out. */
const PREFETCH_ROWS = 60;

/**
 * The fleet grid: a sticky header, fixed-height virtualised rows (a 100,000-row scrollbar costs the
 * same as a 30-row one), keyboard navigation with an active row, sortable and resizable columns.
 */
export function FleetTable(props: FleetTableProps) {
  const { columns, widthOf, rows, rowCount, density, selection, selectable } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const rowHeight = ROW_HEIGHT[density];
  const totalWidth = columns.reduce((sum, column) => sum + widthOf(column), selectable ? CHECKBOX_WIDTH : 0);

  const { items, totalSize, scrollToIndex, viewportRows } = useFixedRows({
    scrollRef,
    count: rowCount,
    rowHeight,
    headerHeight: HEADER_HEIGHT,
    overscan: 8,
  });
  useRowsInView(items, rows.length, props);
  const cursor = useGridCursor({ ...props, scrollToIndex, viewportRows });
  const { activeIndex, activate, setFocused } = cursor;
  // Back from a device: the same rows in view and the device opened as the active row.
  useReturnPlace({ scrollRef, rows, stale: props.stale, rowHeight, activeIndex, activate });

  return (
    // The rows keep full contrast while a new query loads (it may be slow, and they stay readable);
    // a bar under the header, outside the scrolling grid so it stays put, says they are updating.
    <div className="relative h-full">
      <div
        ref={scrollRef}
        role="grid"
        aria-label="Devices"
        aria-rowcount={rowCount + 1}
        aria-colcount={columns.length + (selectable ? 1 : 0)}
        aria-multiselectable={selectable || undefined}
        aria-busy={props.stale || undefined}
        aria-activedescendant={rowCount > 0 ? `fleet-row-${activeIndex}` : undefined}
        tabIndex={0}
        onKeyDown={cursor.onKeyDown}
        onFocus={(event) => {
          if (event.target === event.currentTarget) setFocused(true);
        }}
        onBlur={(event) => {
          if (event.target === event.currentTarget) setFocused(false);
        }}
        data-testid="fleet-grid"
        className="relative h-full overflow-auto overscroll-contain rounded-lg border border-border bg-surface text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <FleetGridHeader {...props} totalWidth={totalWidth} />
        <div
          role="rowgroup"
          className="relative"
          style={{ height: totalSize, width: totalWidth, minWidth: '100%' }}
        >
          {items.map((item) => {
            const device = rows[item.index];
            return (
              <FleetGridRow
                key={device?.deviceId ?? `placeholder-${item.index}`}
                index={item.index}
                start={item.start}
                height={rowHeight}
                device={device}
                columns={columns}
                widthOf={widthOf}
                selectable={selectable}
                selected={device ? isSelected(selection, device.deviceId) : false}
                active={cursor.focused && item.index === activeIndex}
                onClick={cursor.onRowClick}
                onActivate={cursor.setActive}
                onSelect={cursor.selectRow}
              />
            );
          })}
        </div>
      </div>
      {props.updating ? <UpdatingBar /> : null}
    </div>
  );
}

/** Tells which rows are on screen, and loads the next page before the loaded rows run out. */
function useRowsInView(
  items: readonly { index: number }[],
  loaded: number,
  { hasMore, loadMore, onVisibleRows }: Pick<FleetTableProps, 'hasMore' | 'loadMore' | 'onVisibleRows'>,
) {
  const firstVisible = items[0]?.index ?? 0;
  const lastVisible = items.at(-1)?.index ?? 0;
  useEffect(() => onVisibleRows?.(firstVisible, lastVisible), [firstVisible, lastVisible, onVisibleRows]);
  useEffect(() => {
    if (hasMore && lastVisible >= loaded - PREFETCH_ROWS) loadMore();
  }, [hasMore, lastVisible, loaded, loadMore]);
}

/** The sticky header row: "select all loaded" and the sortable, resizable column headers. */
function FleetGridHeader(props: FleetTableProps & { totalWidth: number }) {
  const { columns, widthOf, rows, selection, selectable, totalWidth } = props;
  // The checkbox and the first column (the serial number, unless moved) stay in view sideways.
  const pinnedLeft = selectable ? CHECKBOX_WIDTH : 0;
  const loadedIds = rows.map((row) => row.deviceId);
  const allLoadedSelected = loadedIds.length > 0 && loadedIds.every((id) => isSelected(selection, id));
  const someSelected = selection.kind === 'query' || selection.ids.size > 0;
  return (
    <div
      role="rowgroup"
      className="sticky top-0 z-10"
      style={{ width: Math.max(totalWidth, 0), minWidth: '100%' }}
    >
      <div
        role="row"
        aria-rowindex={1}
        className="flex h-9 border-b border-border bg-muted text-xs font-medium text-muted-foreground"
      >
        {selectable ? (
          <div
            role="columnheader"
            className="sticky left-0 z-20 flex shrink-0 items-center justify-center bg-muted"
            style={{ width: CHECKBOX_WIDTH }}
          >
            <input
              type="checkbox"
              className="size-4 accent-[var(--color-accent)]"
              aria-label="Select all loaded devices"
              checked={allLoadedSelected}
              ref={(element) => {
                if (element) element.indeterminate = someSelected && !allLoadedSelected;
              }}
              onChange={(event) => props.onSelectAllLoaded(event.target.checked)}
            />
          </div>
        ) : null}
        {columns.map((column, index) => (
          <FleetHeaderCell
            key={column.id}
            column={column}
            pinnedAt={index === 0 ? pinnedLeft : undefined}
            width={widthOf(column)}
            sortable={props.sortable && isSortable(column.id)}
            sorted={props.sortable && props.sort === column.id ? props.dir : null}
            onSort={() => props.onSort(column.id)}
            onResize={(width) => props.onResize(column.id, width)}
          />
        ))}
      </div>
    </div>
  );
}

/**
 * A thin indeterminate bar over the header's bottom border; without motion (reduced motion asked
 * for) it stays still across the width. Decorative: the grid's aria-busy and "Updating…" beside the
 * device count say the same to assistive technology.
 */
function UpdatingBar() {
  return (
    <div
      aria-hidden="true"
      data-testid="fleet-updating-bar"
      className="pointer-events-none absolute inset-x-px z-20 h-0.5 overflow-hidden bg-accent/20"
      style={{ top: HEADER_HEIGHT }}
    >
      <div className="h-full w-2/5 animate-progress bg-accent motion-reduce:w-full motion-reduce:animate-none" />
    </div>
  );
}
