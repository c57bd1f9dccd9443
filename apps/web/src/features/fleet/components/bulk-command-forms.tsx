import { useState } from 'react';
import type { BulkAction } from '@fleetdeck/shared/bulk-contract';
import {
  DEPROVISION_REASON_LABELS,
  DEPROVISION_REASONS,
  DEVICE_COMMAND_TYPES,
  DEVICE_COMMANDS,
  type DeprovisionReason,
  type DeviceCommandType,
} from '@fleetdeck/shared/device-actions';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';

/**
 * The inputs of the bulk actions that reach into the devices and cannot be taken back from
 * Fleetdeck: deprovisioning (with its reason) and remote commands (with a volume for Set volume).
 */

/** Deprovision: the reason Google records, chosen from its list. */
export function DeprovisionForm({ onChange }: { onChange: (action: BulkAction | null) => void }) {
  const [reason, setReason] = useState('');
  return (
    <div className="flex flex-col gap-3">
      <FormMessage>
        Deprovisioning removes the devices from management. They must be re-enrolled by hand, and their
        upgrade licenses may be released. This cannot be undone from Fleetdeck.
      </FormMessage>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="bulk-deprovision-reason" className="text-sm font-medium">
          Reason
        </label>
        <NativeSelect
          id="bulk-deprovision-reason"
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            onChange(
              event.target.value
                ? { kind: 'deprovision', reason: event.target.value as DeprovisionReason }
                : null,
            );
          }}
        >
          <option value="">Choose a reason…</option>
          {DEPROVISION_REASONS.map((value) => (
            <option key={value} value={value}>
              {DEPROVISION_REASON_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}

/** A remote command, and its volume when it sets one. */
export function CommandForm({ onChange }: { onChange: (action: BulkAction | null) => void }) {
  const [type, setType] = useState<DeviceCommandType | ''>('');
  const [volume, setVolume] = useState(50);
  const emit = (nextType: DeviceCommandType | '', nextVolume: number) =>
    onChange(
      nextType
        ? {
            kind: 'command',
            command: { type: nextType, ...(nextType === 'SET_VOLUME' ? { volume: nextVolume } : {}) },
          }
        : null,
    );
  const info = type ? DEVICE_COMMANDS[type] : undefined;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1.5">
        <label htmlFor="bulk-command-type" className="text-sm font-medium">
          Command
        </label>
        <NativeSelect
          id="bulk-command-type"
          value={type}
          onChange={(event) => {
            const next = event.target.value as DeviceCommandType | '';
            setType(next);
            emit(next, volume);
          }}
        >
          <option value="">Choose a command…</option>
          {DEVICE_COMMAND_TYPES.map((value) => (
            <option key={value} value={value}>
              {DEVICE_COMMANDS[value].label}
              {DEVICE_COMMANDS[value].kioskOnly ? ' (kiosk devices)' : ''}
            </option>
          ))}
        </NativeSelect>
        {info ? <p className="text-xs text-muted-foreground">{info.description}</p> : null}
      </div>
      {type === 'SET_VOLUME' ? (
        <div className="flex flex-col gap-1.5">
          <label htmlFor="bulk-command-volume" className="text-sm font-medium">
            Volume (0–100)
          </label>
          <Input
            id="bulk-command-volume"
            type="number"
            min={0}
            max={100}
            value={volume}
            onChange={(event) => {
              const next = Math.max(0, Math.min(100, Number(event.target.value)));
              setVolume(next);
              emit(type, next);
            }}
            className="w-28"
          />
        </div>
      ) : null}
      {info?.destructive ? (
        <FormMessage>
          {info.label} erases data on every device it reaches. You will confirm the count next.
        </FormMessage>
      ) : null}
    </div>
  );
}
