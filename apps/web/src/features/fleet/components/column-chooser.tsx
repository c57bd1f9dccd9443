import { useLayoutEffect, useRef } from 'react';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { DEFAULT_FLEET_COLUMNS, FLEET_COLUMNS, type FleetColumnId } from '@fleetdeck/shared/fleet-columns';
import { Button } from '../../../components/ui/button.tsx';
import { Popover, PopoverContent, PopoverTrigger } from '../../../components/ui/popover.tsx';
import { ColumnsButton } from './columns-button.tsx';

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
  const shown = new Set(columns);
  const hidden = FLEET_COLUMNS.filter((column) => !shown.has(column.id));
  const labelOf = (id: FleetColumnId) => FLEET_COLUMNS.find((column) => column.id === id)?.label ?? id;
  // A toggled column moves between the two lists (a new element), a moved one changes place: the
  // control that was used keeps the focus, or its neighbour when it can no longer be used.
  const refocus = useRef<readonly string[] | null>(null);
  useLayoutEffect(() => {
    const ids = refocus.current;
    refocus.current = null;
    ids
      ?.map((id) => document.getElementById(id))
      .find((element) => element !== null && !(element as HTMLButtonElement).disabled)
      ?.focus();
  }, [columns]);
  const toggle = (next: FleetColumnId[], id: FleetColumnId) => {
    onChange(next);
    refocus.current = [`column-${id}`];
  };
  const move = (index: number, by: number) => {
    const next = [...columns];
    const [item] = next.splice(index, 1);
    if (item) next.splice(index + by, 0, item);
    onChange(next);
    const [used, other] = by < 0 ? ['up', 'down'] : ['down', 'up'];
    if (item) refocus.current = [`column-${item}-${used}`, `column-${item}-${other}`];
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
              refocus.current = ['columns-reset'];
            }}
          >
            Reset
          </Button>
        </div>
        <div className="max-h-96 overflow-auto p-1">
          {/* The arrows say up and down, as the list runs; its name says how that maps to the table. */}
          <ul aria-label="Shown columns, left to right">
            {columns.map((id, index) => (
              <li key={id} className="flex items-center gap-2 rounded-sm px-2 py-1 hover:bg-muted">
                <input
                  id={`column-${id}`}
                  type="checkbox"
                  className="size-4 accent-[var(--color-accent)]"
                  checked
                  disabled={columns.length === 1}
                  onChange={() =>
                    toggle(
                      columns.filter((column) => column !== id),
                      id,
                    )
                  }
                />
                <label htmlFor={`column-${id}`} className="min-w-0 flex-1 truncate text-sm">
                  {labelOf(id)}
                </label>
                <button
                  id={`column-${id}-up`}
                  type="button"
                  aria-label={`Move ${labelOf(id)} up`}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                  className="rounded p-0.5 text-muted-foreground hover:bg-surface hover:text-foreground disabled:opacity-30"
                >
                  <ArrowUp className="size-3.5" aria-hidden="true" />
                </button>
                <button
                  id={`column-${id}-down`}
                  type="button"
                  aria-label={`Move ${labelOf(id)} down`}
                  disabled={index === columns.length - 1}
                  onClick={() => move(index, 1)}
                  className="rounded p-0.5 text-muted-foreground hover:bg-surface hover:text-foreground disabled:opacity-30"
                >
                  <ArrowDown className="size-3.5" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
          <div className="mx-2 my-1 border-t border-border" />
          <ul aria-label="Hidden columns">
            {hidden.map((column) => (
              <li key={column.id} className="flex items-center gap-2 rounded-sm px-2 py-1 hover:bg-muted">
                <input
                  id={`column-${column.id}`}
                  type="checkbox"
                  className="size-4 accent-[var(--color-accent)]"
                  checked={false}
                  onChange={() => toggle([...columns, column.id], column.id)}
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
        </div>
      </PopoverContent>
    </Popover>
  );
}
