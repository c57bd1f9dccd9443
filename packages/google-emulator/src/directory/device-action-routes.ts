/**
 * Directory device actions: moveDevicesToOu, batchChangeStatus (per-device results), the
 * deprecated `action`, and remote commands (issueCommand, commands.get). Reference §1.3–1.4.
 */
import type { FastifyInstance } from 'fastify';
import { guard, ownCustomer, ROUTE_SCOPES, type ApiContext } from '../http/api-context.ts';
import { GoogleApiError, invalidArgument, invalidInput, RPC_CODE } from '../http/google-errors.ts';
import { sendEmpty, sendJson } from '../http/json-response.ts';
import { stringParam } from '../http/request-params.ts';
import {
  commandState,
  COMMAND_TYPES,
  KIOSK_ONLY_COMMANDS,
  type CommandRecord,
  type CommandType,
} from '../state/commands.ts';
import { osReleaseIndex } from '../state/device-life.ts';
import { DEPROVISION_REASONS, PROFILE, type DeprovisionReason } from '../state/device-table.ts';
import { changeStatus, statusChangeProblem, type StatusAction } from '../state/device-status.ts';
import { milestoneOf } from '../state/chromeos-releases.ts';
import type { EmulatorState } from '../state/emulator-state.ts';
import { DEVICES_PATH, deviceRow } from './device-routes.ts';
import { isoTime } from '../state/time-format.ts';

/** Documented maximum of device ids per moveDevicesToOu / batchChangeStatus call. */
export const MAX_IDS_PER_CALL = 50;
const METHOD = 'ccc.hosted.frontend.directory.v1.DirectoryChromeosdevices';

type CustomerParams = { customerId: string };

export function registerDeviceActionRoutes(app: FastifyInstance, context: ApiContext): void {
  const { state } = context;
  const write = (name: string) => ({
    preHandler: guard(context, ROUTE_SCOPES.deviceWrite, `${METHOD}.${name}`),
  });

  app.post<{ Params: CustomerParams }>(
    `${DEVICES_PATH}/moveDevicesToOu`,
    write('MoveDevicesToOu'),
    async (request, reply) => {
      if (!ownCustomer(context, request, reply, request.params.customerId)) return reply;
      const path = stringParam(request, 'orgUnitPath');
      if (!path)
        throw new GoogleApiError({
          httpStatus: 400,
          reason: 'required',
          message: 'Required parameter: orgUnitPath',
        });
      const ou = state.fleet.orgUnits.resolve(path);
      if (!ou) throw invalidInput('Invalid Org Unit');
      const ids = deviceIdsOf(request.body);
      const moved: string[] = [];
      for (const id of ids) {
        const row = state.fleet.devices.indexOf(id);
        if (row === undefined) continue; // Google does not report unknown ids here (reference §1.3)
        state.fleet.devices.ouSlot[row] = ou.slot;
        state.fleet.devices.touch(row);
        moved.push(id);
      }
      state.writes.record(moved);
      return sendEmpty(reply);
    },
  );

  app.post<{ Params: CustomerParams }>(
    `${DEVICES_PATH}::batchChangeStatus`,
    write('BatchChangeStatus'),
    async (request, reply) => {
      if (!ownCustomer(context, request, reply, request.params.customerId)) return reply;
      const body = objectBody(request.body);
      const ids = deviceIdsOf(body);
      const action = batchAction(body.changeChromeOsDeviceStatusAction);
      const reason = action === 'DEPROVISION' ? deprovisionReason(body.deprovisionReason) : undefined;
      const results = ids.map((deviceId) => changeOne(state, deviceId, action, reason));
      state.writes.record(results.filter((result) => 'response' in result).map((result) => result.deviceId));
      return sendJson(request, reply, { changeChromeOsDeviceStatusResults: results });
    },
  );

  // `POST …/chromeos/{deviceId}:issueCommand` — the id and the verb share one path segment.
  app.post<{ Params: CustomerParams & { resource: string } }>(
    `${DEVICES_PATH}/:resource`,
    write('IssueCommand'),
    async (request, reply) => {
      if (!ownCustomer(context, request, reply, request.params.customerId)) return reply;
      const [deviceId, verb] = request.params.resource.split(':');
      if (verb !== 'issueCommand' || !deviceId)
        throw new GoogleApiError({ httpStatus: 404, reason: 'notFound', message: 'Not Found' });
      const record = issueCommand(state, deviceRow(state, deviceId), request.body);
      state.writes.record([deviceId]);
      return sendJson(request, reply, { commandId: record.commandId });
    },
  );

  app.post<{ Params: CustomerParams & { deviceId: string } }>(
    `${DEVICES_PATH}/:deviceId/action`,
    write('Action'),
    async (request, reply) => {
      if (!ownCustomer(context, request, reply, request.params.customerId)) return reply;
      const row = deviceRow(state, request.params.deviceId);
      const body = objectBody(request.body);
      const { action, reason } = legacyAction(body);
      const problem = statusChangeProblem(state.fleet, row, action);
      if (problem)
        throw new GoogleApiError({
          httpStatus: 412,
          reason: 'conditionNotMet',
          message: 'Illegal device state transition.',
        });
      changeStatus(state.fleet, row, action, state.now(), reason);
      state.writes.record([request.params.deviceId]);
      return sendEmpty(reply);
    },
  );

  app.get<{ Params: CustomerParams & { deviceId: string; commandId: string } }>(
    `${DEVICES_PATH}/:deviceId/commands/:commandId`,
    { preHandler: guard(context, ROUTE_SCOPES.deviceRead, `${METHOD}.Commands.Get`) },
    async (request, reply) => {
      if (!ownCustomer(context, request, reply, request.params.customerId)) return reply;
      const row = deviceRow(state, request.params.deviceId);
      const record = state.commands.get(request.params.commandId);
      if (!record || record.device !== row)
        throw new GoogleApiError({ httpStatus: 404, reason: 'notFound', message: 'Command not found.' });
      return sendJson(request, reply, commandJson(record, state.now()));
    },
  );
}

