import { useEffect, useRef, useState, type ReactNode } from 'react';
import { RotateCcw } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useSyncRun } from '../api/get-sync-run.ts';
import { useStartSyncRun } from '../api/start-sync-run.ts';
import { SyncProgress } from './sync-progress.tsx';
import { useLiveSync } from './use-live-sync.ts';

/**
 * Onboarding's first sync: starts a full sync as soon as it is shown (the server hands back the
 * run already going, if any), shows it live, and offers `finish` once it succeeded.
 */
export function FirstSync({ finish, onSucceeded }: { finish: ReactNode; onSucceeded?: () => void }) {
  const start = useStartSyncRun();
  const [runId, setRunId] = useState<string>();
  const live = useLiveSync();
  const run = useSyncRun(runId, live);
  const started = useRef(false);

  const startFull = () =>
    start.mutate(
      { kind: 'full', trigger: 'onboarding' },
      { onSuccess: ({ run: created }) => setRunId(created.id) },
    );
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    startFull();
  });

  const succeeded = run.data?.status === 'succeeded';
  useEffect(() => {
    if (succeeded) onSucceeded?.();
  }, [succeeded, onSucceeded]);

  const tryAgain = (
    <Button variant="secondary" className="self-start" disabled={start.isPending} onClick={startFull}>
      <RotateCcw aria-hidden="true" />
      Try again
    </Button>
  );
  if (start.isError) {
    return (
      <div className="flex flex-col gap-3">
        <FormMessage>The first sync could not start: {start.error.message}</FormMessage>
        {tryAgain}
      </div>
    );
  }
  if (!run.data) {
    return run.isError ? (
      <FormMessage>{run.error.message}</FormMessage>
    ) : (
      <Skeleton className="h-28 w-full" />
    );
  }
  const status = run.data.status;
  return (
    <div className="flex flex-col gap-4">
      <SyncProgress run={run.data} />
      {status === 'succeeded' ? (
        <>
          <FormMessage tone="success">
            The first sync is done: your devices are in Fleetdeck. From now on Fleetdeck keeps them up to date
            on its own.
          </FormMessage>
          {finish}
        </>
      ) : null}
      {status === 'failed' || status === 'cancelled' ? (
        <>
          <FormMessage>
            {status === 'failed'
              ? 'The first sync failed. Nothing is lost: devices already copied stay, and trying again picks up the rest.'
              : 'The first sync was cancelled before it finished.'}
          </FormMessage>
          {tryAgain}
        </>
      ) : null}
      {status === 'queued' || status === 'running' ? (
        <p className="text-sm text-muted-foreground">
          You can leave this page: the sync goes on in the background and the dashboard fills in as devices
          arrive.
        </p>
      ) : null}
    </div>
  );
}
