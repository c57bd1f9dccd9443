import { useState } from 'react';
import type { FacetId, FacetsResponse } from '@fleetdeck/shared/fleet-contract';
import { Input } from '../../../components/ui/input.tsx';
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

/** Buckets shown before "Show … more". */
const SHOWN = 6;
/** Past this many buckets, an opened facet gets a filter box. */
const FILTER_FROM = 15;

/** What a facet's values are called, and the operator that finds one not listed. */
const FACET_NOUNS: Record<FacetId, { one: string; plural: string; operator: string }> = {
  status: { one: 'status', plural: 'statuses', operator: 'status:' },
  model: { one: 'model', plural: 'models', operator: 'model:' },
  orgUnit: { one: 'unit', plural: 'units', operator: 'ou:' },
  compliance: { one: 'value', plural: 'values', operator: 'compliance:' },
  aueYear: { one: 'year', plural: 'years', operator: 'aue:' },
  batteryHealth: { one: 'value', plural: 'values', operator: 'battery:' },
};

type Facets = FacetsResponse['facets'];
type More = NonNullable<FacetsResponse['more']>;

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
  more,
  loading,
  query,
  onToggle,
}: {
  facets: Facets | undefined;
  /** Facets whose long tail the server did not list. */
  more?: More | undefined;
  /** The counts shown are an earlier query's while the current one's load: dimmed like other stale results. */
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
    <div
      className={cn('flex flex-col gap-5 transition-opacity', loading && 'opacity-50')}
      aria-busy={loading || undefined}
      data-testid="fleet-facets"
    >
      {FACET_ORDER.map((facet) => (
        <FacetGroup
          key={facet}
          facet={facet}
          buckets={(facets as Partial<Facets>)[facet] ?? []}
          more={more?.[facet]}
          query={query}
          onToggle={onToggle}
        />
      ))}
    </div>
  );
}

/** One value of a facet as a toggle: pressed when its term is in the query, with its device count. */
function FacetBucket({
  facet,
  bucket,
  active,
  onToggle,
}: {
  facet: FacetId;
  bucket: Facets[FacetId][number];
  active: boolean;
  onToggle: (term: string) => void;
}) {
  return (
    <li>
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
          <span className="min-w-0 flex-1 leading-snug break-words">{bucketLabel(facet, bucket.value)}</span>
        )}
        <span className="text-xs text-muted-foreground tabular-nums">{formatCount(bucket.count)}</span>
      </button>
    </li>
  );
}

/** Values past the listed ones: how many, and the operator that finds them. */
function UnlistedNote({ facet, more }: { facet: FacetId; more: NonNullable<More[FacetId]> }) {
  const noun = FACET_NOUNS[facet];
  return (
    <p className="mt-1 px-2 text-xs text-muted-foreground" data-testid={`facet-${facet}-more`}>
      {formatCount(more.values)} more {more.values === 1 ? noun.one : noun.plural} (
      {formatCount(more.devices)} {more.devices === 1 ? 'device' : 'devices'}) not listed: find them with{' '}
      <code>{noun.operator}</code> in the search box.
    </p>
  );
}

/** The values listed: the first few, or all of them (narrowed by the filter when there are many). */
function shownBuckets(facet: FacetId, buckets: Facets[FacetId], all: boolean, needle: string) {
  if (!all) return buckets.slice(0, SHOWN);
  return needle
    ? buckets.filter((bucket) => bucketLabel(facet, bucket.value).toLowerCase().includes(needle))
    : buckets;
}

/** One facet: its values as toggles, Show more / fewer, and a filter once all of many are shown. */
function FacetGroup({
  facet,
  buckets,
  more,
  query,
  onToggle,
}: {
  facet: FacetId;
  buckets: Facets[FacetId];
  more: More[FacetId];
  query: string;
  onToggle: (term: string) => void;
}) {
  const [all, setAll] = useState(false);
  const [filter, setFilter] = useState('');
  if (buckets.length === 0) return null;
  const filtering = all && buckets.length > FILTER_FROM;
  const shown = shownBuckets(facet, buckets, all, filtering ? filter.trim().toLowerCase() : '');
  const headingId = `facet-${facet}`;
  const noun = FACET_NOUNS[facet];
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="mb-1.5 text-xs font-medium tracking-wide text-muted-foreground uppercase">
        {FACET_LABELS[facet]}
      </h3>
      {filtering ? (
        <Input
          type="search"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          placeholder={`Filter ${noun.plural}`}
          aria-label={`Filter ${FACET_LABELS[facet].toLowerCase()} values`}
          className="mb-1.5 h-8 text-sm"
        />
      ) : null}
      <ul className="flex flex-col">
        {shown.map((bucket) => (
          <FacetBucket
            key={bucket.term}
            facet={facet}
            bucket={bucket}
            active={hasTerm(query, bucket.term)}
            onToggle={onToggle}
          />
        ))}
      </ul>
      {filtering && shown.length === 0 ? (
        <p className="px-2 py-1 text-xs text-muted-foreground">
          No {noun.plural} match “{filter.trim()}”.
        </p>
      ) : null}
      {buckets.length > SHOWN ? (
        <button
          type="button"
          className="mt-1 px-2 text-xs font-medium text-accent hover:underline"
          onClick={() => {
            setAll((current) => !current);
            setFilter('');
          }}
        >
          {all ? 'Show fewer' : `Show ${formatCount(buckets.length - SHOWN)} more`}
        </button>
      ) : null}
      {more && (all || buckets.length <= SHOWN) ? <UnlistedNote facet={facet} more={more} /> : null}
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
