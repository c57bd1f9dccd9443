import { useLayoutEffect, useRef } from 'react';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { DEFAULT_FLEET_COLUMNS, FLEET_COLUMNS, type FleetColumnId } from '@fleetdeck/shared/fleet-columns';
import { Button } from '../../../components/ui/button.tsx';
import { Popover, PopoverContent, PopoverTrigger } from '../../../components/ui/popover.tsx';
import { ColumnsButton } from './columns-button.tsx';

/**
 * A toggled column moves between the two lists (a new element), a moved one changes place: the
 * control that was used keeps the focus, or its neighbour when it can no longer be used. The
 * returned function is told, before the change, the ids to try in order.
 */
function useRefocusAfterChange(columns: readonly FleetColumnId[]) {
  const refocus = useRef<readonly string[] | null>(null);
  useLayoutEffect(() => {
    const ids = refocus.current;
    refocus.current = null;
    ids
      ?.map((id) => document.getElementById(id))
      .find((element) => element !== null && !(element as HTMLButtonElement).disabled)
      ?.focus();
  }, [columns]);
  return (ids: readonly string[]) => {
    refocus.current = ids;
  };
}

const MOVE_BUTTON =
  'rounded p-0.5 text-muted-foreground hover:bg-surface hover:text-foreground disabled:opacity-30';

/** A shown column: untick to hide it (not the last one), arrows to move it. */
function ShownColumn({
  id,
  label,
  index,
  count,
  onHide,
  onMove,
}: {
  id: FleetColumnId;
  label: string;
  index: number;
  count: number;
  onHide: () => void;
  onMove: (by: number) => void;
}) {
  return (
    <li className="flex items-center gap-2 rounded-sm px-2 py-1 hover:bg-muted">
      <input
        id={`column-${id}`}
        type="checkbox"
        className="size-4 accent-[var(--color-accent)]"
        checked
        disabled={count === 1}
        onChange={onHide}
      />
      <label htmlFor={`column-${id}`} className="min-w-0 flex-1 truncate text-sm">
        {label}
      </label>
      <button
        id={`column-${id}-up`}
        type="button"
        aria-label={`Move ${label} up`}
        disabled={index === 0}
        onClick={() => onMove(-1)}
        className={MOVE_BUTTON}
      >
        <ArrowUp className="size-3.5" aria-hidden="true" />
      </button>
      <button
        id={`column-${id}-down`}
        type="button"
        aria-label={`Move ${label} down`}
        disabled={index === count - 1}
        onClick={() => onMove(1)}
        className={MOVE_BUTTON}
      >
        <ArrowDown className="size-3.5" aria-hidden="true" />
      </button>
    </li>
  );
}

/** The columns not shown, each ticked to add it at the end. */
function HiddenColumns({
  columns,
  onShow,
}: {
  columns: readonly FleetColumnId[];
  onShow: (id: FleetColumnId) => void;
}) {
  const shown = new Set(columns);
  return (
    <ul aria-label="Hidden columns">
      {FLEET_COLUMNS.filter((column) => !shown.has(column.id)).map((column) => (
        <li key={column.id} className="flex items-center gap-2 rounded-sm px-2 py-1 hover:bg-muted">
          <input
            id={`column-${column.id}`}
            type="checkbox"
            className="size-4 accent-[var(--color-accent)]"
            checked={false}
            onChange={() => onShow(column.id)}
          />
          <label
            htmlFor={`column-${column.id}`}
            className="min-w-0 flex-1 truncate text-sm text-muted-foreground"
          >
            {column.label}
          </label>
        </li>
      ))}
    </ul>
  );
}

/**
 * Which columns show and in what order: shown columns first (move up/down), then the rest to add.
 * At least one column always stays. Loaded when first opened (column-chooser-button.tsx).
 */
export function ColumnChooser({
  columns,
  onChange,
  defaultOpen,
}: {
  columns: readonly FleetColumnId[];
  onChange: (columns: FleetColumnId[]) => void;
  defaultOpen?: boolean;
}) {
  const labelOf = (id: FleetColumnId) => FLEET_COLUMNS.find((column) => column.id === id)?.label ?? id;
  const refocusAfter = useRefocusAfterChange(columns);
  const toggle = (next: FleetColumnId[], id: FleetColumnId) => {
    onChange(next);
    refocusAfter([`column-${id}`]);
  };
  const move = (index: number, by: number) => {
    const next = [...columns];
    const [item] = next.splice(index, 1);
    if (item) next.splice(index + by, 0, item);
    onChange(next);
    const [used, other] = by < 0 ? ['up', 'down'] : ['down', 'up'];
    if (item) refocusAfter([`column-${item}-${used}`, `column-${item}-${other}`]);
  };
  return (
    <Popover defaultOpen={defaultOpen}>
      <PopoverTrigger asChild>
        <ColumnsButton count={columns.length} />
      </PopoverTrigger>
      <PopoverContent aria-label="Choose columns" className="w-80 p-0">
        <div className="flex items-center justify-between border-b border-border px-3 py-2">
          <span className="text-sm font-medium">Columns</span>
          <Button
            id="columns-reset"
            variant="link"
            size="sm"
            onClick={() => {
              onChange([...DEFAULT_FLEET_COLUMNS]);
              refocusAfter(['columns-reset']);
            }}
          >
            Reset
          </Button>
        </div>
        <div className="max-h-96 overflow-auto p-1">
          {/* The arrows say up and down, as the list runs; its name says how that maps to the table. */}
          <ul aria-label="Shown columns, left to right">
            {columns.map((id, index) => (
              <ShownColumn
                key={id}
                id={id}
                label={labelOf(id)}
                index={index}
                count={columns.length}
                onHide={() =>
                  toggle(
                    columns.filter((column) => column !== id),
                    id,
                  )
                }
                onMove={(by) => move(index, by)}
              />
            ))}
          </ul>
          <div className="mx-2 my-1 border-t border-border" />
          <HiddenColumns columns={columns} onShow={(id) => toggle([...columns, id], id)} />
        </div>
      </PopoverContent>
    </Popover>
  );
}
