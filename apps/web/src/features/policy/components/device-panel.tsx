import type { PolicyOrgUnit } from '@fleetdeck/shared/policy-contract';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useDeviceLookup } from '../api/lookup-device.ts';
import type { PolicyViewState, PolicyViewUpdate } from '../view-state.ts';
import { DeviceSummary } from './device-summary.tsx';
import { EffectivePolicies } from './effective-policies.tsx';
import { MovePreview } from './move-preview.tsx';
import { PolicyErrorPanel } from './policy-error-panel.tsx';

/** A device picked by lookup: its summary, then its unit's policies or a preview of its move. */
export function DevicePanel({
  deviceId,
  state,
  units,
  update,
}: {
  deviceId: string;
  state: PolicyViewState;
  units: readonly PolicyOrgUnit[];
  update: PolicyViewUpdate;
}) {
  const lookup = useDeviceLookup({ deviceId });
  if (lookup.isError) return <PolicyErrorPanel error={lookup.error} onRetry={() => void lookup.refetch()} />;
  if (!lookup.data) return <Skeleton className="h-24 w-full" />;
  const device = lookup.data.matches[0];
  if (!device)
    return (
      <PolicyErrorPanel
        error={
          new Error(
            'This device is not in Fleetdeck’s copy of your fleet, or not one you may see. Look it up by serial number, or run a sync if it was enrolled recently.',
          )
        }
      />
    );
  return (
    <div className="flex flex-col gap-4">
      <DeviceSummary
        device={device}
        units={units}
        moveTo={state.moveTo}
        onMoveTo={(id) => update({ moveTo: id })}
      />
      {state.moveTo !== undefined ? (
        <MovePreview
          device={device}
          units={units}
          moveTo={state.moveTo}
          user={state.user}
          onTarget={(id) => update({ moveTo: id })}
        />
      ) : device.orgUnitId ? (
        <EffectivePolicies
          orgUnitId={device.orgUnitId}
          user={state.user}
          device={device.serialNumber ?? device.annotatedAssetId ?? device.deviceId}
          q={state.q}
          filter={state.filter}
          onSearch={(q) => update({ q }, { replace: true })}
          onFilter={(filter) => update({ filter })}
        />
      ) : (
        <PolicyErrorPanel
          error={new Error('This device has no organizational unit in Fleetdeck yet. Run a sync first.')}
        />
      )}
    </div>
  );
}
