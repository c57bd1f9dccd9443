import { Suspense, useRef, useState, type ComponentProps, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { ClipboardList, Funnel } from 'lucide-react';
import { PageHeader } from '../../../components/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { lazyComponent } from '../../../lib/lazy-component.ts';
import type { BulkKind } from '../bulk-kinds.ts';
import { toggleTerm } from '../query-terms.ts';
import { MissingViewBanner, NewDevicesBanner, PastedListLostBanner } from './fleet-banners.tsx';
import { FleetDialogs } from './fleet-dialogs.tsx';
import { FleetResults } from './fleet-results.tsx';
import { FleetResultsBar } from './fleet-results-bar.tsx';
import type { FacetsPanel as FacetsPanelModule } from './facets-panel.tsx';
import type { PastedUnmatched as PastedUnmatchedModule } from './pasted-list-notes.tsx';
import { QueryBox } from './query-box.tsx';
import { STALE_CLASS } from './results-status.tsx';
import { SavedViewsButton } from './saved-views-button.tsx';
import { useFleetPage, type FleetPageState } from './use-fleet-page.ts';
import { useSearchShortcut } from './use-search-shortcut.ts';

// The facets come with their counts, a request after the rows; the notes only with a pasted list:
// neither is in the page's first load (the 200 KB budget).
const FacetsPanel = lazyComponent<ComponentProps<typeof FacetsPanelModule>>(() =>
  import('./facets-panel.tsx').then((module) => ({ default: module.FacetsPanel })),
);
const PastedUnmatched = lazyComponent<ComponentProps<typeof PastedUnmatchedModule>>(() =>
  import('./pasted-list-notes.tsx').then((module) => ({ default: module.PastedUnmatched })),
);

/**
 * The fleet status page: query box and facets, the virtualised device table, saved views, paste a
 * list, export, and bulk actions on a selection or a whole query. The URL holds the view state.
 */
export function FleetStatusPage() {
  const page = useFleetPage();
  const navigate = useNavigate();
  const searchRef = useRef<HTMLInputElement>(null);
  const resultsRef = useRef<HTMLDivElement>(null);
  const [pasteOpen, setPasteOpen] = useState(false);
  const [bulkKind, setBulkKind] = useState<BulkKind | null>(null);
  const [facetsOpen, setFacetsOpen] = useState(false);
  useSearchShortcut(searchRef);
  const { view, setView, pasted, pastedView, outOfDate, live } = page;

  return (
    <div className="flex flex-col">
      <title>Fleet status · Fleetdeck</title>
      <FleetPageHeader page={page} onPaste={() => setPasteOpen(true)} />
      {page.savedViews.missingView ? <MissingViewBanner /> : null}
      {pastedView.lostPastedId !== null ? <PastedListLostBanner onDismiss={pastedView.dismissLost} /> : null}
      {live.newDevices > 0 ? <NewDevicesBanner count={live.newDevices} onShow={live.showNew} /> : null}
      <FleetSearchRow
        page={page}
        searchRef={searchRef}
        resultsRef={resultsRef}
        facetsOpen={facetsOpen}
        onToggleFacets={() => setFacetsOpen((open) => !open)}
      />
      <FleetResultsBar page={page} onAction={setBulkKind} />
      {pasted?.unmatched && pasted.unmatched.total > 0 ? (
        <Suspense fallback={null}>
          <PastedUnmatched unmatched={pasted.unmatched} />
        </Suspense>
      ) : null}
      <div className="mt-3 flex gap-4">
        {/* While its code loads, the facets' place is kept so the table does not move. */}
        <Suspense fallback={<div className="hidden w-56 shrink-0 lg:block" aria-hidden="true" />}>
          <FacetsPanel
            open={facetsOpen}
            outOfDate={outOfDate}
            pastedCount={pasted?.ids.length ?? null}
            facets={page.facets}
            query={view.q}
            onToggle={(term) => {
              setView({ q: toggleTerm(view.q, term) });
              setFacetsOpen(false);
            }}
          />
        </Suspense>
        <div
          className={cn('min-w-0 flex-1 focus:outline-none', outOfDate && STALE_CLASS)}
          style={{ height: 'max(24rem, calc(100dvh - 17.5rem))' }}
          ref={resultsRef}
          id="fleet-results"
          tabIndex={-1}
          data-testid="fleet-results"
          data-stale={outOfDate || undefined}
        >
          <FleetResults
            page={page}
            onOpen={(deviceId) => void navigate(`/devices/chromebook/${encodeURIComponent(deviceId)}`)}
          />
        </div>
      </div>
      <FleetDialogs
        page={page}
        pasteOpen={pasteOpen}
        onClosePaste={() => setPasteOpen(false)}
        bulkKind={bulkKind}
        onCloseBulk={() => setBulkKind(null)}
        resultsRef={resultsRef}
      />
    </div>
  );
}

/** The page's title, with the saved views and "Paste a list". */
function FleetPageHeader({ page, onPaste }: { page: FleetPageState; onPaste: () => void }) {
  const { view, setView } = page;
  const { views, activeView, openView } = page.savedViews;
  const current = { q: view.q, columns: [...view.columns], sort: view.sort, dir: view.dir };
  return (
    <PageHeader
      title="Fleet status"
      description="Every managed Chromebook: search, filter, sort, act in bulk, and export."
      actions={
        <>
          <SavedViewsButton
            views={views}
            activeView={activeView}
            current={current}
            onOpen={openView}
            onSaved={(saved) => setView({ viewId: saved.id })}
            onDeleted={() => setView({ viewId: null })}
          />
          <Button variant="secondary" size="sm" onClick={onPaste}>
            <ClipboardList aria-hidden="true" />
            Paste a list
          </Button>
        </>
      }
    />
  );
}

/** The query box, the facets' toggle on narrow screens, and a skip link to the table. */
function FleetSearchRow({
  page,
  searchRef,
  resultsRef,
  facetsOpen,
  onToggleFacets,
}: {
  page: FleetPageState;
  searchRef: RefObject<HTMLInputElement | null>;
  resultsRef: RefObject<HTMLDivElement | null>;
  facetsOpen: boolean;
  onToggleFacets: () => void;
}) {
  return (
    <div className="flex items-start gap-2">
      <QueryBox
        value={page.view.q}
        onCommit={page.commitQuery}
        onValidityChange={page.setTypedValid}
        inputRef={searchRef}
        pastedCount={page.pasted?.ids.length ?? null}
      />
      <Button
        variant="secondary"
        size="icon"
        className="lg:hidden"
        aria-label="Filters"
        aria-expanded={facetsOpen}
        onClick={onToggleFacets}
      >
        <Funnel aria-hidden="true" />
      </Button>
      {/* Past the toolbar and the facets: the table is three Tab presses from the search box. */}
      <a
        href="#fleet-results"
        className="sr-only rounded-md border border-border bg-surface px-3 py-2 text-sm font-medium whitespace-nowrap text-foreground shadow-card focus:not-sr-only focus-visible:outline-2 focus-visible:outline-ring"
        onClick={(event) => {
          event.preventDefault();
          const results = resultsRef.current;
          (results?.querySelector<HTMLElement>('[role="grid"]') ?? results)?.focus();
        }}
      >
        Skip to the device table
      </a>
    </div>
  );
}
