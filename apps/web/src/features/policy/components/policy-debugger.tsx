import { Link, useSearchParams } from 'react-router';
import { ArrowLeftRight, FolderTree, ListTree, RefreshCcw } from 'lucide-react';
import { APP_ROUTES } from '@fleetdeck/shared/app-routes';
import type { PolicyDevice, PolicyOrgUnit, PolicyOrgUnitsResponse } from '@fleetdeck/shared/policy-contract';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { usePolicyOrgUnits } from '../api/get-policy-org-units.ts';
import { useDeviceLookup } from '../api/lookup-device.ts';
import {
  modeOf,
  readViewState,
  writeViewState,
  type PolicyMode,
  type PolicyViewState,
  type PolicyViewUpdate,
} from '../view-state.ts';
import { CompareView } from './compare-view.tsx';
import { DeviceLookup } from './device-lookup.tsx';
import { DevicePanel } from './device-panel.tsx';
import { EffectivePolicies } from './effective-policies.tsx';
import { OrgUnitTree } from './org-unit-tree.tsx';
import { PolicyErrorPanel } from './policy-error-panel.tsx';
import { UserField } from './user-field.tsx';

/** Effective policies or Compare units: each link starts its view from the unit at hand. */
function ModeLinks({
  compare,
  state,
  fallbackId,
}: {
  compare: boolean;
  state: PolicyViewState;
  /** The root unit: what Compare starts from when nothing is picked yet. */
  fallbackId: string | undefined;
}) {
  const effective = writeViewState({
    q: '',
    filter: 'all',
    showAll: false,
    orgUnitId: state.compare ?? state.orgUnitId,
  });
  const comparing = writeViewState({
    q: '',
    filter: 'all',
    showAll: false,
    compare: state.orgUnitId ?? state.compare ?? fallbackId,
  });
  const item = (active: boolean) =>
    cn(
      'inline-flex items-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-ring',
      active ? 'bg-accent-subtle text-accent-subtle-foreground' : 'text-muted-foreground hover:bg-muted',
    );
  return (
    <nav aria-label="Policy debugger views" className="flex gap-1">
      <Link
        to={`?${effective.toString()}`}
        className={item(!compare)}
        aria-current={compare ? undefined : 'page'}
      >
        <ListTree className="size-4" aria-hidden="true" />
        Effective policies
      </Link>
      <Link
        to={`?${comparing.toString()}`}
        className={item(compare)}
        aria-current={compare ? 'page' : undefined}
      >
        <ArrowLeftRight className="size-4" aria-hidden="true" />
        Compare units
      </Link>
    </nav>
  );
}

/** Nothing synced yet: the debugger needs Fleetdeck's copy of the OU tree. */
function NoOrgUnits() {
  return (
    <EmptyState
      icon={FolderTree}
      title="No organizational units yet"
      action={
        <Button asChild variant="secondary">
          <Link to={APP_ROUTES.settingsSync}>
            <RefreshCcw aria-hidden="true" />
            Open Settings → Sync
          </Link>
        </Button>
      }
    >
      The debugger works on Fleetdeck&apos;s copy of your OU tree. Run a sync to fill it.
    </EmptyState>
  );
}

/** The pickers beside the answer: a device, a user, or a unit of the tree. */
function PickerAside({
  mode,
  state,
  orgUnits,
  activeUnit,
  update,
}: {
  mode: PolicyMode;
  state: PolicyViewState;
  orgUnits: PolicyOrgUnitsResponse;
  /** The unit marked in the tree: the picked one, or the picked device's. */
  activeUnit: string | undefined;
  update: PolicyViewUpdate;
}) {
  const pickUnit = (unit: PolicyOrgUnit) =>
    update({ orgUnitId: unit.id, deviceId: undefined, moveTo: undefined });
  const pickDevice = (device: PolicyDevice) =>
    update({ deviceId: device.deviceId, orgUnitId: undefined, moveTo: undefined });
  return (
    <aside
      className={cn('flex flex-col gap-4', mode !== 'pick' && 'order-2 lg:order-1')}
      aria-label="Choose what to debug"
    >
      <Card className="p-4">
        <DeviceLookup onPick={pickDevice} />
      </Card>
      <Card className="p-4">
        <UserField key={state.user ?? ''} value={state.user} onChange={(user) => update({ user })} />
      </Card>
      <Card className="flex flex-col gap-2 p-4">
        <h2 className="text-sm font-medium">Organizational unit</h2>
        {orgUnits.scoped ? (
          <p className="text-xs text-muted-foreground">Only the units you may see are listed.</p>
        ) : null}
        <OrgUnitTree units={orgUnits.orgUnits} selectedId={activeUnit} onSelect={pickUnit} />
      </Card>
    </aside>
  );
}

