/**
 * Directory device actions (§1.3–1.4): moving devices, changing their status in calls of ≤ 50,
 * and remote commands. Each call goes through the Directory client's call path.
 */
import { z } from 'zod';
import type { CallOptions } from '../http/transport.ts';
import type { BulkCallOptions, DirectoryCalls } from './directory-call.ts';
import { type DeviceBatchResult, runDeviceBatch } from './device-batches.ts';
import {
  type DeviceCommand,
  type DeviceCommandRequest,
  issueCommandBody,
  deviceCommandSchema,
  type IssueCommandResponse,
  issueCommandResponseSchema,
} from './device-command.schema.ts';
import {
  batchChangeStatusRequestSchema,
  batchChangeStatusResponseSchema,
  bulkDeviceIdsSchema,
  type ChangeStatusAction,
  changeStatusActionSchema,
  MAX_DEVICE_IDS_PER_CALL,
  type RequestDeprovisionReason,
} from './device-status-change.schema.ts';

const emptyResponseSchema = z.unknown();

/** See `DirectoryClient.moveDevicesToOu`. */
export async function moveDevicesToOu(
  calls: DirectoryCalls,
  deviceIds: readonly string[],
  orgUnitPath: string,
  options: BulkCallOptions,
): Promise<DeviceBatchResult> {
  const query = { orgUnitPath: z.string().min(1).max(2000).parse(orgUnitPath) };
  const url = `${calls.customerPath}/devices/chromeos/moveDevicesToOu`;
  const send = async (ids: string[]) => {
    const call = {
      operation: 'chromeosdevices.moveDevicesToOu',
      method: 'POST',
      url,
      query,
      body: { deviceIds: ids },
    } as const;
    await calls.call({ ...call, schema: emptyResponseSchema }, options);
    return undefined;
  };
  return runDeviceBatch(
    bulkDeviceIdsSchema.parse(deviceIds),
    send,
    options.chunkSize ?? MAX_DEVICE_IDS_PER_CALL,
  );
}

/** See `DirectoryClient.batchChangeStatus`. */
export async function batchChangeStatus(
  calls: DirectoryCalls,
  change: {
    deviceIds: readonly string[];
    action: ChangeStatusAction;
    deprovisionReason?: RequestDeprovisionReason;
  },
  options: BulkCallOptions,
): Promise<DeviceBatchResult> {
  const action = changeStatusActionSchema.parse({
    changeChromeOsDeviceStatusAction: change.action,
    deprovisionReason: change.deprovisionReason,
  });
  const url = `${calls.customerPath}/devices/chromeos:batchChangeStatus`;
  const send = async (ids: string[]) => {
    const body = batchChangeStatusRequestSchema.parse({ deviceIds: ids, ...action });
    const call = { operation: 'chromeosdevices.batchChangeStatus', method: 'POST', url, body } as const;
    const response = await calls.call({ ...call, schema: batchChangeStatusResponseSchema }, options);
    const results = response.changeChromeOsDeviceStatusResults ?? [];
    return new Map(results.map((result) => [result.deviceId ?? '', result.error ?? null]));
  };
  return runDeviceBatch(
    bulkDeviceIdsSchema.parse(change.deviceIds),
    send,
    options.chunkSize ?? MAX_DEVICE_IDS_PER_CALL,
  );
}

/** See `DirectoryClient.issueCommand`. */
export async function issueCommand(
  calls: DirectoryCalls,
  deviceId: string,
  command: DeviceCommandRequest,
  options: CallOptions,
): Promise<IssueCommandResponse> {
  const body = issueCommandBody(command);
  const url = `${calls.devicePath(deviceId)}:issueCommand`;
  const call = {
    operation: 'chromeosdevices.issueCommand',
    method: 'POST',
    url,
    body,
    safety: 'once',
  } as const;
  return calls.call({ ...call, schema: issueCommandResponseSchema }, options);
}

/** See `DirectoryClient.getCommand`. */
export async function getCommand(
  calls: DirectoryCalls,
  deviceId: string,
  commandId: string,
  options: CallOptions,
): Promise<DeviceCommand> {
  const id = z
    .string()
    .regex(/^\d{1,20}$/)
    .parse(commandId);
  const url = `${calls.devicePath(deviceId)}/commands/${id}`;
  return calls.call(
    { operation: 'chromeosdevices.commands.get', method: 'GET', url, schema: deviceCommandSchema },
    options,
  );
}
