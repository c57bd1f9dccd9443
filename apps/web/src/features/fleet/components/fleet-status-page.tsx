import { Suspense, useCallback, useEffect, useMemo, useRef, useState, type ComponentProps } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ClipboardList, Funnel } from 'lucide-react';
import type { FleetColumnId } from '@fleetdeck/shared/fleet-columns';
import { parseDeviceQuery } from '@fleetdeck/shared/device-query';
import { roleCan } from '@fleetdeck/shared/permissions';
import { PageHeader } from '../../../components/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useAuthSession } from '../../../lib/auth/use-auth-session.ts';
import { cn } from '../../../lib/cn.ts';
import { lazyComponent } from '../../../lib/lazy-component.ts';
import { useFacets } from '../api/get-facets.ts';
import { useColumnWidths } from '../column-widths.ts';
import { readViewState, writeViewState, type FleetViewState } from '../fleet-url-state.ts';
import { rememberFleetView } from '../last-fleet-view.ts';
import type { UnmatchedLine } from '../paste-summary.ts';
import { toggleTerm } from '../query-terms.ts';
import {
  afterBulkRun,
  EMPTY_SELECTION,
  selectionSize,
  toggleIds,
  type FleetSelection,
} from '../selection.ts';
import type { BulkKind } from '../bulk-kinds.ts';
import type { BulkActionDialog as BulkActionDialogModule } from './bulk-action-dialog.tsx';
import type { PasteListDialog as PasteListDialogModule } from './paste-list-dialog.tsx';
import { ColumnChooserButton } from './column-chooser-button.tsx';
import { DensityMenu } from './density-menu.tsx';
import { ExportLink } from './export-link.tsx';
import { MissingViewBanner, NewDevicesBanner, PastedListLostBanner } from './fleet-banners.tsx';
import type { FacetsPanel as FacetsPanelModule } from './facets-panel.tsx';
import type { PastedUnmatched as PastedUnmatchedModule } from './pasted-list-notes.tsx';
import { FleetEmpty, FleetError, FleetInvalidQuery, FleetNoResults } from './fleet-states.tsx';
import { FleetTable } from './fleet-table.tsx';
import { QueryBox } from './query-box.tsx';
import { ResultsStatus, STALE_CLASS } from './results-status.tsx';
import { SavedViewsButton } from './saved-views-button.tsx';
import type { SelectionBar as SelectionBarModule } from './selection-bar.tsx';
import { useFleetLive } from './use-fleet-live.ts';
import { useSearchShortcut } from './use-search-shortcut.ts';
import { useResultsUpdate } from './use-results-update.ts';
import { useSavedViewLink } from './use-saved-view-link.ts';
import { useSelectionFollowsRows } from './use-selection-follows-rows.ts';
import { useTableRows } from './use-table-rows.ts';
import { usePastedView } from './use-pasted-view.ts';
import { useShownColumns } from './use-shown-columns.ts';

const PasteListDialog = lazyComponent<ComponentProps<typeof PasteListDialogModule>>(() =>
  import('./paste-list-dialog.tsx').then((module) => ({ default: module.PasteListDialog })),
);
const BulkActionDialog = lazyComponent<ComponentProps<typeof BulkActionDialogModule>>(() =>
  import('./bulk-action-dialog.tsx').then((module) => ({ default: module.BulkActionDialog })),
);
// Shown once something is selected: not part of the page's first load (the 200 KB budget).
const SelectionBar = lazyComponent<ComponentProps<typeof SelectionBarModule>>(() =>
  import('./selection-bar.tsx').then((module) => ({ default: module.SelectionBar })),
);

// The facets come with their counts, a request after the rows; the notes only with a pasted list:
// neither is in the page's first load (the 200 KB budget).
const FacetsPanel = lazyComponent<ComponentProps<typeof FacetsPanelModule>>(() =>
  import('./facets-panel.tsx').then((module) => ({ default: module.FacetsPanel })),
);
const PastedUnmatched = lazyComponent<ComponentProps<typeof PastedUnmatchedModule>>(() =>
  import('./pasted-list-notes.tsx').then((module) => ({ default: module.PastedUnmatched })),
);