/** The answer for what is picked: a device, a unit's policies, or how to start. */
function PickedAnswer({
  state,
  units,
  update,
}: {
  state: PolicyViewState;
  units: readonly PolicyOrgUnit[];
  update: PolicyViewUpdate;
}) {
  if (state.deviceId !== undefined)
    return <DevicePanel deviceId={state.deviceId} state={state} units={units} update={update} />;
  if (state.orgUnitId !== undefined)
    return (
      <EffectivePolicies
        orgUnitId={state.orgUnitId}
        user={state.user}
        q={state.q}
        filter={state.filter}
        onSearch={(q) => update({ q }, { replace: true })}
        onFilter={(filter) => update({ filter })}
      />
    );
  return (
    <EmptyState icon={ListTree} title="Every policy, and the unit that set it">
      Pick an organizational unit in the tree, or find a device by serial number or asset ID. Fleetdeck asks
      Google for the effective value of each Chrome policy and shows whether it is set on that unit, inherited
      (and from where) or left at its default.
    </EmptyState>
  );
}

/** Compare mode: both units and "show all" live in the URL; the single-unit view is left. */
function CompareMode({
  state,
  units,
  update,
}: {
  state: PolicyViewState;
  units: readonly PolicyOrgUnit[];
  update: PolicyViewUpdate;
}) {
  return (
    <CompareView
      units={units}
      a={state.compare}
      b={state.with}
      showAll={state.showAll}
      onChange={(next) =>
        update({
          ...(next.compare === undefined ? {} : { compare: next.compare }),
          ...(next.with === undefined ? {} : { with: next.with }),
          ...(next.showAll === undefined ? {} : { showAll: next.showAll }),
          orgUnitId: undefined,
          deviceId: undefined,
          moveTo: undefined,
        })
      }
    />
  );
}

/**
 * `/debugPolicy`: pick an OU (tree) or a device (serial / asset ID), see its effective policies and
 * where each comes from; compare two OUs; preview a device move. The whole view is in the URL.
 */
export function PolicyDebugger() {
  const [params, setParams] = useSearchParams();
  const state = readViewState(params);
  const mode = modeOf(state);
  const orgUnits = usePolicyOrgUnits();
  // The device's own lookup (shared with its panel): its unit is opened and marked in the tree.
  const deviceLookup = useDeviceLookup(
    state.deviceId !== undefined ? { deviceId: state.deviceId } : undefined,
  );
  const update: PolicyViewUpdate = (patch, options) =>
    setParams(writeViewState({ ...state, ...patch }), { replace: options?.replace ?? false });
  const units = orgUnits.data?.orgUnits ?? [];

  if (orgUnits.isError)
    return <PolicyErrorPanel error={orgUnits.error} onRetry={() => void orgUnits.refetch()} />;
  if (!orgUnits.data)
    return (
      <div className="flex flex-col gap-3" aria-busy="true" aria-label="Loading organizational units">
        <Skeleton className="h-10 w-72" />
        <Skeleton className="h-96 w-full" />
      </div>
    );
  if (units.length === 0) return <NoOrgUnits />;

  const devicePath = deviceLookup.data?.matches[0]?.orgUnitPath;
  const activeUnit =
    mode === 'orgUnit'
      ? state.orgUnitId
      : mode === 'device' || mode === 'move'
        ? units.find((unit) => unit.path === devicePath)?.id
        : undefined;
  return (
    <div className="flex flex-col gap-4">
      <ModeLinks
        compare={mode === 'compare'}
        state={state}
        fallbackId={(units.find((unit) => unit.path === '/') ?? units[0])?.id}
      />
      {mode === 'compare' ? (
        <CompareMode state={state} units={units} update={update} />
      ) : (
        <div className="grid gap-4 lg:grid-cols-[18rem_minmax(0,1fr)]">
          <PickerAside
            mode={mode}
            state={state}
            orgUnits={orgUnits.data}
            activeUnit={activeUnit}
            update={update}
          />
          <div className={cn('min-w-0', mode !== 'pick' && 'order-1 lg:order-2')}>
            <PickedAnswer state={state} units={units} update={update} />
          </div>
        </div>
      )}
    </div>
  );
}
