import { ArrowRightLeft, Columns3, Download, Funnel, Radio, ScanSearch, Search } from 'lucide-react';
import { Card } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { CapabilityList, type Capability } from '../../../components/capability-list.tsx';

const EXAMPLE_QUERIES = [
  'status:ACTIVE sync:..2025-01-01',
  'aue:..2026-06',
  'ou:/Schools/North battery:<60',
  'user:jsmith@',
];

const CAPABILITIES: readonly Capability[] = [
  {
    icon: Search,
    title: "Google's query language, and more",
    text: 'status:, aue:, user:, asset_id:, sync: and the rest, plus ou:, battery: and stale:. Mistakes are pointed out where they are.',
  },
  {
    icon: ScanSearch,
    title: 'Paste a list of serials',
    text: 'Exact matches only, with 0 / 1 / many shown per line before you act on them.',
  },
  {
    icon: Funnel,
    title: 'Facets',
    text: 'Counts by status, model, OU, OS version and AUE year that filter in one click.',
  },
  {
    icon: ArrowRightLeft,
    title: 'Bulk actions',
    text: 'Move OU, edit asset ID and location, disable, deprovision: previewed first, results per device after.',
  },
  {
    icon: Download,
    title: 'Export',
    text: 'A CSV of the current view, any size, streamed while you keep working.',
  },
  { icon: Radio, title: 'Live', text: 'Rows update as devices check in and syncs finish; no reload needed.' },
];

/** The fleet table's page before data exists: the search box, the table's outline, and what it will do. */
export function FleetStatusIntro() {
  return (
    <div className="flex flex-col gap-8">
      <Card className="p-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <label htmlFor="fleet-search" className="sr-only">
            Search devices
          </label>
          <div className="relative flex-1">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id="fleet-search"
              disabled
              className="pl-9 font-mono"
              placeholder="Search by serial, user, asset ID, or a query like status:ACTIVE"
            />
          </div>
          <div className="flex items-center gap-2 text-sm text-muted-foreground">
            <Columns3 className="size-4" aria-hidden="true" />
            Columns
          </div>
        </div>
        <div className="mt-3 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <span>Examples:</span>
          {EXAMPLE_QUERIES.map((query) => (
            <code key={query} className="rounded bg-muted px-1.5 py-0.5 font-mono text-foreground">
              {query}
            </code>
          ))}
        </div>
        <div className="mt-4 overflow-hidden rounded-md border border-border" aria-hidden="true">
          <div className="grid grid-cols-[2fr_1.4fr_1fr_1fr] gap-4 bg-muted px-4 py-2 text-xs font-medium text-muted-foreground">
            <span>Serial number</span>
            <span>Model</span>
            <span>Status</span>
            <span>Last sync</span>
          </div>
          {[0, 1, 2, 3, 4].map((row) => (
            <div
              key={row}
              className="grid grid-cols-[2fr_1.4fr_1fr_1fr] gap-4 border-t border-border px-4 py-3"
            >
              <Skeleton className="h-3.5 w-4/5" />
              <Skeleton className="h-3.5 w-3/5" />
              <Skeleton className="h-3.5 w-1/2" />
              <Skeleton className="h-3.5 w-2/3" />
            </div>
          ))}
        </div>
        <p className="mt-3 text-sm text-muted-foreground">
          The fleet table fills in once your Google Workspace is connected and the first sync has run.
        </p>
      </Card>
      <section aria-labelledby="fleet-capabilities">
        <h2 id="fleet-capabilities" className="mb-3 text-sm font-semibold text-muted-foreground">
          What you will do here
        </h2>
        <CapabilityList items={CAPABILITIES} />
      </section>
    </div>
  );
}
