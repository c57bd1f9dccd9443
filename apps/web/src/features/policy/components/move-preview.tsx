import { ArrowRight, Equal } from 'lucide-react';
import type { PolicyDevice, PolicyOrgUnit } from '@fleetdeck/shared/policy-contract';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useMovePreview } from '../api/get-move-preview.ts';
import { OrgUnitSelect } from './org-unit-select.tsx';
import { PolicyDiffList } from './policy-diff-list.tsx';
import { PolicyErrorPanel } from './policy-error-panel.tsx';

/** Why: before moving a Chromebook, see which policies would change for it. */
export function MovePreview({
  device,
  units,
  moveTo,
  user,
  onTarget,
}: {
  device: PolicyDevice;
  units: readonly PolicyOrgUnit[];
  moveTo: string;
  /** Whose user settings to name (default: the device's own user); only device settings are compared. */
  user?: string | undefined;
  onTarget: (id: string) => void;
}) {
  const query = useMovePreview(device.deviceId, moveTo, user);
  const data = query.data;
  // User settings follow the account, not the device: the preview compares device settings only.
  const userNote = data ? (
    <p className="text-sm break-words text-muted-foreground" data-testid="move-user">
      {data.userSettings}
    </p>
  ) : null;
  return (
    <div className="flex flex-col gap-4" data-testid="move-preview">
      <div className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4 shadow-card sm:flex-row sm:items-end">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="text-sm font-medium">From</span>
          <span className="flex h-9 items-center text-sm break-all">
            {device.orgUnitPath ?? 'Unknown unit'}
          </span>
        </div>
        <ArrowRight className="hidden size-4 self-center text-muted-foreground sm:block" aria-hidden="true" />
        <OrgUnitSelect
          id="move-target"
          label="Move to"
          units={units}
          value={moveTo}
          exclude={device.orgUnitId ?? undefined}
          onChange={onTarget}
        />
      </div>
      {query.isError ? (
        <PolicyErrorPanel error={query.error} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <div className="flex flex-col gap-3" aria-busy="true" aria-label="Loading move preview">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-48 w-full" />
        </div>
      ) : data.changes.length === 0 ? (
        <EmptyState icon={Equal} title="Nothing changes">
          {data.to.path} resolves to the same device settings as {data.from.path}.{userNote}
        </EmptyState>
      ) : (
        <>
          <h2 className="text-base font-semibold" data-testid="move-summary">
            {data.changes.length} {data.changes.length === 1 ? 'policy changes' : 'policies change'} if this
            device moves to {data.to.path}
          </h2>
          {userNote}
          <PolicyDiffList
            rows={data.changes}
            aHeading={`Now (${data.from.path})`}
            bHeading={`After the move (${data.to.path})`}
            aPath={data.from.path}
            bPath={data.to.path}
            label="Policies that change with the move"
          />
        </>
      )}
    </div>
  );
}
