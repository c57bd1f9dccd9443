import { useEffect, useRef } from 'react';
import type { BulkActionDetail, BulkActionRun } from '@fleetdeck/shared/bulk-contract';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useBulkAction, useRetryBulkAction } from '../api/bulk-actions.ts';
import { formatCount } from '../format.ts';
import { ScrollRegion } from '../../../components/ui/scroll-region.tsx';

const STATE_TONE = {
  pending: 'neutral',
  succeeded: 'success',
  failed: 'danger',
  skipped: 'warning',
} as const;
const STATE_LABEL = { pending: 'Pending', succeeded: 'Done', failed: 'Failed', skipped: 'Skipped' } as const;

type Result = BulkActionDetail['results'][number];

/** "No change" for a device already as asked, "Refused" for a failure a retry cannot fix. */
function resultLabel(result: Result): string {
  if (result.state === 'skipped' && result.error?.startsWith('No change')) return 'No change';
  if (result.state === 'failed' && !result.retryable) return 'Refused';
  return STATE_LABEL[result.state];
}

function resultTone(result: Result) {
  if (result.state === 'skipped' && result.error?.startsWith('No change')) return 'neutral';
  return STATE_TONE[result.state];
}
const RUN_LABEL = {
  queued: 'Queued',
  running: 'Running',
  succeeded: 'Finished',
  partially_failed: 'Finished with failures',
  failed: 'Failed',
} as const;

/** A bulk run's live progress and per-device results; failures a retry can fix can be retried. */
export function BulkRunPanel({
  runId,
  onRunId,
  onFinished,
  onClose,
}: {
  runId: string;
  onRunId: (id: string) => void;
  onFinished: () => void;
  onClose: () => void;
}) {
  const detail = useBulkAction(runId);
  const retry = useRetryBulkAction();
  const run = detail.data?.run;
  const active = run?.status === 'queued' || run?.status === 'running';
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (run && !active && reported.current !== `${run.id}:${run.finishedAt}`) {
      reported.current = `${run.id}:${run.finishedAt}`;
      onFinished();
    }
  }, [run, active, onFinished]);

  if (detail.isError) return <FormMessage>{detail.error.message}</FormMessage>;
  if (!run || !detail.data) return <Skeleton className="h-40 w-full" />;
  const retryFailed = () =>
    retry.mutate(run.id, {
      onSuccess: (next) => {
        onRunId(next.id);
        void detail.refetch();
      },
    });
  return (
    <div className="flex flex-col gap-4 text-sm" data-testid="bulk-run">
      <RunProgress run={run} />
      <ResultsTable detail={detail.data} />
      {!active && run.failed - run.retryable > 0 ? <RefusedNote count={run.failed - run.retryable} /> : null}
      {retry.error ? <FormMessage>{retry.error.message}</FormMessage> : null}
      <div className="flex justify-end gap-2">
        {!active && run.retryable > 0 ? (
          <Button variant="secondary" disabled={retry.isPending} onClick={retryFailed}>
            Retry {formatCount(run.retryable)} failed
          </Button>
        ) : null}
        <Button onClick={onClose}>{active ? 'Close (keeps running)' : 'Done'}</Button>
      </div>
    </div>
  );
}

/** The run's status, its counts, and a bar of done, skipped and failed devices. */
function RunProgress({ run }: { run: BulkActionRun }) {
  const done = run.succeeded + run.failed + run.skipped;
  const percent = run.total > 0 ? Math.round((done / run.total) * 100) : 100;
  const share = (n: number) => `${run.total > 0 ? (n / run.total) * 100 : 0}%`;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-baseline justify-between gap-4">
        <span className="font-medium" data-testid="bulk-run-status">
          {RUN_LABEL[run.status]}
        </span>
        <span className="text-muted-foreground tabular-nums" data-testid="bulk-run-counts">
          {countsLine(run)}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label="Bulk action progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={countsLine(run)}
        className="flex h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-accent transition-[width]" style={{ width: share(run.succeeded) }} />
        <div
          className="h-full bg-muted-foreground/40 transition-[width]"
          style={{ width: share(run.skipped) }}
        />
        <div className="h-full bg-danger transition-[width]" style={{ width: share(run.failed) }} />
      </div>
    </div>
  );
}

/** The first page of per-device results. */
function ResultsTable({ detail }: { detail: BulkActionDetail }) {
  return (
    <ScrollRegion
      label="Results per device"
      className="max-h-[45dvh] overflow-auto rounded-md border border-border"
    >
      <table className="w-full text-left" aria-label="Results per device">
        <thead className="sticky top-0 bg-muted text-xs text-muted-foreground">
          <tr>
            <th className="px-3 py-1.5 font-medium">Device</th>
            <th className="px-3 py-1.5 font-medium">Result</th>
            <th className="px-3 py-1.5 font-medium">Details</th>
          </tr>
        </thead>
        <tbody>
          {detail.results.map((result) => (
            <tr
              key={result.deviceId}
              className="border-t border-border"
              data-testid="bulk-result"
              data-state={result.state}
            >
              <td className="px-3 py-1.5 font-mono text-xs">{result.serialNumber ?? result.deviceId}</td>
              <td className="px-3 py-1.5">
                <Badge tone={resultTone(result)}>{resultLabel(result)}</Badge>
              </td>
              <td className="px-3 py-1.5 text-xs text-muted-foreground">
                {result.error ?? (result.attempts > 1 ? `After ${result.attempts} attempts` : '')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {detail.nextCursor ? (
        <p className="border-t border-border px-3 py-1.5 text-xs text-muted-foreground">
          The first {formatCount(detail.results.length)} devices are listed; the counts above cover all.
        </p>
      ) : null}
    </ScrollRegion>
  );
}

/** Failures a retry cannot fix: Google refused them for good. */
function RefusedNote({ count }: { count: number }) {
  return (
    <p className="text-xs text-muted-foreground" data-testid="bulk-run-refused">
      Google refused {formatCount(count)} {count === 1 ? 'device' : 'devices'} for good (its state does not
      allow this action); a retry would be refused again.
    </p>
  );
}

/** "3 done · 1 skipped · 0 failed · 0 pending of 4", skipped naming the ones with no change. */
function countsLine(run: BulkActionRun): string {
  const parts = [`${formatCount(run.succeeded)} done`];
  if (run.skipped > 0)
    parts.push(
      run.unchanged === run.skipped
        ? `${formatCount(run.skipped)} no change`
        : `${formatCount(run.skipped)} skipped`,
    );
  parts.push(`${formatCount(run.failed)} failed`);
  if (run.pending > 0) parts.push(`${formatCount(run.pending)} pending`);
  return `${parts.join(' · ')} of ${formatCount(run.total)}`;
}
