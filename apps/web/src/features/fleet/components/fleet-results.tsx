import type { FleetColumnId } from '@fleetdeck/shared/fleet-columns';
import { EMPTY_SELECTION, toggleIds } from '../selection.ts';
import { FleetEmpty, FleetError, FleetInvalidQuery, FleetNoResults } from './fleet-states.tsx';
import { FleetTable } from './fleet-table.tsx';
import type { FleetPageState } from './use-fleet-page.ts';

/**
 * What the results area shows: the query's mistake, the list's error, an empty fleet or a query
 * that matches nothing, or else the device table (placeholder rows while the first page loads).
 */
export function FleetResults({ page, onOpen }: { page: FleetPageState; onOpen: (deviceId: string) => void }) {
  const { view, setView, valid, pasted, results, shown, selection, selectRows, loadedIds } = page;
  const { rows, firstLoad } = results;
  const { waitingForView } = page.savedViews;
  if (!valid && pasted === null) return <FleetInvalidQuery />;
  if (results.error && rows.length === 0)
    return <FleetError error={results.error} onRetry={results.refetch} />;
  if (!firstLoad && !waitingForView && !results.stale && rows.length === 0 && pasted === null)
    return view.q === '' ? <FleetEmpty /> : <FleetNoResults onClear={() => setView({ q: '' })} />;
  const onSort = (id: FleetColumnId) =>
    setView(id === view.sort ? { dir: view.dir === 'asc' ? 'desc' : 'asc' } : { sort: id, dir: 'asc' });
  return (
    <FleetTable
      columns={shown.columns}
      widthOf={shown.widthOf}
      onResize={page.setWidth}
      sort={view.sort}
      dir={view.dir}
      onSort={onSort}
      sortable={pasted === null}
      density={view.density}
      rows={rows}
      rowCount={firstLoad || waitingForView ? 12 : results.rowCount}
      hasMore={results.hasMore}
      loadMore={results.loadMore}
      selectable={page.canAct}
      selection={selection}
      onSelect={(ids, select) => selectRows((previous) => toggleIds(previous, ids, select, loadedIds()))}
      onSelectAllLoaded={(select) =>
        selectRows(() =>
          select ? toggleIds(EMPTY_SELECTION, pasted?.ids ?? loadedIds(), true, []) : EMPTY_SELECTION,
        )
      }
      onOpen={onOpen}
      onClearSelection={() => page.setSelection(() => EMPTY_SELECTION)}
      stale={results.stale}
      updating={page.update === 'updating'}
      onVisibleRows={page.live.onVisibleRows}
    />
  );
}
