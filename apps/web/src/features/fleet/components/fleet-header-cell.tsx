import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { FleetColumn } from '@fleetdeck/shared/fleet-columns';
import { cn } from '../../../lib/cn.ts';
import type { SortDir } from '../fleet-url-state.ts';
import { ResizeHandle } from './resize-handle.tsx';

/** One column's header: its label, a sort button when it sorts, and its resize handle. */
export function FleetHeaderCell({
  column,
  pinnedAt,
  width,
  sortable,
  sorted,
  onSort,
  onResize,
}: {
  column: FleetColumn;
  /** The first column stays in view (at this offset) when the table scrolls sideways. */
  pinnedAt: number | undefined;
  width: number;
  sortable: boolean;
  sorted: SortDir | null;
  onSort: () => void;
  onResize: (width: number) => void;
}) {
  const Icon = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ArrowUpDown;
  return (
    <div
      role="columnheader"
      aria-sort={
        sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : sortable ? 'none' : undefined
      }
      className={cn(
        'group flex shrink-0 items-center',
        // Above the other columns' resize handles (z-10), which scroll under it.
        pinnedAt === undefined ? 'relative' : 'sticky z-20 border-r border-border/70 bg-muted',
      )}
      style={{ width, ...(pinnedAt === undefined ? {} : { left: pinnedAt }) }}
    >
      {sortable ? (
        <button
          type="button"
          onClick={onSort}
          className={cn(
            'flex h-full w-full min-w-0 items-center gap-1 px-2 text-left hover:text-foreground focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring sm:px-3',
            sorted && 'text-foreground',
          )}
        >
          <span className="truncate">{column.label}</span>
          <Icon
            // Faint but always there (no hover on a touch screen): the header says it sorts.
            className={cn('size-3.5 shrink-0', !sorted && 'opacity-50 group-hover:opacity-80')}
            aria-hidden="true"
          />
        </button>
      ) : (
        <span className="truncate px-2 sm:px-3">{column.label}</span>
      )}
      <ResizeHandle label={column.label} width={width} onResize={onResize} />
    </div>
  );
}
