import { Fragment } from 'react';
import { ChevronDown, X } from 'lucide-react';
import type { MatchCount } from '@fleetdeck/shared/fleet-contract';
import { Button } from '../../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { BULK_KIND_INFO, BULK_KINDS, type BulkKind } from '../bulk-kinds.ts';
import { formatCount } from '../format.ts';
import { selectionSize, type FleetSelection } from '../selection.ts';

type BulkPermissions = { annotate: boolean; move: boolean; command: boolean; deprovision: boolean };

/** The bulk actions the admin's role allows. */
function allowedKinds(can: BulkPermissions): BulkKind[] {
  return BULK_KINDS.filter((kind) => {
    const permission = BULK_KIND_INFO[kind].permission;
    return permission === 'device.annotate'
      ? can.annotate
      : permission === 'device.move'
        ? can.move
        : permission === 'device.command'
          ? can.command
          : can.deprovision;
  });
}

/** "All about 1,200 matching this query" or "30 selected (from a pasted list)". */
function selectionLabel(selection: FleetSelection, size: number, query: string): string {
  return selection.kind === 'query'
    ? `All ${selection.exact ? '' : 'about '}${formatCount(size)} matching ${query ? 'this query' : 'devices'}`
    : `${formatCount(size)} selected${selection.source === 'paste' ? ' from a pasted list' : ''}`;
}

/** The Actions menu; while the results are out of date, a button that says why instead. */
function ActionsMenu({
  allowed,
  blockedReason,
  onAction,
}: {
  allowed: readonly BulkKind[];
  blockedReason: string | null;
  onAction: (kind: BulkKind) => void;
}) {
  if (allowed.length === 0) return null;
  if (blockedReason !== null)
    return (
      // Still focusable, so the reason reaches keyboard and screen reader users too.
      <Button
        size="sm"
        className="h-7 cursor-not-allowed opacity-55"
        aria-disabled="true"
        title={blockedReason}
      >
        Actions
        <ChevronDown aria-hidden="true" />
      </Button>
    );
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button size="sm" className="h-7">
          Actions
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        {allowed.map((kind, index) => (
          <Fragment key={kind}>
            {kind === 'deprovision' && index > 0 ? <DropdownMenuSeparator /> : null}
            <DropdownMenuItem
              onSelect={() => onAction(kind)}
              className={BULK_KIND_INFO[kind].destructive ? 'text-danger' : undefined}
            >
              {BULK_KIND_INFO[kind].label}
            </DropdownMenuItem>
          </Fragment>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/**
 * What is selected and what can be done with it: "30 selected", a way to select every match of
 * the query, and the bulk action menu (only the actions the admin's role allows).
 */
export function SelectionBar({
  selection,
  total,
  query,
  can,
  blockedReason,
  onSelectQuery,
  onClear,
  onAction,
}: {
  selection: FleetSelection;
  /** The query's match count; null when the table shows something else (a pasted list). */
  total: MatchCount | null;
  query: string;
  can: BulkPermissions;
  /** Why the actions are unavailable for now (the results are out of date), or null. */
  blockedReason: string | null;
  onSelectQuery: () => void;
  onClear: () => void;
  onAction: (kind: BulkKind) => void;
}) {
  const size = selectionSize(selection);
  if (size === 0) return null;
  // Every match of the query, offered once some rows are ticked (not while the results are out of date).
  const offersAll = selection.kind === 'ids' && selection.source === 'table' && blockedReason === null;
  const selectAll = offersAll && total && total.value > size ? total : null;
  return (
    <div
      className="flex items-center gap-2 rounded-md bg-accent-subtle py-0.5 pr-0.5 pl-3 text-sm text-accent-subtle-foreground"
      data-testid="fleet-selection"
    >
      <span className="font-medium tabular-nums">{selectionLabel(selection, size, query)}</span>
      {selectAll ? (
        <Button variant="link" size="sm" onClick={onSelectQuery}>
          Select all {selectAll.exact ? '' : 'about '}
          {formatCount(selectAll.value)}
        </Button>
      ) : null}
      <Button variant="ghost" size="sm" className="h-7 px-2" aria-label="Clear selection" onClick={onClear}>
        <X aria-hidden="true" />
      </Button>
      <ActionsMenu allowed={allowedKinds(can)} blockedReason={blockedReason} onAction={onAction} />
    </div>
  );
}
