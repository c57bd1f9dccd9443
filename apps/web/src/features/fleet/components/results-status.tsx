import type { MatchCount as Count } from '@fleetdeck/shared/fleet-contract';
import { ClipboardList, History, LoaderCircle, X } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatCount } from '../format.ts';
import { UPDATE_NOTE, type UpdatePhase } from '../results-update.ts';
import { MatchCount } from './match-count.tsx';

/** Said while the typed query does not parse and the results on screen are the previous ones. */
const OUT_OF_DATE_NOTE = 'Results are for the last valid query';

/**
 * Marks what no longer matches the typed query (the last valid query's results and facets while
 * the typed one does not parse) with a dashed outline: fading it would take its text below 4.5:1
 * contrast, and the note beside the count says the same in words.
 */
export const STALE_CLASS =
  'rounded-lg outline-2 outline-offset-2 outline-warning-subtle-foreground outline-dashed';

/**
 * What the table holds: the query's match count, or the pasted list shown instead of it (with the
 * way back), "Updating…" while the next rows load, and a spoken note when the results are out of date.
 */
export function ResultsStatus({
  pastedCount,
  onClosePasted,
  total,
  loading,
  valid,
  outOfDate,
  update,
  onCountNow,
}: {
  /** Devices of the pasted list shown instead of the query's matches, or null. */
  pastedCount: number | null;
  onClosePasted: () => void;
  total: Count | null;
  loading: boolean;
  valid: boolean;
  /** The typed query does not parse: the count and rows are the last valid query's. */
  outOfDate: boolean;
  /** Whether the rows shown are being replaced by a new query's, sort's or column set's. */
  update: UpdatePhase;
  /** Counts the matches exactly where the count is an estimate not counted unasked. */
  onCountNow?: (() => void) | null | undefined;
}) {
  return (
    <div className="flex items-center gap-2">
      {pastedCount === null ? (
        <div className={cn(outOfDate && 'text-muted-foreground')}>
          <MatchCount total={total} loading={loading} valid={valid} onCountNow={onCountNow} />
        </div>
      ) : (
        <PastedListChip count={pastedCount} onClose={onClosePasted} />
      )}
      <UpdatingNote update={update} />
      {/* Always in the page (only out of sight while empty), so the note is announced when it appears. */}
      <p aria-live="polite" data-testid="fleet-stale-note" className="empty:sr-only">
        {outOfDate ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-warning-subtle px-2 py-0.5 text-xs font-medium text-warning-subtle-foreground">
            <History className="size-3" aria-hidden="true" />
            {OUT_OF_DATE_NOTE}
          </span>
        ) : null}
      </p>
    </div>
  );
}

/**
 * "Updating…" beside the count while the next rows load, then "Results updated" for screen readers
 * only. Its slot keeps its width while empty so that the line never shifts or wraps as it appears.
 */
function UpdatingNote({ update }: { update: UpdatePhase }) {
  return (
    <p
      role="status"
      data-testid="fleet-updating"
      className="flex w-24 shrink-0 items-center gap-1.5 text-sm text-muted-foreground"
    >
      {update === 'updating' ? (
        <LoaderCircle className="size-3.5 animate-spin motion-reduce:animate-none" aria-hidden="true" />
      ) : null}
      <span className={cn(update === 'updated' && 'sr-only')}>{UPDATE_NOTE[update]}</span>
    </p>
  );
}

/** "Showing 20 pasted devices": the table holds exactly the pasted list until this is closed. */
function PastedListChip({ count, onClose }: { count: number; onClose: () => void }) {
  return (
    <div
      data-testid="fleet-pasted-view"
      className="flex h-8 items-center gap-1.5 rounded-full border border-accent/40 bg-accent-subtle pr-1 pl-3 text-sm font-medium text-accent-subtle-foreground"
    >
      <ClipboardList className="size-4" aria-hidden="true" />
      <span className="tabular-nums" aria-live="polite">
        Showing {formatCount(count)} pasted {count === 1 ? 'device' : 'devices'}
      </span>
      <Button
        variant="ghost"
        size="sm"
        className="h-6 rounded-full px-1.5 hover:bg-accent/15"
        aria-label="Close the pasted list"
        title="Back to the query's matches (clears the selection)"
        onClick={onClose}
      >
        <X aria-hidden="true" />
      </Button>
    </div>
  );
}
