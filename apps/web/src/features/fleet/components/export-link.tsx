import { Download } from 'lucide-react';
import type { FleetColumnId } from '@fleetdeck/shared/fleet-columns';
import { Button } from '../../../components/ui/button.tsx';
import { useExportPastedList } from '../api/export-pasted-list.ts';
import { exportCsvUrl } from '../api/export-url.ts';
import type { SortDir } from '../fleet-url-state.ts';

type ExportState = { q: string; sort: FleetColumnId; dir: SortDir; columns: readonly FleetColumnId[] };

/**
 * The CSV export of what the table shows: the query's matches (a plain link to the streamed file),
 * or the pasted list's devices. While it would not export what the table shows (the typed query
 * does not parse) it stays focusable but has no target, and says why.
 */
export function ExportLink({
  state,
  pastedIds,
  blockedReason,
}: {
  state: ExportState;
  /** The pasted list shown instead of the query's matches, or null. */
  pastedIds: readonly string[] | null;
  blockedReason: string | null;
}) {
  if (pastedIds !== null) return <ExportPastedButton state={state} ids={pastedIds} />;
  const blocked = blockedReason !== null;
  return (
    <Button asChild variant="secondary" size="sm">
      <a
        href={blocked ? undefined : exportCsvUrl(state)}
        download="fleet.csv"
        role={blocked ? 'link' : undefined}
        tabIndex={blocked ? 0 : undefined}
        aria-disabled={blocked || undefined}
        title={blockedReason ?? undefined}
        className={blocked ? 'cursor-not-allowed opacity-55 hover:bg-surface' : undefined}
      >
        <Download aria-hidden="true" />
        Export CSV
      </a>
    </Button>
  );
}

/**
 * A pasted list's devices with the table's columns, in the pasted order as the table shows them
 * (its headers do not sort a pasted list), so the file lines up with the admin's spreadsheet.
 */
function ExportPastedButton({ state, ids }: { state: ExportState; ids: readonly string[] }) {
  const exporting = useExportPastedList();
  return (
    <span className="flex items-center gap-2">
      {exporting.error ? (
        <span role="alert" className="max-w-64 text-xs text-danger">
          {exporting.error.message}
        </span>
      ) : null}
      <Button
        variant="secondary"
        size="sm"
        disabled={exporting.isPending}
        title={`Export the ${ids.length === 1 ? 'pasted device' : `${ids.length} pasted devices`} as CSV`}
        onClick={() => exporting.mutate({ deviceIds: [...ids], columns: state.columns.join(',') })}
      >
        <Download aria-hidden="true" />
        {exporting.isPending ? 'Exporting…' : 'Export CSV'}
      </Button>
    </span>
  );
}
