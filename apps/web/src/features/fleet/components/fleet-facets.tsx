import { useState } from 'react';
import type { FacetId, FacetsResponse } from '@fleetdeck/shared/fleet-contract';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { humanizeGoogleValue } from '@fleetdeck/shared/google-values';
import { formatCount } from '../format.ts';
import { FACET_ORDER } from '../facet-order.ts';
import { hasTerm } from '../query-terms.ts';

const FACET_LABELS: Record<FacetId, string> = {
  status: 'Status',
  model: 'Model',
  orgUnit: 'Organizational unit',
  compliance: 'OS compliance',
  aueYear: 'AUE year',
  batteryHealth: 'Battery health',
};

const SHOWN = 6;

function bucketLabel(facet: FacetId, value: string | null): string {
  if (value === null || value === '') return 'Unknown';
  if (facet === 'status' || facet === 'batteryHealth' || facet === 'compliance')
    return humanizeGoogleValue(value);
  return value;
}

/**
 * Value counts for the current query, per facet. Clicking a value adds its term to the query
 * (clicking it again removes it), so the query box stays the one filter.
 */
export function FleetFacets({
  facets,
  loading,
  query,
  onToggle,
}: {
  facets: FacetsResponse['facets'] | undefined;
  loading: boolean;
  query: string;
  onToggle: (term: string) => void;
}) {
  if (!facets && loading)
    return (
      <div className="flex flex-col gap-4" aria-hidden="true">
        {[0, 1, 2].map((index) => (
          <div key={index} className="flex flex-col gap-2">
            <Skeleton className="h-3 w-20" />
            <Skeleton className="h-3 w-full" />
            <Skeleton className="h-3 w-4/5" />
          </div>
        ))}
      </div>
    );
  if (!facets) return null;
  return (
    <div className={cn('flex flex-col gap-5', loading && 'opacity-70')} data-testid="fleet-facets">
      {FACET_ORDER.map((facet) => (
        <FacetGroup
          key={facet}
          facet={facet}
          buckets={(facets as Partial<FacetsResponse['facets']>)[facet] ?? []}
          query={query}
          onToggle={onToggle}
        />
      ))}
    </div>
  );
}

function FacetGroup({
  facet,
  buckets,
  query,
  onToggle,
}: {
  facet: FacetId;
  buckets: FacetsResponse['facets'][FacetId];
  query: string;
  onToggle: (term: string) => void;
}) {
  const [all, setAll] = useState(false);
  if (buckets.length === 0) return null;
  const shown = all ? buckets : buckets.slice(0, SHOWN);
  const headingId = `facet-${facet}`;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="mb-1.5 text-xs font-medium tracking-wide text-muted-foreground uppercase">
        {FACET_LABELS[facet]}
      </h3>
      <ul className="flex flex-col">
        {shown.map((bucket) => {
          const active = hasTerm(query, bucket.term);
          const label = bucketLabel(facet, bucket.value);
          return (
            <li key={bucket.term}>
              <button
                type="button"
                aria-pressed={active}
                title={bucket.term}
                onClick={() => onToggle(bucket.term)}
                className={cn(
                  'flex w-full items-baseline gap-2 rounded-md px-2 py-1 text-left text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring',
                  active && 'bg-accent-subtle text-accent-subtle-foreground hover:bg-accent-subtle',
                )}
              >
                {facet === 'orgUnit' && bucket.value ? (
                  <OrgUnitLabel path={bucket.value} />
                ) : (
                  // Read in full: "Acer Chromebook 11 (C732 / C732T / C732L / C732LT)" wraps instead of being cut.
                  <span className="min-w-0 flex-1 leading-snug break-words">{label}</span>
                )}
                <span className="text-xs text-muted-foreground tabular-nums">
                  {formatCount(bucket.count)}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {buckets.length > SHOWN ? (
        <button
          type="button"
          className="mt-1 px-2 text-xs font-medium text-accent hover:underline"
          onClick={() => setAll((current) => !current)}
        >
          {all ? 'Show fewer' : `Show all ${buckets.length}`}
        </button>
      ) : null}
    </section>
  );
}

/** An OU reads by its own name first; the parent path follows, shortened. */
function OrgUnitLabel({ path }: { path: string }) {
  const cut = path.lastIndexOf('/');
  const name = path.slice(cut + 1) || '/';
  const parent = cut > 0 ? path.slice(0, cut) : '';
  return (
    <span className="flex min-w-0 flex-1 items-baseline gap-1.5">
      <span className="shrink-0 truncate">{name}</span>
      {parent ? <span className="min-w-0 truncate text-xs text-muted-foreground">{parent}</span> : null}
    </span>
  );
}
