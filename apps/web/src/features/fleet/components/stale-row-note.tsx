import { CircleSlash } from 'lucide-react';
import { staleNote, type StaleReason } from '../live-rows.ts';

/** Why: a row kept greyed after a live update says why, to the eye (tooltip) and to screen readers. */
export function StaleRowNote({ reason }: { reason: StaleReason }) {
  return (
    <span className="mr-1.5 flex shrink-0 items-center text-muted-foreground" data-testid="fleet-row-stale">
      <CircleSlash aria-hidden="true" className="size-3.5" />
      <span className="sr-only">{staleNote(reason)}: </span>
    </span>
  );
}
