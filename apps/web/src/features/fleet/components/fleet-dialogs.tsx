import { Suspense, type ComponentProps, type RefObject } from 'react';
import { lazyComponent } from '../../../lib/lazy-component.ts';
import type { BulkKind } from '../bulk-kinds.ts';
import type { UnmatchedLine } from '../paste-summary.ts';
import { afterBulkRun } from '../selection.ts';
import type { BulkActionDialog as BulkActionDialogModule } from './bulk-action-dialog.tsx';
import type { PasteListDialog as PasteListDialogModule } from './paste-list-dialog.tsx';
import type { FleetPageState } from './use-fleet-page.ts';

const PasteListDialog = lazyComponent<ComponentProps<typeof PasteListDialogModule>>(() =>
  import('./paste-list-dialog.tsx').then((module) => ({ default: module.PasteListDialog })),
);
const BulkActionDialog = lazyComponent<ComponentProps<typeof BulkActionDialogModule>>(() =>
  import('./bulk-action-dialog.tsx').then((module) => ({ default: module.BulkActionDialog })),
);

/** The fleet page's dialogs, each loaded when first opened: paste a list, and a bulk action. */
export function FleetDialogs({
  page,
  pasteOpen,
  onClosePaste,
  bulkKind,
  onCloseBulk,
  resultsRef,
}: {
  page: FleetPageState;
  pasteOpen: boolean;
  onClosePaste: () => void;
  bulkKind: BulkKind | null;
  onCloseBulk: () => void;
  resultsRef: RefObject<HTMLDivElement | null>;
}) {
  const onPasted = (ids: string[], unmatched: UnmatchedLine[]) => {
    page.pastedView.showList(ids, unmatched);
    onClosePaste();
  };
  return (
    <Suspense fallback={null}>
      {pasteOpen ? (
        <PasteListDialog onClose={onClosePaste} canSelect={page.canAct} onShow={onPasted} />
      ) : null}
      {bulkKind ? (
        <BulkActionDialog
          kind={bulkKind}
          selection={page.selection}
          onClose={(ran) => {
            onCloseBulk();
            if (ran) page.pastedView.setTable(afterBulkRun);
          }}
          // The selection bar (and its Actions button) goes with the selection after a run.
          fallbackFocus={() => resultsRef.current?.querySelector<HTMLElement>('[role="grid"]')}
          onFinished={() => {
            // The acted-on rows refresh where they stand, as after any change (use-fleet-live.ts).
            page.live.refreshLoaded();
            void page.facets.refetch();
          }}
        />
      ) : null}
    </Suspense>
  );
}
