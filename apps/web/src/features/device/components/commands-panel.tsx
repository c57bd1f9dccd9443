import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Check, CircleDashed, Loader2, Power, Terminal, X } from 'lucide-react';
import { DEVICE_COMMANDS, type DeviceCommandType } from '@fleetdeck/shared/device-actions';
import type { DeviceCommand, DeviceDetail } from '@fleetdeck/shared/device-contract';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { useCommand, useCommands } from '../api/commands.ts';
import { deviceKeys } from '../api/device-query-keys.ts';
import { commandStateLabel, commandSteps, type StepStatus } from '../command-steps.ts';
import type { Tone } from '../format.ts';
import { RelativeTime } from './relative-time.tsx';

const STEP_ICON: Record<StepStatus, typeof Check> = {
  done: Check,
  current: Loader2,
  upcoming: CircleDashed,
  failed: X,
};

function stateTone(command: DeviceCommand): Tone {
  if (!command.terminal) return 'accent';
  if (command.state === 'EXECUTED_BY_CLIENT')
    return command.result?.result === 'FAILURE' ? 'danger' : 'success';
  return 'danger';
}

function commandLabel(type: string): string {
  return type in DEVICE_COMMANDS ? DEVICE_COMMANDS[type as DeviceCommandType].label : type;
}

/** One command followed to its end: polled every ~2 s until Google reports a final state. */
function CommandRow({ deviceId, initial }: { deviceId: string; initial: DeviceCommand }) {
  const queryClient = useQueryClient();
  const { data: command } = useCommand(deviceId, initial);
  const wasTerminal = useRef(initial.terminal);
  useEffect(() => {
    if (command.terminal && !wasTerminal.current) {
      wasTerminal.current = true;
      void queryClient.invalidateQueries({ queryKey: deviceKeys.timeline(deviceId) });
      void queryClient.invalidateQueries({ queryKey: deviceKeys.commands(deviceId) });
    }
  }, [command.terminal, deviceId, queryClient]);
  const steps = commandSteps(command.state, command.result?.result);
  const who = command.issuedBy?.name ?? command.issuedBy?.email;
  return (
    <li
      className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0"
      data-testid="command-row"
      data-state={command.state}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <div className="flex items-center gap-2 text-sm font-medium">
            <Power className="size-4 text-muted-foreground" aria-hidden="true" />
            {commandLabel(command.type)}
          </div>
          <p className="text-xs text-muted-foreground">
            Issued <RelativeTime iso={command.issuedAt} />
            {who ? ` by ${who}` : ''} · updated <RelativeTime iso={command.updatedAt} />
          </p>
        </div>
        <Badge tone={stateTone(command)} data-testid="command-state">
          {commandStateLabel(command.state, command.result?.result)}
        </Badge>
      </div>
      <ol
        className="flex flex-wrap items-center gap-x-2 gap-y-1"
        aria-label={`${commandLabel(command.type)} progress`}
      >
        {steps.map((step, index) => {
          const Icon = STEP_ICON[step.status];
          return (
            <li key={step.label} className="flex items-center gap-2 text-xs">
              {index > 0 ? (
                <span
                  aria-hidden="true"
                  className={cn('h-px w-6', step.status === 'upcoming' ? 'bg-border' : 'bg-accent')}
                />
              ) : null}
              <span
                className={cn(
                  'inline-flex items-center gap-1 rounded-full px-2 py-0.5',
                  step.status === 'done' && 'bg-success-subtle text-success-subtle-foreground',
                  step.status === 'current' && 'bg-accent-subtle text-accent-subtle-foreground',
                  step.status === 'upcoming' && 'text-muted-foreground',
                  step.status === 'failed' && 'bg-danger-subtle text-danger-subtle-foreground',
                )}
                aria-current={step.status === 'current' ? 'step' : undefined}
              >
                <Icon
                  className={cn('size-3', step.status === 'current' && 'animate-spin')}
                  aria-hidden="true"
                />
                {step.label}
                <span className="sr-only">
                  {step.status === 'done' ? ' (done)' : step.status === 'failed' ? ' (failed)' : ''}
                </span>
              </span>
            </li>
          );
        })}
      </ol>
      {command.result?.errorMessage ? (
        <FormMessage className="text-xs">{command.result.errorMessage}</FormMessage>
      ) : null}
    </li>
  );
}

/** The device's remote commands, newest first, each tracked to its end state. */
export function CommandsPanel({
  detail,
  onSend,
}: {
  detail: DeviceDetail;
  onSend: (type: DeviceCommandType | 'choose') => void;
}) {
  const deviceId = detail.device.deviceId;
  const commands = useCommands(deviceId);
  const canSend =
    detail.can.command && detail.device.status !== 'DEPROVISIONED' && detail.device.status !== 'DISABLED';
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle>Remote commands</CardTitle>
          <CardDescription>
            Google hands each command to the device at its next check-in. States update here every few
            seconds.
          </CardDescription>
        </div>
        {canSend ? (
          <div className="flex gap-2">
            <Button variant="secondary" size="sm" onClick={() => onSend('REBOOT')}>
              <Power aria-hidden="true" />
              Reboot
            </Button>
            <Button variant="secondary" size="sm" onClick={() => onSend('choose')}>
              <Terminal aria-hidden="true" />
              Send command
            </Button>
          </div>
        ) : null}
      </CardHeader>
      <CardContent>
        {commands.isError ? <FormMessage>{commands.error.message}</FormMessage> : null}
        {commands.isPending ? <Skeleton className="h-24 w-full" /> : null}
        {commands.data && commands.data.commands.length === 0 ? (
          <EmptyState icon={Terminal} title="No commands yet">
            Reboots, user wipes, powerwashes and log captures sent to this device appear here with their
            progress.
          </EmptyState>
        ) : null}
        {commands.data && commands.data.commands.length > 0 ? (
          <ul className="divide-y divide-border" aria-label="Commands">
            {commands.data.commands.map((command) => (
              <CommandRow key={command.commandId} deviceId={deviceId} initial={command} />
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
