import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ClipboardList, Download, Funnel, Sparkles } from 'lucide-react';
import { FLEET_COLUMNS, type FleetColumnId } from '@fleetdeck/shared/fleet-columns';
import type { SavedView } from '@fleetdeck/shared/fleet-contract';
import { parseDeviceQuery } from '@fleetdeck/shared/device-query';
import { roleCan } from '@fleetdeck/shared/permissions';
import { PageHeader } from '../../../components/page-header.tsx';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useAuthSession } from '../../../lib/auth/use-auth-session.ts';
import { cn } from '../../../lib/cn.ts';
import { exportCsvUrl } from '../api/export-url.ts';
import { useFacets } from '../api/get-facets.ts';
import { devicesQuery, NEXT_PAGE, useDevices } from '../api/list-devices.ts';
import { useSavedViews } from '../api/saved-views.ts';
import { useColumnWidths } from '../column-widths.ts';
import { hasExplicitState, readViewState, writeViewState, type FleetViewState } from '../fleet-url-state.ts';
import { toggleTerm } from '../query-terms.ts';
import { EMPTY_SELECTION, toggleIds, type FleetSelection } from '../selection.ts';
import type { BulkKind } from '../bulk-kinds.ts';
import { ColumnChooserButton } from './column-chooser-button.tsx';
import { DensityMenu } from './density-menu.tsx';
import { FleetFacets } from './fleet-facets.tsx';
import { FleetEmpty, FleetError, FleetInvalidQuery, FleetNoResults } from './fleet-states.tsx';
import { FleetTable } from './fleet-table.tsx';
import { MatchCount } from './match-count.tsx';
import { QueryBox } from './query-box.tsx';
import { SavedViewsMenu } from './saved-views-menu.tsx';
import { SelectionBar } from './selection-bar.tsx';
import { useFleetLive } from './use-fleet-live.ts';

const PasteListDialog = lazy(() =>
  import('./paste-list-dialog.tsx').then((module) => ({ default: module.PasteListDialog })),
);
const BulkActionDialog = lazy(() =>
  import('./bulk-action-dialog.tsx').then((module) => ({ default: module.BulkActionDialog })),
);

/**
 * The fleet status page: query box and facets, the virtualised device table, saved views, paste a
 * list, export, and bulk actions on a selection or a whole query. The URL holds the view state.
 */
