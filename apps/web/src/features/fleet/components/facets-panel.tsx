import type { useFacets } from '../api/get-facets.ts';
import { cn } from '../../../lib/cn.ts';
import { FleetFacets } from './fleet-facets.tsx';
import { PastedListNote } from './pasted-list-notes.tsx';
import { STALE_CLASS } from './results-status.tsx';

/**
 * The facets beside the table (a sheet under the Filters button below the `lg` width). They count
 * the query: marked while it is out of date, and beside a pasted list they say they are not about it.
 */
export function FacetsPanel({
  open,
  outOfDate,
  pastedCount,
  facets,
  query,
  onToggle,
}: {
  open: boolean;
  outOfDate: boolean;
  pastedCount: number | null;
  facets: ReturnType<typeof useFacets>;
  query: string;
  onToggle: (term: string) => void;
}) {
  return (
    <aside
      aria-label="Facets"
      className={cn(
        'w-56 shrink-0 overflow-y-auto pr-1',
        outOfDate && STALE_CLASS,
        open
          ? 'fixed inset-x-4 top-32 z-20 max-h-[60dvh] w-auto rounded-lg border border-border bg-surface-raised p-4 shadow-overlay lg:static lg:max-h-none lg:w-56 lg:border-0 lg:bg-transparent lg:p-0 lg:pr-1 lg:shadow-none'
          : 'hidden lg:block',
      )}
      style={{ height: 'max(24rem, calc(100dvh - 17.5rem))' }}
    >
      {pastedCount !== null ? (
        <div className="mb-3">
          <PastedListNote count={pastedCount} what="facets" />
        </div>
      ) : null}
      <div>
        <FleetFacets
          facets={facets.data?.facets}
          more={facets.data?.more}
          // Dimmed while they are another query's; a refresh of the same query's counts (after a sync) is not.
          loading={facets.isFetching && (facets.isPlaceholderData || !facets.data)}
          query={query}
          onToggle={onToggle}
        />
      </div>
    </aside>
  );
}