const FIX_QUERY_FIRST = 'Fix the query first: the results shown are for the last valid query.';

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

  const { views, activeView, openView, missingView, waitingForView } = useSavedViewLink(
    view,
    params,
    setParams,
  );

  const valid = useMemo(() => parseDeviceQuery(view.q).ok, [view.q]);
  // While the typed query does not parse, the results on screen are the last valid query's.
  const [typedValid, setTypedValid] = useState(true);
  const { widthOf: columnWidthOf, setWidth } = useColumnWidths();
  const shown = useShownColumns(view.columns, columnWidthOf);
  const listKey = { q: view.q, sort: view.sort, dir: view.dir, columns: shown.ids };
  const pastedView = usePastedView(view, setView, canAct);
  const { table, setTable } = pastedView;
  const { pasted, selection } = table;
  const outOfDate = valid && !typedValid && pasted === null;
  const results = useTableRows({ listKey, queryEnabled: valid && !waitingForView, pasted });
  const facets = useFacets(view.q, valid && !waitingForView);
  const { rows, total } = results;
  useSelectionFollowsRows(rows, table, setTable);
  const update = useResultsUpdate(results.stale);

  const resultsRef = useRef<HTMLDivElement>(null);
  const rowsRef = useRef(rows);
  useEffect(() => {
    rowsRef.current = rows;
  });
  const live = useFleetLive(results.live);
  useEffect(() => rememberFleetView(view, () => window.sessionStorage), [view]);

  const [pasteOpen, setPasteOpen] = useState(false);
  const [bulkKind, setBulkKind] = useState<BulkKind | null>(null);
  const [facetsOpen, setFacetsOpen] = useState(false);

  const loadedIds = () => rowsRef.current.map((row) => row.deviceId);
  const setSelection = (change: (current: FleetSelection) => FleetSelection) =>
    setTable((current) => ({ ...current, selection: change(current.selection) }));
  // Rows still on screen from the previous query while the next one loads cannot be selected.
  const selectRows = (change: (current: FleetSelection) => FleetSelection) => {
    if (!results.stale) setSelection(change);
  };
  const onPasted = (ids: string[], unmatched: UnmatchedLine[]) => {
    pastedView.showList(ids, unmatched);
    setPasteOpen(false);
  };

  useSearchShortcut(searchRef);

  const onSort = (id: FleetColumnId) =>
    setView(id === view.sort ? { dir: view.dir === 'asc' ? 'desc' : 'asc' } : { sort: id, dir: 'asc' });
  const openDevice = (deviceId: string) =>
    void navigate(`/devices/chromebook/${encodeURIComponent(deviceId)}`);
  const current = { q: view.q, columns: [...view.columns], sort: view.sort, dir: view.dir };

  const { firstLoad } = results;
  const body = (() => {
    if (!valid && pasted === null) return <FleetInvalidQuery />;
    if (results.error && rows.length === 0)
      return <FleetError error={results.error} onRetry={results.refetch} />;
    if (!firstLoad && !waitingForView && !results.stale && rows.length === 0 && pasted === null)
      return view.q === '' ? <FleetEmpty /> : <FleetNoResults onClear={() => setView({ q: '' })} />;
    return (
      <FleetTable
        columns={shown.columns}
        widthOf={shown.widthOf}
        onResize={setWidth}
        sort={view.sort}
        dir={view.dir}
        onSort={onSort}
        sortable={pasted === null}
        density={view.density}
        rows={rows}
        rowCount={firstLoad || waitingForView ? 12 : results.rowCount}
        hasMore={results.hasMore}
        loadMore={results.loadMore}
        selectable={canAct}
        selection={selection}
        onSelect={(ids, select) => selectRows((previous) => toggleIds(previous, ids, select, loadedIds()))}
        onSelectAllLoaded={(select) =>
          selectRows(() =>
            select ? toggleIds(EMPTY_SELECTION, pasted?.ids ?? loadedIds(), true, []) : EMPTY_SELECTION,
          )
        }
        onOpen={openDevice}
        onClearSelection={() => setSelection(() => EMPTY_SELECTION)}
        stale={results.stale}
        updating={update === 'updating'}
        onVisibleRows={live.onVisibleRows}
      />
    );
  })();
  const fixQueryFirst = !valid || outOfDate ? FIX_QUERY_FIRST : null;

  return (
    <div className="flex flex-col">
      <title>Fleet status · Fleetdeck</title>
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
            <Button variant="secondary" size="sm" onClick={() => setPasteOpen(true)}>
              <ClipboardList aria-hidden="true" />
              Paste a list
            </Button>
          </>
        }
      />
      {missingView ? <MissingViewBanner /> : null}
      {pastedView.lostPastedId !== null ? <PastedListLostBanner onDismiss={pastedView.dismissLost} /> : null}
      {live.newDevices > 0 ? <NewDevicesBanner count={live.newDevices} onShow={live.showNew} /> : null}
      <div className="flex items-start gap-2">
        <QueryBox
          value={view.q}
          onCommit={commitQuery}
          onValidityChange={setTypedValid}
          inputRef={searchRef}
          pastedCount={pasted?.ids.length ?? null}
        />
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
      <div className="mt-3 flex min-h-9 flex-wrap items-center gap-x-4 gap-y-2">
        <ResultsStatus
          pastedCount={pasted?.ids.length ?? null}
          onClosePasted={pastedView.closeList}
          total={total}
          loading={firstLoad || results.counting}
          valid={valid}
          outOfDate={outOfDate}
          update={update}
          onCountNow={results.countNow}
        />
        {selectionSize(selection) > 0 ? (
          <Suspense fallback={null}>
            <SelectionBar
              selection={selection}
              total={total}
              query={view.q}
              can={can}
              blockedReason={outOfDate ? FIX_QUERY_FIRST : null}
              onSelectQuery={() =>
                total &&
                selectRows(() => ({ kind: 'query', q: view.q, count: total.value, exact: total.exact }))
              }
              onClear={() => setSelection(() => EMPTY_SELECTION)}
              onAction={setBulkKind}
            />
          </Suspense>
        ) : null}
        <div className="ml-auto flex items-center gap-2">
          {/* A phone shows its own three columns (use-shown-columns.ts). */}
          {shown.phone ? null : (
            <ColumnChooserButton columns={view.columns} onChange={(next) => setView({ columns: next })} />
          )}
          <DensityMenu density={view.density} onChange={(density) => setView({ density })} />
          <ExportLink
            state={{ ...listKey, columns: view.columns }}
            pastedIds={pasted?.ids ?? null}
            blockedReason={fixQueryFirst}
          />
        </div>
      </div>
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
            facets={facets}
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
          {body}
        </div>
      </div>
      <Suspense fallback={null}>
        {pasteOpen ? (
          <PasteListDialog onClose={() => setPasteOpen(false)} canSelect={canAct} onShow={onPasted} />
        ) : null}
        {bulkKind ? (
          <BulkActionDialog
            kind={bulkKind}
            selection={selection}
            onClose={(ran) => {
              setBulkKind(null);
              if (ran) setTable(afterBulkRun);
            }}
            // The selection bar (and its Actions button) goes with the selection after a run.
            fallbackFocus={() => resultsRef.current?.querySelector<HTMLElement>('[role="grid"]')}
            onFinished={() => {
              // The acted-on rows refresh where they stand, as after any change (use-fleet-live.ts).
              live.refreshLoaded();
              void facets.refetch();
            }}
          />
        ) : null}
      </Suspense>
    </div>
  );
}
