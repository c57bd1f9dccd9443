import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { FolderTree } from 'lucide-react';
import type { DeviceDetail } from '@fleetdeck/shared/device-contract';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { useMoveDevice } from '../api/move-device.ts';
import { useOrgUnits } from '../../../api/org-units.ts';
import { orgUnitDepth, sortByOrgUnitPath, subtreeDeviceCounts } from '@fleetdeck/shared/org-unit-order';

/** The units to move to, in tree order, with device counts, narrowed by the filter. */
function useMoveTargets(open: boolean, needle: string) {
  const orgUnits = useOrgUnits(open);
  const all = useMemo(
    () => sortByOrgUnitPath(orgUnits.data?.orgUnits ?? [], (ou) => ou.orgUnitPath),
    [orgUnits.data],
  );
  // Counted as the fleet's ou: filter counts: the unit and its sub-units.
  const totals = useMemo(
    () =>
      subtreeDeviceCounts(
        all,
        (ou) => ou.orgUnitPath,
        (ou) => ou.deviceCount,
      ),
    [all],
  );
  const matches = needle ? all.filter((ou) => ou.orgUnitPath.toLowerCase().includes(needle)) : all;
  return { orgUnits, totals, matches };
}

type MoveTarget = ReturnType<typeof useMoveTargets>['matches'][number];

/** One unit as a radio; the device's current unit is shown but cannot be picked. */
function UnitOption({
  ou,
  current,
  selected,
  asPath,
  total,
  onPick,
}: {
  ou: MoveTarget;
  current: boolean;
  selected: boolean;
  asPath: boolean;
  total: number;
  onPick: () => void;
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-center gap-3 border-b border-border px-3 py-2 text-sm last:border-b-0 hover:bg-muted',
        selected && 'bg-accent-subtle',
        current && 'cursor-not-allowed opacity-60',
      )}
    >
      <input
        type="radio"
        name="move-target"
        value={ou.orgUnitId}
        checked={selected}
        disabled={current}
        onChange={onPick}
        className="accent-[var(--color-accent)]"
      />
      <UnitLabel path={ou.orgUnitPath} name={ou.name} asPath={asPath} />
      <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
        {current ? 'Current' : devicesWord(total)}
      </span>
    </label>
  );
}

/** The chosen unit, with a link to preview how the device's policies would change. */
function MoveSummary({ deviceId, chosen }: { deviceId: string; chosen: MoveTarget }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <span className="min-w-0">
        Moving to <span className="font-medium [overflow-wrap:anywhere]">{chosen.orgUnitPath}</span>
      </span>
      <Link
        className="text-sm text-accent underline-offset-4 hover:underline"
        to={`/debugPolicy?deviceId=${encodeURIComponent(deviceId)}&moveTo=${encodeURIComponent(chosen.orgUnitId)}`}
      >
        Preview policy changes
      </Link>
    </div>
  );
}

/** The filter box above the units. */
function UnitFilter({ filter, onFilter }: { filter: string; onFilter: (filter: string) => void }) {
  const filterId = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={filterId} className="text-sm font-medium">
        Find a unit
      </label>
      <Input
        id={filterId}
        value={filter}
        placeholder="Type part of a path, e.g. North High"
        onChange={(event) => onFilter(event.target.value)}
      />
    </div>
  );
}

/** Moves the device to another OU, with a link to preview how its policies would change. */
export function MoveDialog({
  detail,
  open,
  onOpenChange,
}: {
  detail: DeviceDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { device } = detail;
  const [filter, setFilter] = useState('');
  const [target, setTarget] = useState<string>();
  const move = useMoveDevice(device.deviceId);
  const needle = filter.trim().toLowerCase();
  const { orgUnits, totals, matches } = useMoveTargets(open, needle);
  const chosen = orgUnits.data?.orgUnits.find((ou) => ou.orgUnitId === target);
  const close = (next: boolean) => {
    if (!next) {
      setFilter('');
      setTarget(undefined);
      move.reset();
    }
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        title="Move to organizational unit"
        description={`Currently in ${device.orgUnitPath ?? 'an unknown unit'}. The device takes the new unit's policies at its next check-in.`}
        className="w-[min(36rem,calc(100vw-2rem))]"
      >
        <UnitFilter filter={filter} onFilter={setFilter} />
        {orgUnits.isError ? <FormMessage>{orgUnits.error.message}</FormMessage> : null}
        {orgUnits.isPending ? <Skeleton className="h-48 w-full" /> : null}
        {orgUnits.data ? (
          <div
            role="radiogroup"
            aria-label="Organizational units"
            className="max-h-64 overflow-y-auto rounded-md border border-border"
          >
            {matches.length === 0 ? (
              <p className="p-3 text-sm text-muted-foreground">No unit matches “{filter}”.</p>
            ) : (
              matches.map((ou) => (
                <UnitOption
                  key={ou.orgUnitId}
                  ou={ou}
                  current={ou.orgUnitId === device.orgUnitId || ou.orgUnitPath === device.orgUnitPath}
                  selected={ou.orgUnitId === target}
                  asPath={needle !== ''}
                  total={totals.get(ou.orgUnitPath) ?? ou.deviceCount}
                  onPick={() => setTarget(ou.orgUnitId)}
                />
              ))
            )}
          </div>
        ) : null}
        {chosen ? <MoveSummary deviceId={device.deviceId} chosen={chosen} /> : null}
        {move.isError ? <FormMessage>{move.error.message}</FormMessage> : null}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button
            disabled={!chosen || move.isPending}
            onClick={() => chosen && move.mutate(chosen.orgUnitId, { onSuccess: () => close(false) })}
          >
            {move.isPending ? 'Moving…' : 'Move device'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function devicesWord(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'device' : 'devices'}`;
}

/**
 * A unit as a tree row (its name, indented under its parent) or, while filtering, its whole path:
 * either way it wraps rather than being cut, so a long school name stays readable on a phone.
 */
function UnitLabel({ path, name, asPath }: { path: string; name: string; asPath: boolean }) {
  const depth = orgUnitDepth(path);
  return (
    <span
      className="flex min-w-0 flex-1 items-start gap-2"
      title={path}
      data-path={path}
      style={asPath ? undefined : { paddingLeft: `${Math.min(depth, 6) * 0.875}rem` }}
    >
      <FolderTree className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      {asPath || path === '/' ? (
        <span className="min-w-0 [overflow-wrap:anywhere]">{path === '/' ? `/ (${name})` : path}</span>
      ) : (
        <>
          <span className="min-w-0 [overflow-wrap:anywhere]" aria-hidden="true">
            {name}
          </span>
          {/* Read out whole: "Grade 3" alone would not say which school. */}
          <span className="sr-only">{path}</span>
        </>
      )}
    </span>
  );
}