export function FleetStatusPage() {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => readViewState(params), [params]);
  const navigate = useNavigate();
  const searchRef = useRef<HTMLInputElement>(null);
  const { session } = useAuthSession();
  const role = session?.user.organization?.role;
  const can = {
    annotate: roleCan(role, 'device.annotate'),
    move: roleCan(role, 'device.move'),
    command: roleCan(role, 'device.command'),
    deprovision: roleCan(role, 'device.deprovision'),
  };
  const canAct = can.annotate || can.move || can.command || can.deprovision;

  const setView = useCallback(
    (patch: Partial<FleetViewState>) =>
      setParams((current) => writeViewState(patch, readViewState(current)), { replace: true }),
    [setParams],
  );
  const commitQuery = useCallback((q: string) => setView({ q }), [setView]);

  // A saved view opened by its URL alone (`?view=<id>`) brings its state into the URL.
  const savedViews = useSavedViews();
  const activeView = savedViews.data?.views.find((saved) => saved.id === view.viewId);
  const missingView = view.viewId !== null && savedViews.isSuccess && !activeView;
  useEffect(() => {
    if (!activeView || hasExplicitState(params)) return;
    setParams(
      writeViewState(
        { q: activeView.q, columns: activeView.columns, sort: activeView.sort, dir: activeView.dir },
        readViewState(params),
      ),
      { replace: true },
    );
  }, [activeView, params, setParams]);
  const openView = (saved: SavedView) =>
    setParams(
      writeViewState(
        { q: saved.q, columns: saved.columns, sort: saved.sort, dir: saved.dir, viewId: saved.id },
        view,
      ),
    );

  const valid = useMemo(() => parseDeviceQuery(view.q).ok, [view.q]);
  // A bare view link waits for the view (and its state in the URL) before loading anything.
  const waitingForView =
    view.viewId !== null && (savedViews.isPending || activeView !== undefined) && !hasExplicitState(params);
  const listKey = { q: view.q, sort: view.sort, dir: view.dir, columns: view.columns };
  const devices = useDevices(listKey, valid && !waitingForView);
  const facets = useFacets(view.q, valid && !waitingForView);
  const rows = useMemo(() => devices.data?.pages.flatMap((page) => page.devices) ?? [], [devices.data]);
  const total = devices.data?.pages[0]?.total ?? null;
  const hasMore = devices.hasNextPage;
  // The scrollbar stands for every match; with an estimate below what is loaded, one more row at least.
  const rowCount = hasMore ? Math.max(total?.value ?? rows.length + NEXT_PAGE, rows.length + 1) : rows.length;
  const { fetchNextPage, isFetchingNextPage } = devices;
  const loadMore = useCallback(() => {
    if (!isFetchingNextPage) void fetchNextPage();
  }, [fetchNextPage, isFetchingNextPage]);

  const rowsRef = useRef(rows);
  useEffect(() => {
    rowsRef.current = rows;
  });
  const live = useFleetLive({
    listKey: devicesQuery(listKey).queryKey,
    loadedIds: () => new Set(rowsRef.current.map((row) => row.deviceId)),
  });

  const [rawSelection, setSelection] = useState<FleetSelection>(EMPTY_SELECTION);
  // Selecting "all matching" holds for the query it was made on; a new query drops it.
  const selection =
    rawSelection.kind === 'query' && rawSelection.q !== view.q ? EMPTY_SELECTION : rawSelection;
  const loadedIds = () => rowsRef.current.map((row) => row.deviceId);

  const [pasteOpen, setPasteOpen] = useState(false);
  const [bulkKind, setBulkKind] = useState<BulkKind | null>(null);
  const [facetsOpen, setFacetsOpen] = useState(false);
  const { widthOf, setWidth } = useColumnWidths();

  // `/` focuses the search from anywhere on the page (but not while typing elsewhere).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.metaKey || event.ctrlKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]')) return;
      event.preventDefault();
      searchRef.current?.focus();
      searchRef.current?.select();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const columns = view.columns
    .map((id) => FLEET_COLUMNS.find((column) => column.id === id))
    .filter((column) => column !== undefined);
  const onSort = (id: FleetColumnId) =>
    setView(id === view.sort ? { dir: view.dir === 'asc' ? 'desc' : 'asc' } : { sort: id, dir: 'asc' });
  const openDevice = (deviceId: string) =>
    void navigate(`/devices/chromebook/${encodeURIComponent(deviceId)}`);
  const current = { q: view.q, columns: [...view.columns], sort: view.sort, dir: view.dir };

  const firstLoad = devices.isPending && valid && !waitingForView;
  const body = (() => {
    if (!valid) return <FleetInvalidQuery />;
    if (devices.isError && rows.length === 0)
      return <FleetError error={devices.error} onRetry={() => void devices.refetch()} />;
    if (!firstLoad && !waitingForView && !devices.isPlaceholderData && rows.length === 0)
      return view.q === '' ? <FleetEmpty /> : <FleetNoResults onClear={() => setView({ q: '' })} />;
    return (
      <FleetTable
        columns={columns}
        widthOf={widthOf}
        onResize={setWidth}
        sort={view.sort}
        dir={view.dir}
        onSort={onSort}
        density={view.density}
        rows={rows}
        rowCount={firstLoad || waitingForView ? 12 : rowCount}
        hasMore={hasMore}
        loadMore={loadMore}
        selectable={canAct}
        selection={selection}
        onSelect={(ids, select) => setSelection((previous) => toggleIds(previous, ids, select, loadedIds()))}
        onSelectAllLoaded={(select) =>
          setSelection(select ? toggleIds(EMPTY_SELECTION, loadedIds(), true, []) : EMPTY_SELECTION)
        }
        onOpen={openDevice}
        onClearSelection={() => setSelection(EMPTY_SELECTION)}
        stale={devices.isPlaceholderData}
      />
    );
  })();

  return (
    <div className="flex flex-col">
      <title>Fleet status · Fleetdeck</title>
      <PageHeader
        title="Fleet status"
        description="Every managed Chromebook: search, filter, sort, act in bulk, and export."
        actions={
          <>
            <SavedViewsMenu
              views={savedViews.data?.views}
              activeView={activeView}
              current={current}
              onOpen={openView}
              onSaved={(saved) => setView({ viewId: saved.id })}
              onDeleted={() => setView({ viewId: null })}
            />
            <Button variant="secondary" size="sm" onClick={() => setPasteOpen(true)}>
              <ClipboardList aria-hidden="true" />
              Paste a list
            </Button>
          </>
        }
      />
      {missingView ? (
        <Banner tone="warning" className="mb-3 shadow-none">
          This saved view no longer exists or is not shared with you. The table shows the query in the link.
        </Banner>
      ) : null}
      {live.newDevices > 0 ? (
        <Banner
          icon={<Sparkles aria-hidden="true" />}
          className="mb-3 shadow-none"
          data-testid="fleet-new-devices"
          action={
            <Button size="sm" variant="secondary" onClick={live.showNew}>
              Show them
            </Button>
          }
        >
          {live.newDevices === 1
            ? '1 new device was added to the fleet.'
            : `${live.newDevices} new devices were added to the fleet.`}
        </Banner>
      ) : null}
      <div className="flex items-start gap-2">
        <QueryBox value={view.q} onCommit={commitQuery} inputRef={searchRef} />
        <Button
          variant="secondary"
          size="icon"
          className="lg:hidden"
          aria-label="Filters"
          aria-expanded={facetsOpen}
          onClick={() => setFacetsOpen((open) => !open)}
        >
          <Funnel aria-hidden="true" />
        </Button>
      </div>
      <div className="mt-3 flex min-h-9 flex-wrap items-center gap-x-4 gap-y-2">
        <MatchCount
          total={total}
          loading={firstLoad || (devices.isFetching && devices.isPlaceholderData)}
          valid={valid}
        />
        <SelectionBar
          selection={selection}
          total={total}
          query={view.q}
          can={can}
          onSelectQuery={() =>
            total && setSelection({ kind: 'query', q: view.q, count: total.value, exact: total.exact })
          }
          onClear={() => setSelection(EMPTY_SELECTION)}
          onAction={setBulkKind}
        />
        <div className="ml-auto flex items-center gap-2">
          <ColumnChooserButton columns={view.columns} onChange={(next) => setView({ columns: next })} />
          <DensityMenu density={view.density} onChange={(density) => setView({ density })} />
          <Button asChild variant="secondary" size="sm">
            <a
              href={exportCsvUrl({ q: view.q, sort: view.sort, dir: view.dir, columns: view.columns })}
              download="fleet.csv"
              aria-disabled={!valid || undefined}
              className={cn(!valid && 'pointer-events-none opacity-55')}
            >
              <Download aria-hidden="true" />
              Export CSV
            </a>
          </Button>
        </div>
      </div>
      <div className="mt-3 flex gap-4">
        <aside
          aria-label="Facets"
          className={cn(
            'w-56 shrink-0 overflow-y-auto pr-1',
            facetsOpen
              ? 'fixed inset-x-4 top-32 z-20 max-h-[60dvh] w-auto rounded-lg border border-border bg-surface-raised p-4 shadow-overlay lg:static lg:max-h-none lg:w-56 lg:border-0 lg:bg-transparent lg:p-0 lg:pr-1 lg:shadow-none'
              : 'hidden lg:block',
          )}
          style={{ height: 'max(24rem, calc(100dvh - 17.5rem))' }}
        >
          <FleetFacets
            facets={facets.data?.facets}
            loading={facets.isFetching}
            query={view.q}
            onToggle={(term) => {
              setView({ q: toggleTerm(view.q, term) });
              setFacetsOpen(false);
            }}
          />
        </aside>
        <div className="min-w-0 flex-1" style={{ height: 'max(24rem, calc(100dvh - 17.5rem))' }}>
          {body}
        </div>
      </div>
      <Suspense fallback={null}>
        {pasteOpen ? (
          <PasteListDialog
            onClose={() => setPasteOpen(false)}
            canSelect={canAct}
            onSelect={(ids) => {
              setSelection({ kind: 'ids', ids: new Set(ids), source: 'paste' });
              setPasteOpen(false);
            }}
          />
        ) : null}
        {bulkKind ? (
          <BulkActionDialog
            kind={bulkKind}
            selection={selection}
            onClose={() => setBulkKind(null)}
            onFinished={() => {
              void devices.refetch();
              void facets.refetch();
            }}
          />
        ) : null}
      </Suspense>
    </div>
  );
}