function objectBody(body: unknown): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw invalidArgument('Invalid JSON payload received. Expected an object.', 'parseError');
  }
  return body as Record<string, unknown>;
}

function deviceIdsOf(body: unknown): string[] {
  const ids = objectBody(body).deviceIds;
  if (
    !Array.isArray(ids) ||
    ids.length === 0 ||
    !ids.every((id) => typeof id === 'string' && id.length <= 100)
  ) {
    throw new GoogleApiError({ httpStatus: 400, reason: 'required', message: 'Required field: deviceIds' });
  }
  if (ids.length > MAX_IDS_PER_CALL) {
    throw invalidInput(`A maximum of ${MAX_IDS_PER_CALL} device ids is allowed per request`);
  }
  return ids as string[];
}

const BATCH_ACTIONS: Readonly<Record<string, StatusAction>> = {
  CHANGE_CHROME_OS_DEVICE_STATUS_ACTION_DEPROVISION: 'DEPROVISION',
  CHANGE_CHROME_OS_DEVICE_STATUS_ACTION_DISABLE: 'DISABLE',
  CHANGE_CHROME_OS_DEVICE_STATUS_ACTION_REENABLE: 'REENABLE',
};

function batchAction(value: unknown): StatusAction {
  const action = typeof value === 'string' ? BATCH_ACTIONS[value] : undefined;
  if (!action) {
    throw new GoogleApiError({
      httpStatus: 400,
      reason: 'invalid',
      message:
        'Invalid value for changeChromeOsDeviceStatusAction: an action other than UNSPECIFIED is required.',
    });
  }
  return action;
}

function deprovisionReason(value: unknown): DeprovisionReason {
  const reason = DEPROVISION_REASONS.find((r) => r === value);
  if (!reason || reason === 'DEPROVISION_REASON_UNSPECIFIED') {
    throw new GoogleApiError({
      httpStatus: 400,
      reason: 'invalid',
      message: 'A deprovision reason is required to deprovision devices.',
    });
  }
  return reason;
}

function changeOne(
  state: EmulatorState,
  deviceId: string,
  action: StatusAction,
  reason: DeprovisionReason | undefined,
) {
  const row = state.fleet.devices.indexOf(deviceId);
  if (row === undefined)
    return { deviceId, error: { code: RPC_CODE.NOT_FOUND, message: 'Device not found.', details: [] } };
  const problem = statusChangeProblem(state.fleet, row, action);
  if (problem)
    return { deviceId, error: { code: RPC_CODE.FAILED_PRECONDITION, message: problem, details: [] } };
  changeStatus(state.fleet, row, action, state.now(), reason);
  return { deviceId, response: {} };
}

const LEGACY_REASONS: Readonly<Record<string, DeprovisionReason>> = {
  same_model_replacement: 'DEPROVISION_REASON_SAME_MODEL_REPLACEMENT',
  different_model_replacement: 'DEPROVISION_REASON_DIFFERENT_MODEL_REPLACEMENT',
  retiring_device: 'DEPROVISION_REASON_RETIRING_DEVICE',
  upgrade_transfer: 'DEPROVISION_REASON_UPGRADE_TRANSFER',
};

