import type { FleetColumnId } from '@fleetdeck/shared/fleet-columns';
import type { SortDir } from '../fleet-url-state.ts';

/** Why: the export is a plain link to the streamed endpoint, so the browser downloads it natively. */
export function exportCsvUrl(state: {
  q: string;
  sort: FleetColumnId;
  dir: SortDir;
  columns: readonly FleetColumnId[];
}): string {
  const params = new URLSearchParams({
    q: state.q,
    sort: state.sort,
    dir: state.dir,
    columns: state.columns.join(','),
  });
  return `/api/devices/export.csv?${params.toString()}`;
}
