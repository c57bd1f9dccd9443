import { useId, useState } from 'react';
import {
  DEVICE_COMMANDS,
  DEVICE_COMMAND_TYPES,
  type DeviceCommandType,
} from '@fleetdeck/shared/device-actions';
import type { DeviceCommand, DeviceDetail, IssueCommandRequest } from '@fleetdeck/shared/device-contract';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { cn } from '../../../lib/cn.ts';
import { useIssueCommand } from '../api/commands.ts';
import { commandUnavailable, confirmationWord } from '../action-rules.ts';
import { SafeTextForm } from '../../../components/ui/safe-text-form.tsx';
import { ConfirmWordField } from './confirm-word-field.tsx';

const REBOOT_DELAYS = [
  { seconds: 0, label: 'Right away' },
  { seconds: 60, label: 'After 1 minute' },
  { seconds: 120, label: 'After 2 minutes' },
  { seconds: 300, label: 'After 5 minutes' },
];

/** The dialog's choices and their checks; `close` forgets them, `send` issues the command. */
function useCommandForm(
  detail: DeviceDetail,
  initial: DeviceCommandType | 'choose' | undefined,
  onClose: () => void,
  onIssued: (command: DeviceCommand) => void,
) {
  const issue = useIssueCommand(detail.device.deviceId);
  const [picked, setPicked] = useState<DeviceCommandType>();
  const [delay, setDelay] = useState(0);
  const [volume, setVolume] = useState('50');
  const [typed, setTyped] = useState('');
  const type: DeviceCommandType | undefined = picked ?? (initial === 'choose' ? undefined : initial);
  const info = type ? DEVICE_COMMANDS[type] : undefined;
  const word = confirmationWord(detail);
  const volumeNumber = Number(volume);
  const volumeValid = /^\d{1,3}$/.test(volume) && volumeNumber >= 0 && volumeNumber <= 100;
  const close = () => {
    setPicked(undefined);
    setDelay(0);
    setVolume('50');
    setTyped('');
    issue.reset();
    onClose();
  };
  const ready =
    type !== undefined &&
    commandUnavailable(type, detail) === undefined &&
    (type !== 'SET_VOLUME' || volumeValid) &&
    (!info?.destructive || typed.trim() === word);
  const send = () => {
    if (!type || !ready) return;
    const request: IssueCommandRequest = { type };
    if (type === 'REBOOT') request.userSessionDelaySeconds = delay;
    if (type === 'SET_VOLUME') request.volume = volumeNumber;
    issue.mutate(request, {
      onSuccess: (command) => {
        close();
        onIssued(command);
      },
    });
  };
  const pick = (value: DeviceCommandType) => {
    setPicked(value);
    setTyped('');
  };
  return {
    issue,
    type,
    info,
    word,
    ready,
    close,
    send,
    pick,
    delay,
    setDelay,
    volume,
    setVolume,
    volumeValid,
    typed,
    setTyped,
  };
}

/** Every command as a radio, unavailable ones disabled with the reason. */
function CommandChoices({
  detail,
  type,
  onPick,
}: {
  detail: DeviceDetail;
  type: DeviceCommandType | undefined;
  onPick: (value: DeviceCommandType) => void;
}) {
  return (
    <div role="radiogroup" aria-label="Command" className="flex flex-col gap-1.5">
      {DEVICE_COMMAND_TYPES.map((value) => {
        const unavailable = commandUnavailable(value, detail);
        const command = DEVICE_COMMANDS[value];
        return (
          <label
            key={value}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-md border border-border px-3 py-2 text-sm hover:bg-muted',
              type === value && 'border-accent bg-accent-subtle',
              unavailable && 'cursor-not-allowed opacity-60',
            )}
          >
            <input
              type="radio"
              name="command"
              className="mt-1"
              value={value}
              checked={type === value}
              disabled={unavailable !== undefined}
              onChange={() => onPick(value)}
            />
            <span className="min-w-0 flex-1">
              <span className="flex flex-wrap items-center gap-2 font-medium">
                {command.label}
                {command.destructive ? <Badge tone="danger">Erases data</Badge> : null}
              </span>
              <span className="block text-xs text-muted-foreground">
                {unavailable ?? command.description}
              </span>
            </span>
          </label>
        );
      })}
    </div>
  );
}

/** Reboot: how long a signed-in user gets before the device restarts. */
function RebootDelayField({ delay, onDelay }: { delay: number; onDelay: (seconds: number) => void }) {
  const delayId = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={delayId} className="text-sm font-medium">
        If someone is signed in
      </label>
      <NativeSelect
        id={delayId}
        value={String(delay)}
        onChange={(event) => onDelay(Number(event.target.value))}
      >
        {REBOOT_DELAYS.map(({ seconds, label }) => (
          <option key={seconds} value={seconds}>
            {label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/** Set volume: the level, a whole number from 0 to 100. */
function VolumeField({
  volume,
  valid,
  onVolume,
}: {
  volume: string;
  valid: boolean;
  onVolume: (volume: string) => void;
}) {
  const volumeId = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={volumeId} className="text-sm font-medium">
        Volume (0–100)
      </label>
      <Input
        id={volumeId}
        inputMode="numeric"
        value={volume}
        aria-invalid={!valid || undefined}
        onChange={(event) => onVolume(event.target.value)}
      />
      {!valid ? <p className="text-xs text-danger">Enter a whole number from 0 to 100.</p> : null}
    </div>
  );
}

/**
 * Issues one remote command. Reboot may wait for a signed-in user; set volume takes a level;
 * commands that erase data ask for the serial number to be typed.
 */
export function CommandDialog({
  detail,
  initial,
  onClose,
  onIssued,
}: {
  detail: DeviceDetail;
  /** The command to start with; undefined closes the dialog. */
  initial: DeviceCommandType | 'choose' | undefined;
  onClose: () => void;
  onIssued: (command: DeviceCommand) => void;
}) {
  const form = useCommandForm(detail, initial, onClose, onIssued);
  const { issue, type, info } = form;
  return (
    <Dialog open={initial !== undefined} onOpenChange={(open) => (open ? undefined : form.close())}>
      <DialogContent
        title={
          info ? `${info.label}: ${detail.device.serialNumber ?? 'this device'}` : 'Send a remote command'
        }
        description={
          info?.description ??
          'Google delivers the command at the device’s next check-in; its progress shows here.'
        }
      >
        <SafeTextForm
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            form.send();
          }}
        >
          {initial === 'choose' ? <CommandChoices detail={detail} type={type} onPick={form.pick} /> : null}
          {type === 'REBOOT' ? <RebootDelayField delay={form.delay} onDelay={form.setDelay} /> : null}
          {type === 'SET_VOLUME' ? (
            <VolumeField volume={form.volume} valid={form.volumeValid} onVolume={form.setVolume} />
          ) : null}
          {info?.destructive ? (
            <ConfirmWordField word={form.word} typed={form.typed} onTyped={form.setTyped} />
          ) : null}
          {issue.isError ? <FormMessage>{issue.error.message}</FormMessage> : null}
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={form.close}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant={info?.destructive ? 'danger' : 'primary'}
              disabled={!form.ready || issue.isPending}
            >
              {issue.isPending ? 'Sending…' : info ? info.label : 'Send command'}
            </Button>
          </div>
        </SafeTextForm>
      </DialogContent>
    </Dialog>
  );
}
