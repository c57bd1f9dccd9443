import { Download } from 'lucide-react';
import type { FleetColumnId } from '@fleetdeck/shared/fleet-columns';
import { Button } from '../../../components/ui/button.tsx';
import { exportCsvUrl } from '../api/export-url.ts';
import type { SortDir } from '../fleet-url-state.ts';

/**
 * The CSV export of the query's matches. While it would not export what the table shows (the
 * typed query does not parse, a pasted list is shown) it stays focusable but has no target, and
 * says why.
 */
export function ExportLink({
  state,
  blockedReason,
}: {
  state: { q: string; sort: FleetColumnId; dir: SortDir; columns: readonly FleetColumnId[] };
  blockedReason: string | null;
}) {
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
