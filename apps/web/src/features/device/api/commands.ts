import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeviceCommand, IssueCommandRequest } from '@fleetdeck/shared/device-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { deviceKeys, devicePath } from './device-query-keys.ts';

/** How often a command that has not ended is read again. */
export const COMMAND_POLL_MS = 2000;

/** `POST /api/devices/:deviceId/commands`: issues a remote command; answers it as tracked. */
export function issueCommand(deviceId: string, request: IssueCommandRequest): Promise<DeviceCommand> {
  return apiFetch<DeviceCommand>(devicePath(deviceId, '/commands'), { body: request });
}

/** `GET /api/devices/:deviceId/commands`: the device's commands, newest first. */
export function listCommands(deviceId: string): Promise<{ commands: DeviceCommand[] }> {
  return apiFetch<{ commands: DeviceCommand[] }>(devicePath(deviceId, '/commands'));
}

/** `GET /api/devices/:deviceId/commands/:commandId`: one command's current state at Google. */
export function getCommand(deviceId: string, commandId: string): Promise<DeviceCommand> {
  return apiFetch<DeviceCommand>(devicePath(deviceId, `/commands/${encodeURIComponent(commandId)}`));
}

/** Why: the commands list is polled while any of its commands has not ended. */
export function useCommands(deviceId: string, enabled = true) {
  return useQuery({
    queryKey: deviceKeys.commands(deviceId),
    queryFn: () => listCommands(deviceId),
    enabled,
  });
}

/**
 * Why: the tracker follows one command every ~2 s until Google reports an end state; a command
 * that has ended never changes, so it is not read again.
 */
export function useCommand(deviceId: string, command: DeviceCommand) {
  return useQuery({
    queryKey: deviceKeys.command(deviceId, command.commandId),
    queryFn: () => getCommand(deviceId, command.commandId),
    initialData: command,
    initialDataUpdatedAt: 0,
    refetchInterval: (query) => (query.state.data?.terminal ? false : COMMAND_POLL_MS),
    refetchIntervalInBackground: true,
    enabled: !command.terminal,
  });
}

/** Why: a new command appears in the tracker at once; the list and timeline reload. */
export function useIssueCommand(deviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: IssueCommandRequest) => issueCommand(deviceId, request),
    onSuccess: (command) => {
      queryClient.setQueryData<{ commands: DeviceCommand[] }>(deviceKeys.commands(deviceId), (list) => ({
        commands: [command, ...(list?.commands ?? []).filter((c) => c.commandId !== command.commandId)],
      }));
      void queryClient.invalidateQueries({ queryKey: deviceKeys.timeline(deviceId) });
    },
  });
}
