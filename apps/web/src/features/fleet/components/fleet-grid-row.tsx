import { memo, type MouseEvent } from 'react';
import { Link } from 'react-router';
import type { FleetColumn } from '@fleetdeck/shared/fleet-columns';
import { cn } from '../../../lib/cn.ts';
import type { FleetRow } from '../live-rows.ts';
import { FleetCell } from './fleet-cell.tsx';
import { StaleRowNote } from './stale-row-note.tsx';

/** The selection checkbox column's width, in the header and in every row. */
export const CHECKBOX_WIDTH = 40;

export interface FleetGridRowProps {
  readonly index: number;
  /** The row's offset from the top of the body: rows are placed absolutely by the virtualiser. */
  readonly start: number;
  readonly height: number;
  /** Undefined: a placeholder for a row the scrollbar stands for that is not loaded yet. */
  readonly device: FleetRow | undefined;
  readonly columns: readonly FleetColumn[];
  readonly widthOf: (column: FleetColumn) => number;
  readonly selectable: boolean;
  readonly selected: boolean;
  /** The keyboard's active row, marked while the grid has focus. */
  readonly active: boolean;
  readonly onClick: (event: MouseEvent, index: number, device: FleetRow) => void;
  /** Make this row the keyboard's active row. */
  readonly onActivate: (index: number) => void;
  /** Toggle this row's device, or with `range` select from the last clicked row to this one. */
  readonly onSelect: (index: number, range: boolean) => void;
}

/** The row's selection checkbox; Shift+click selects from the last clicked row to this one. */
function CheckboxCell({
  index,
  device,
  selected,
  background,
  focusMarker,
  onActivate,
  onSelect,
}: Pick<FleetGridRowProps, 'index' | 'device' | 'selected' | 'onActivate' | 'onSelect'> & {
  /** The pinned cell's own background and the row's keyboard focus marker (false: none). */
  background: string;
  focusMarker: string | false;
}) {
  return (
    <div
      role="gridcell"
      className={cn('sticky left-0 z-[1] flex shrink-0 items-center justify-center', background, focusMarker)}
      style={{ width: CHECKBOX_WIDTH }}
    >
      {device ? (
        <input
          type="checkbox"
          tabIndex={-1}
          className="size-4 accent-[var(--color-accent)]"
          aria-label={`Select ${device.serialNumber ?? device.deviceId}`}
          checked={selected}
          onClick={(event) => {
            event.stopPropagation();
            onActivate(index);
            if (event.shiftKey) {
              event.preventDefault();
              onSelect(index, true);
            }
          }}
          onChange={() => onSelect(index, false)}
        />
      ) : null}
    </div>
  );
}

/**
 * One row of the fleet grid, or a placeholder for a row not loaded yet. Memoised because scrolling,
 * arrow keys and focus re-render the table alone: then only the rows entering the view or changing
 * their active state render again (the table keeps its handlers stable for that). A render of the
 * page above still renders every row.
 */
export const FleetGridRow = memo(function FleetGridRow(props: FleetGridRowProps) {
  const { index, device, columns, widthOf, selectable, selected, active } = props;
  // The first column stays in view sideways, after the checkbox when there is one (as in the header).
  const pinnedLeft = selectable ? CHECKBOX_WIDTH : 0;
  // Pinned cells cover what scrolls under them, so they paint the row's own background; the
  // leftmost one also carries the keyboard focus marker the row would otherwise show.
  const pinnedBackground = selected
    ? 'bg-accent-subtle'
    : active
      ? 'bg-muted'
      : 'bg-surface group-hover:bg-muted';
  const focusMarker = active && 'shadow-[inset_2px_0_0_var(--color-accent)]';
  return (
    <div
      id={`fleet-row-${index}`}
      role="row"
      data-row=""
      data-testid={device ? 'fleet-row' : 'fleet-row-placeholder'}
      data-device-id={device?.deviceId}
      data-stale={device?.stale}
      aria-rowindex={index + 2}
      aria-selected={selectable && device ? selected : undefined}
      onClick={device ? (event) => props.onClick(event, index, device) : undefined}
      className={cn(
        'group absolute top-0 left-0 flex w-full border-b border-border/70',
        device && 'cursor-pointer hover:bg-muted/60',
        selected && 'bg-accent-subtle/60 hover:bg-accent-subtle',
        active && 'bg-muted/80 shadow-[inset_2px_0_0_var(--color-accent)]',
        // Muted, not faded: muted-foreground keeps 4.5:1 on every row background
        // (plain, hover, active, selected); the badge in the first cell says why.
        device?.stale && 'text-muted-foreground',
      )}
      style={{ height: props.height, transform: `translateY(${props.start}px)` }}
    >
      {selectable ? (
        <CheckboxCell
          index={index}
          device={device}
          selected={selected}
          background={pinnedBackground}
          focusMarker={focusMarker}
          onActivate={props.onActivate}
          onSelect={props.onSelect}
        />
      ) : null}
      {columns.map((column, columnIndex) => (
        <div
          key={column.id}
          role="gridcell"
          className={cn(
            // Narrower padding on a phone, where three columns share 316 px (use-shown-columns.ts).
            'flex shrink-0 items-center overflow-hidden px-2 whitespace-nowrap sm:px-3 [&>*]:truncate',
            columnIndex === 0 && [
              'sticky z-[1] gap-2 border-r border-border/70',
              pinnedBackground,
              !selectable && focusMarker,
            ],
          )}
          style={{ width: widthOf(column), ...(columnIndex === 0 ? { left: pinnedLeft } : {}) }}
        >
          {device ? (
            <CellContent column={column} device={device} onFollow={() => props.onActivate(index)} />
          ) : (
            <Placeholder />
          )}
          {columnIndex === 0 && device?.stale ? <StaleRowNote reason={device.stale} /> : null}
        </div>
      ))}
    </div>
  );
});

/**
 * The serial number links to the device's page (also the row's click); other columns format their
 * value. Following the link makes its row the active one, as the row's click does, so going back
 * to the table returns to it.
 */
function CellContent({
  column,
  device,
  onFollow,
}: {
  column: FleetColumn;
  device: FleetRow;
  onFollow: () => void;
}) {
  if (column.id !== 'serialNumber') return <FleetCell column={column} device={device} />;
  return (
    <Link
      to={`/devices/chromebook/${encodeURIComponent(device.deviceId)}`}
      tabIndex={-1}
      className={cn(
        'block font-mono text-[0.8125rem] hover:underline',
        device.stale ? 'text-muted-foreground' : 'text-foreground',
      )}
      onClick={(event) => {
        event.stopPropagation();
        onFollow();
      }}
    >
      {device.serialNumber ?? device.deviceId}
    </Link>
  );
}

function Placeholder() {
  return <span aria-hidden="true" className="block h-2.5 w-3/4 rounded bg-muted" />;
}
