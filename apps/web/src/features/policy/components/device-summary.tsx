import { Laptop } from 'lucide-react';
import type { PolicyDevice, PolicyOrgUnit } from '@fleetdeck/shared/policy-contract';
import { Card } from '../../../components/ui/card.tsx';
import { OrgUnitSelect } from './org-unit-select.tsx';

/** An address and a unit path get the width they need to be read on one line where there is room. */
const SPANS: Readonly<Record<string, string>> = {
  User: 'col-span-full min-w-0 sm:col-span-2',
  'Organizational unit': 'col-span-full min-w-0',
};

/** The device whose policies are shown: who and where it is, and a "what if it moved" entry. */
export function DeviceSummary({
  device,
  units,
  moveTo,
  onMoveTo,
}: {
  device: PolicyDevice;
  units: readonly PolicyOrgUnit[];
  moveTo: string | undefined;
  onMoveTo: (id: string) => void;
}) {
  // Serial and asset ID are short codes; the rest wraps rather than hide what an admin looks for.
  const wraps = new Set(['Model', 'User', 'Organizational unit']);
  const facts: ReadonlyArray<readonly [string, string | null]> = [
    ['Serial number', device.serialNumber],
    ['Asset ID', device.annotatedAssetId],
    ['Model', device.model],
    ['User', device.annotatedUser],
    ['Organizational unit', device.orgUnitPath],
  ];
  return (
    <Card className="flex flex-col gap-3 p-4 lg:flex-row lg:items-end" data-testid="policy-device">
      <div className="flex min-w-0 flex-1 gap-3">
        <Laptop className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <dl className="grid min-w-0 flex-1 grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
          {facts.map(([label, value]) => (
            <div key={label} className={SPANS[label] ?? 'min-w-0'}>
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd className={wraps.has(label) ? 'break-words' : 'truncate'} title={value ?? undefined}>
                {value ?? '—'}
              </dd>
            </div>
          ))}
        </dl>
      </div>
      <div className="lg:w-72">
        <OrgUnitSelect
          id="device-move-to"
          label="Preview a move to"
          units={units}
          value={moveTo}
          exclude={device.orgUnitId ?? undefined}
          onChange={onMoveTo}
        />
      </div>
    </Card>
  );
}
