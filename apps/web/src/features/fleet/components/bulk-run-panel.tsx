import { useEffect, useRef } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useBulkAction, useRetryBulkAction } from '../api/bulk-actions.ts';
import { formatCount } from '../format.ts';

const STATE_TONE = {
  pending: 'neutral',
  succeeded: 'success',
  failed: 'danger',
  skipped: 'warning',
} as const;
const STATE_LABEL = { pending: 'Pending', succeeded: 'Done', failed: 'Failed', skipped: 'Skipped' } as const;
const RUN_LABEL = {
  queued: 'Queued',
  running: 'Running',
  succeeded: 'Finished',
  partially_failed: 'Finished with failures',
  failed: 'Failed',
} as const;

/** A bulk run's live progress and per-device results; failures can be retried. */
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
  const done = run.succeeded + run.failed;
  const percent = run.total > 0 ? Math.round((done / run.total) * 100) : 100;
  return (
    <div className="flex flex-col gap-4 text-sm" data-testid="bulk-run">
      <div className="flex flex-col gap-2">
        <div className="flex items-baseline justify-between gap-4">
          <span className="font-medium" data-testid="bulk-run-status">
            {RUN_LABEL[run.status]}
          </span>
          <span className="text-muted-foreground tabular-nums" data-testid="bulk-run-counts">
            {formatCount(run.succeeded)} done · {formatCount(run.failed)} failed · {formatCount(run.pending)}{' '}
            pending of {formatCount(run.total)}
          </span>
        </div>
        <div
          role="progressbar"
          aria-label="Bulk action progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div
            className={
              run.failed > 0 ? 'h-full bg-danger transition-[width]' : 'h-full bg-accent transition-[width]'
            }
            style={{ width: `${percent}%` }}
          />
        </div>
      </div>
      <div className="max-h-[45dvh] overflow-auto rounded-md border border-border">
        <table className="w-full text-left" aria-label="Results per device">
          <thead className="sticky top-0 bg-muted text-xs text-muted-foreground">
            <tr>
              <th className="px-3 py-1.5 font-medium">Device</th>
              <th className="px-3 py-1.5 font-medium">Result</th>
              <th className="px-3 py-1.5 font-medium">Details</th>
            </tr>
          </thead>
          <tbody>
            {detail.data.results.map((result) => (
              <tr
                key={result.deviceId}
                className="border-t border-border"
                data-testid="bulk-result"
                data-state={result.state}
              >
                <td className="px-3 py-1.5 font-mono text-xs">{result.serialNumber ?? result.deviceId}</td>
                <td className="px-3 py-1.5">
                  <Badge tone={STATE_TONE[result.state]}>{STATE_LABEL[result.state]}</Badge>
                </td>
                <td className="px-3 py-1.5 text-xs text-muted-foreground">
                  {result.error ?? (result.attempts > 1 ? `After ${result.attempts} attempts` : '')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {detail.data.nextCursor ? (
          <p className="border-t border-border px-3 py-1.5 text-xs text-muted-foreground">
            The first {formatCount(detail.data.results.length)} devices are listed; the counts above cover
            all.
          </p>
        ) : null}
      </div>
      {retry.error ? <FormMessage>{retry.error.message}</FormMessage> : null}
      <div className="flex justify-end gap-2">
        {!active && run.failed > 0 ? (
          <Button
            variant="secondary"
            disabled={retry.isPending}
            onClick={() =>
              retry.mutate(run.id, {
                onSuccess: (next) => {
                  onRunId(next.id);
                  void detail.refetch();
                },
              })
            }
          >
            Retry {formatCount(run.failed)} failed
          </Button>
        ) : null}
        <Button onClick={onClose}>{active ? 'Close (keeps running)' : 'Done'}</Button>
      </div>
    </div>
  );
}
