import { CircleSlash, FunnelX } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { staleLabel, staleNote, type StaleReason } from '../live-rows.ts';

const ICONS = { unmatched: FunnelX, gone: CircleSlash } as const;

/**
 * Why: a row kept muted after a live update says why where every user sees it: a short label in
 * its first cell (no hover needed, so keyboard users read it too), the full sentence as the
 * badge's tooltip and, in place of the label, as the text screen readers announce with the row.
 */
export function StaleRowNote({ reason }: { reason: StaleReason }) {
  const Icon = ICONS[reason];
  return (
    <Badge
      tone="neutral"
      title={staleNote(reason)}
      data-testid="fleet-row-stale"
      className="ml-auto shrink-0 ring-1 ring-border ring-inset"
    >
      <Icon aria-hidden="true" />
      <span aria-hidden="true">{staleLabel(reason)}</span>
      <span className="sr-only">{staleNote(reason)}</span>
    </Badge>
  );
}
