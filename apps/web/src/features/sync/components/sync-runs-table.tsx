import { Fragment, useState } from 'react';
import { ChevronDown, ChevronRight } from 'lucide-react';
import type { SyncRun } from '@fleetdeck/shared/sync-contract';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatCount, formatDuration, STATUS_LABEL, STATUS_TONE } from '../format.ts';
import { SyncErrorList } from './sync-error-list.tsx';
import { ScrollRegion } from '../../../components/ui/scroll-region.tsx';

const TRIGGER_LABEL = { manual: 'By hand', schedule: 'Schedule', onboarding: 'Setup' } as const;
const HEADERS = [
  'Kind',
  'Trigger',
  'Status',
  'Started',
  'Duration',
  'Written',
  'Created',
  'Deleted',
  'Errors',
];

function ErrorsCell({ run, open, toggle }: { run: SyncRun; open: boolean; toggle: () => void }) {
  if (run.errors.length === 0) return <span className="text-muted-foreground">None</span>;
  const Icon = open ? ChevronDown : ChevronRight;
  return (
    <Button variant="ghost" size="sm" aria-expanded={open} onClick={toggle}>
      <Icon aria-hidden="true" />
      {run.errors.length} {run.errors.length === 1 ? 'error' : 'errors'}
    </Button>
  );
}

/** The run history, newest first; a run's errors unfold under its row. */
export function SyncRunsTable({ runs }: { runs: readonly SyncRun[] }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((previous) => {
      const next = new Set(previous);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <ScrollRegion label="Sync runs" className="overflow-x-auto rounded-lg border border-border">
      <table className="w-full text-left text-sm" aria-label="Sync runs">
        <thead className="bg-muted text-xs text-muted-foreground">
          <tr>
            {HEADERS.map((header) => (
              <th key={header} className="px-3 py-2 font-medium whitespace-nowrap">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {runs.length === 0 ? (
            <tr>
              <td colSpan={HEADERS.length} className="px-3 py-6 text-center text-muted-foreground">
                No sync has run yet.
              </td>
            </tr>
          ) : null}
          {runs.map((run) => (
            <Fragment key={run.id}>
              <tr className="border-t border-border" data-testid="sync-run-row">
                <td className="px-3 py-2">{run.kind === 'full' ? 'Full' : 'Incremental'}</td>
                <td className="px-3 py-2">{TRIGGER_LABEL[run.trigger]}</td>
                <td className="px-3 py-2">
                  <Badge tone={STATUS_TONE[run.status]}>{STATUS_LABEL[run.status]}</Badge>
                </td>
                <td className="px-3 py-2 text-xs whitespace-nowrap">
                  {new Date(run.startedAt ?? run.createdAt).toLocaleString()}
                </td>
                <td className="px-3 py-2 whitespace-nowrap tabular-nums">
                  {run.durationMs !== null ? formatDuration(run.durationMs) : '—'}
                </td>
                <td className="px-3 py-2 tabular-nums">{formatCount(run.progress.devicesWritten)}</td>
                <td className="px-3 py-2 tabular-nums">{formatCount(run.progress.devicesCreated)}</td>
                <td className="px-3 py-2 tabular-nums">{formatCount(run.progress.devicesDeleted)}</td>
                <td className="px-3 py-1">
                  <ErrorsCell run={run} open={open.has(run.id)} toggle={() => toggle(run.id)} />
                </td>
              </tr>
              {open.has(run.id) ? (
                <tr className="bg-muted/40">
                  <td colSpan={HEADERS.length} className="px-3 py-3">
                    <SyncErrorList errors={run.errors} />
                  </td>
                </tr>
              ) : null}
            </Fragment>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
