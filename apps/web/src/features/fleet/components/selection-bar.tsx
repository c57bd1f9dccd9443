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

/**
 * What is selected and what can be done with it: "30 selected", a way to select every match of
 * the query, and the bulk action menu (only the actions the admin's role allows).
 */
export function SelectionBar({
  selection,
  total,
  query,
  can,
  onSelectQuery,
  onClear,
  onAction,
}: {
  selection: FleetSelection;
  total: MatchCount | null;
  query: string;
  can: { annotate: boolean; move: boolean; command: boolean; deprovision: boolean };
  onSelectQuery: () => void;
  onClear: () => void;
  onAction: (kind: BulkKind) => void;
}) {
  const size = selectionSize(selection);
  if (size === 0) return null;
  const allowed = BULK_KINDS.filter((kind) => {
    const permission = BULK_KIND_INFO[kind].permission;
    return permission === 'device.annotate'
      ? can.annotate
      : permission === 'device.move'
        ? can.move
        : permission === 'device.command'
          ? can.command
          : can.deprovision;
  });
  const label =
    selection.kind === 'query'
      ? `All ${selection.exact ? '' : 'about '}${formatCount(size)} matching ${query ? 'this query' : 'devices'}`
      : `${formatCount(size)} selected${selection.source === 'paste' ? ' from a pasted list' : ''}`;
  return (
    <div
      className="flex items-center gap-2 rounded-md bg-accent-subtle py-0.5 pr-0.5 pl-3 text-sm text-accent-subtle-foreground"
      data-testid="fleet-selection"
    >
      <span className="font-medium tabular-nums">{label}</span>
      {selection.kind === 'ids' && selection.source === 'table' && total && total.value > size ? (
        <Button variant="link" size="sm" onClick={onSelectQuery}>
          Select all {total.exact ? '' : 'about '}
          {formatCount(total.value)}
        </Button>
      ) : null}
      <Button variant="ghost" size="sm" className="h-7 px-2" aria-label="Clear selection" onClick={onClear}>
        <X aria-hidden="true" />
      </Button>
      {allowed.length > 0 ? (
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
      ) : null}
    </div>
  );
}
