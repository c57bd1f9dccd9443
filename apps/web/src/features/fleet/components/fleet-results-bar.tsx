import { Suspense, type ComponentProps } from 'react';
import { lazyComponent } from '../../../lib/lazy-component.ts';
import type { BulkKind } from '../bulk-kinds.ts';
import { EMPTY_SELECTION, selectionSize } from '../selection.ts';
import { ColumnChooserButton } from './column-chooser-button.tsx';
import { DensityMenu } from './density-menu.tsx';
import { ExportLink } from './export-link.tsx';
import { ResultsStatus } from './results-status.tsx';
import type { SelectionBar as SelectionBarModule } from './selection-bar.tsx';
import type { FleetPageState } from './use-fleet-page.ts';

// Shown once something is selected: not part of the page's first load (the 200 KB budget).
const SelectionBar = lazyComponent<ComponentProps<typeof SelectionBarModule>>(() =>
  import('./selection-bar.tsx').then((module) => ({ default: module.SelectionBar })),
);

/** Why bulk actions and the export wait: the results on screen are not the typed query's. */
export const FIX_QUERY_FIRST = 'Fix the query first: the results shown are for the last valid query.';

/**
 * The line above the table: what it holds (the match count or the pasted list), the selection and
 * its actions, then the column chooser, density and export.
 */
export function FleetResultsBar({
  page,
  onAction,
}: {
  page: FleetPageState;
  onAction: (kind: BulkKind) => void;
}) {
  const { view, setView, pasted, pastedView, results, selection, outOfDate, valid } = page;
  const { total } = results;
  const fixQueryFirst = !valid || outOfDate ? FIX_QUERY_FIRST : null;
  return (
    <div className="mt-3 flex min-h-9 flex-wrap items-center gap-x-4 gap-y-2">
      <ResultsStatus
        pastedCount={pasted?.ids.length ?? null}
        onClosePasted={pastedView.closeList}
        total={total}
        loading={results.firstLoad || results.counting}
        valid={valid}
        outOfDate={outOfDate}
        update={page.update}
        onCountNow={results.countNow}
      />
      {selectionSize(selection) > 0 ? (
        <Suspense fallback={null}>
          <SelectionBar
            selection={selection}
            total={total}
            query={view.q}
            can={page.can}
            blockedReason={outOfDate ? FIX_QUERY_FIRST : null}
            onSelectQuery={() =>
              total &&
              page.selectRows(() => ({ kind: 'query', q: view.q, count: total.value, exact: total.exact }))
            }
            onClear={() => page.setSelection(() => EMPTY_SELECTION)}
            onAction={onAction}
          />
        </Suspense>
      ) : null}
      <div className="ml-auto flex items-center gap-2">
        {/* A phone shows its own three columns (use-shown-columns.ts). */}
        {page.shown.phone ? null : (
          <ColumnChooserButton columns={view.columns} onChange={(next) => setView({ columns: next })} />
        )}
        <DensityMenu density={view.density} onChange={(density) => setView({ density })} />
        <ExportLink
          state={{ ...page.listKey, columns: view.columns }}
          pastedIds={pasted?.ids ?? null}
          blockedReason={fixQueryFirst}
        />
      </div>
    </div>
  );
}
