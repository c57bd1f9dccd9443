import { useEffect, useState, type SyntheticEvent } from 'react';
import { Search } from 'lucide-react';
import type { PolicyDevice } from '@fleetdeck/shared/policy-contract';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useDeviceLookup } from '../api/lookup-device.ts';
import { PolicyErrorPanel } from './policy-error-panel.tsx';
import { SafeTextForm } from '../../../components/ui/safe-text-form.tsx';

/**
 * Find a Chromebook by its exact serial number or asset ID (case-insensitive). One match opens it;
 * several are listed to choose from; none says so.
 */
export function DeviceLookup({ onPick }: { onPick: (device: PolicyDevice) => void }) {
  const [text, setText] = useState('');
  const [submitted, setSubmitted] = useState<string>();
  const lookup = useDeviceLookup(submitted === undefined ? undefined : { q: submitted });
  const matches = lookup.data?.matches;

  useEffect(() => {
    const only = matches?.length === 1 ? matches[0] : undefined;
    if (only) onPick(only);
    // Only a new answer opens a device, not a re-render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [matches]);

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (value !== '') setSubmitted(value);
  };

  return (
    <div className="flex flex-col gap-2">
      <SafeTextForm
        role="search"
        aria-label="Find a device"
        onSubmit={onSubmit}
        className="flex flex-col gap-2"
      >
        <label htmlFor="policy-device-lookup" className="text-sm font-medium">
          Device
        </label>
        <div className="flex gap-2">
          <Input
            id="policy-device-lookup"
            placeholder="Serial or asset ID"
            value={text}
            maxLength={200}
            autoComplete="off"
            onChange={(event) => setText(event.target.value)}
          />
          <Button type="submit" variant="secondary" aria-label="Find device" disabled={lookup.isFetching}>
            <Search aria-hidden="true" />
          </Button>
        </div>
      </SafeTextForm>
      {lookup.isError ? <PolicyErrorPanel error={lookup.error} /> : null}
      {submitted !== undefined && matches?.length === 0 ? (
        <p role="status" className="text-sm text-muted-foreground">
          No device has the serial number or asset ID “{submitted}”. The whole value must match.
        </p>
      ) : null}
      {matches && matches.length > 1 ? (
        <div role="status" className="flex flex-col gap-1">
          <p className="text-sm text-muted-foreground">
            {matches.length}
            {lookup.data?.truncated ? '+' : ''} devices match “{submitted}”. Pick one:
          </p>
          <ul className="flex flex-col gap-1">
            {matches.map((device) => (
              <li key={device.deviceId}>
                <button
                  type="button"
                  onClick={() => onPick(device)}
                  className="w-full rounded-md border border-border px-2 py-1.5 text-left text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <span className="font-medium">{device.serialNumber ?? device.deviceId}</span>
                  {device.annotatedAssetId ? (
                    <span className="text-muted-foreground"> · {device.annotatedAssetId}</span>
                  ) : null}
                  <span className="block truncate text-xs text-muted-foreground">{device.orgUnitPath}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
