import { useState } from 'react';
import { RefreshCcw, Rows3 } from 'lucide-react';
import { roleCan } from '@fleetdeck/shared/permissions';
import type { SyncKind } from '@fleetdeck/shared/sync-contract';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useAuthSession } from '../../../lib/auth/use-auth-session.ts';
import { isActiveRun, useSyncRun } from '../api/get-sync-run.ts';
import { useSyncRuns } from '../api/list-sync-runs.ts';
import { useSyncSchedule } from '../api/get-sync-schedule.ts';
import { useStartSyncRun } from '../api/start-sync-run.ts';
import { SyncProgress } from './sync-progress.tsx';
import { SyncRunsTable } from './sync-runs-table.tsx';
import { SyncScheduleForm } from './sync-schedule-form.tsx';
import { useLiveSync } from './use-live-sync.ts';

function CurrentRun({ runId, live }: { runId: string | undefined; live: boolean }) {
  const run = useSyncRun(runId, live);
  if (!runId) return <p className="text-sm text-muted-foreground">No sync has run yet.</p>;
  if (run.isError) return <FormMessage>{run.error.message}</FormMessage>;
  if (!run.data) return <Skeleton className="h-24 w-full" />;
  return <SyncProgress run={run.data} />;
}

function ScheduleCard({ canEdit }: { canEdit: boolean }) {
  const schedule = useSyncSchedule();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Schedule</CardTitle>
        <CardDescription>How often Fleetdeck asks Google what changed.</CardDescription>
      </CardHeader>
      <CardContent>
        {schedule.isError ? <FormMessage>{schedule.error.message}</FormMessage> : null}
        {schedule.isPending ? <Skeleton className="h-32 w-full" /> : null}
        {schedule.data ? <SyncScheduleForm schedule={schedule.data} canEdit={canEdit} /> : null}
      </CardContent>
    </Card>
  );
}

/** `/settings/sync`: the current run live, Sync now and Full sync, the schedule and the run history. */
export function SyncSection() {
  const { session } = useAuthSession();
  const role = session?.user.organization?.role;
  const canRun = roleCan(role, 'sync.run');
  const live = useLiveSync();
  const runs = useSyncRuns();
  const start = useStartSyncRun();
  const [startedId, setStartedId] = useState<string>();
  const listed = runs.data?.pages.flatMap((page) => page.runs) ?? [];
  const latest = listed[0];
  const currentId = startedId ?? latest?.id;
  const busy = start.isPending || listed.some(isActiveRun);
  const run = (kind: SyncKind) =>
    start.mutate({ kind }, { onSuccess: ({ run: started }) => setStartedId(started.id) });

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
          <div>
            <CardTitle>Current sync</CardTitle>
            <CardDescription>
              Fleetdeck copies devices and organizational units from Google. Sync now fetches what changed; a
              full sync reads everything and removes devices deleted at Google.
            </CardDescription>
          </div>
          {canRun ? (
            <div className="flex gap-2">
              <Button disabled={busy} onClick={() => run('incremental')}>
                <RefreshCcw aria-hidden="true" />
                Sync now
              </Button>
              <Button variant="secondary" disabled={busy} onClick={() => run('full')}>
                <Rows3 aria-hidden="true" />
                Full sync
              </Button>
            </div>
          ) : null}
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          {start.error ? <FormMessage>{start.error.message}</FormMessage> : null}
          {start.data && !start.data.created ? (
            <p className="text-sm text-muted-foreground">A sync was already running; it is shown below.</p>
          ) : null}
          {runs.isPending ? (
            <Skeleton className="h-24 w-full" />
          ) : (
            <CurrentRun runId={currentId} live={live} />
          )}
          {!canRun ? (
            <p className="text-sm text-muted-foreground">Owners, admins and technicians can start a sync.</p>
          ) : null}
        </CardContent>
      </Card>
      <ScheduleCard canEdit={roleCan(role, 'settings.manage')} />
      <Card>
        <CardHeader>
          <CardTitle>History</CardTitle>
          <CardDescription>Every sync, newest first, with what it changed.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          {runs.isError ? <FormMessage>{runs.error.message}</FormMessage> : null}
          {runs.isPending ? <Skeleton className="h-40 w-full" /> : <SyncRunsTable runs={listed} />}
          {runs.hasNextPage ? (
            <Button
              variant="secondary"
              className="self-start"
              disabled={runs.isFetchingNextPage}
              onClick={() => void runs.fetchNextPage()}
            >
              {runs.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </Button>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}