function legacyAction(body: Record<string, unknown>): { action: StatusAction; reason?: DeprovisionReason } {
  switch (body.action) {
    case 'disable':
    case 'pre_provisioned_disable':
      return { action: 'DISABLE' };
    case 'reenable':
    case 'pre_provisioned_reenable':
      return { action: 'REENABLE' };
    case 'deprovision': {
      const reason = LEGACY_REASONS[String(body.deprovisionReason)];
      if (!reason) throw invalidInput('deprovisionReason is required to deprovision a device');
      return { action: 'DEPROVISION', reason };
    }
    default:
      throw invalidInput(`Invalid action: ${String(body.action)}`);
  }
}

const KIOSK_LICENSE_COMMAND_MIN_MILESTONE = 113;

function commandError(message: string, rpcStatus = 'INVALID_ARGUMENT'): GoogleApiError {
  return new GoogleApiError({
    httpStatus: 400,
    reason: rpcStatus === 'INVALID_ARGUMENT' ? 'invalid' : 'failedPrecondition',
    rpcStatus,
    message,
  });
}

function issueCommand(state: EmulatorState, row: number, rawBody: unknown): CommandRecord {
  const body = objectBody(rawBody);
  const type: CommandType | undefined = COMMAND_TYPES.find((t) => t === body.commandType);
  if (!type) throw commandError(`Invalid value for commandType: ${String(body.commandType)}`);
  if (body.payload !== undefined && typeof body.payload !== 'string')
    throw commandError('payload must be a JSON-encoded string');
  const payload = typeof body.payload === 'string' ? body.payload : undefined;
  const parsed = parsePayload(payload);
  const fleet = state.fleet;
  const status = fleet.devices.statusOf(row);
  if (status === 'DEPROVISIONED' || status === 'PRE_PROVISIONED') {
    throw commandError('Commands can only be sent to managed devices.', 'FAILED_PRECONDITION');
  }
  const kiosk = fleet.devices.profile[row] === PROFILE.kiosk;
  if (KIOSK_ONLY_COMMANDS.has(type) && !kiosk) {
    throw commandError(`The ${type} command is only supported for devices in kiosk mode.`);
  }
  if (type === 'REBOOT' && !kiosk) {
    const release = osReleaseIndex(fleet, row, state.now());
    if (Number.isNaN(release) || milestoneOf(release) < KIOSK_LICENSE_COMMAND_MIN_MILESTONE) {
      throw commandError('REBOOT needs ChromeOS 113 or later on devices outside kiosk mode.');
    }
  }
  if (type === 'SET_VOLUME') {
    const volume = parsed?.volume;
    if (typeof volume !== 'number' || !Number.isInteger(volume) || volume < 0 || volume > 100) {
      throw commandError('SET_VOLUME needs a payload {"volume": 0..100}.');
    }
  }
  if (type === 'REBOOT' && parsed?.user_session_delay_seconds !== undefined) {
    const delay = parsed.user_session_delay_seconds;
    if (typeof delay !== 'number' || delay < 0 || delay > 300)
      throw commandError('user_session_delay_seconds must be 0..300.');
  }
  return state.commands.issue(row, type, payload, state.now());
}

function parsePayload(payload: string | undefined): Record<string, unknown> | undefined {
  if (payload === undefined || payload === '') return undefined;
  try {
    const value: unknown = JSON.parse(payload);
    if (value !== null && typeof value === 'object' && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw commandError('payload must be a JSON object encoded as a string');
}

/** `DirectoryChromeosdevicesCommand` at a clock reading. */
export function commandJson(record: CommandRecord, now: number): Record<string, unknown> {
  const state = commandState(record, now);
  const out: Record<string, unknown> = {
    commandId: record.commandId,
    type: record.type,
    issueTime: isoTime(record.issueTime),
    state,
    commandExpireTime: isoTime(record.expireTime),
  };
  if (record.payload !== undefined) out.payload = record.payload;
  if (state === 'EXECUTED_BY_CLIENT' && record.result && record.executedAt !== undefined) {
    out.commandResult = {
      result: record.result.result,
      executeTime: isoTime(record.executedAt),
      ...(record.result.errorMessage ? { errorMessage: record.result.errorMessage } : {}),
      ...(record.result.payload ? { commandResultPayload: record.result.payload } : {}),
    };
  }
  return out;
}
