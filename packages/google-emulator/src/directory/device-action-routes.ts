/**
 * Directory device actions: moveDevicesToOu, batchChangeStatus (per-device results), the
 * deprecated `action`, and remote commands (issueCommand, commands.get). Reference §1.3–1.4.
 */
import type { FastifyInstance } from 'fastify';
import { guard, ownCustomer, ROUTE_SCOPES, type ApiContext } from '../http/api-context.ts';
import { GoogleApiError, invalidInput, RPC_CODE } from '../http/google-errors.ts';
import { sendEmpty, sendJson } from '../http/json-response.ts';
import { stringParam } from '../http/request-params.ts';
import type { DeprovisionReason } from '../state/device-table.ts';
import { changeStatus, statusChangeProblem, type StatusAction } from '../state/device-status.ts';
import type { EmulatorState } from '../state/emulator-state.ts';
import {
  batchAction,
  deprovisionReason,
  deviceIdsOf,
  legacyAction,
  objectBody,
} from './device-action-bodies.ts';
import { commandJson, issueCommand } from './device-commands.ts';
import { DEVICES_PATH, deviceRow } from './device-routes.ts';

const METHOD = 'ccc.hosted.frontend.directory.v1.DirectoryChromeosdevices';

type CustomerParams = { customerId: string };

/** Registers the device actions: moves and status changes, then remote commands. */
export function registerDeviceActionRoutes(app: FastifyInstance, context: ApiContext): void {
  registerMoveRoute(app, context);
  registerStatusRoutes(app, context);
  registerCommandRoutes(app, context);
}

/** The guard of a device write method, by its method name. */
function write(context: ApiContext, name: string) {
  return { preHandler: guard(context, ROUTE_SCOPES.deviceWrite, `${METHOD}.${name}`) };
}

/** moveDevicesToOu: unknown ids are skipped silently, as Google does. */
function registerMoveRoute(app: FastifyInstance, context: ApiContext): void {
  const { state } = context;
  app.post<{ Params: CustomerParams }>(
    `${DEVICES_PATH}/moveDevicesToOu`,
    write(context, 'MoveDevicesToOu'),
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
}

/** batchChangeStatus (a result per device) and the deprecated per-device `action`. */
function registerStatusRoutes(app: FastifyInstance, context: ApiContext): void {
  const { state } = context;
  app.post<{ Params: CustomerParams }>(
    `${DEVICES_PATH}::batchChangeStatus`,
    write(context, 'BatchChangeStatus'),
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

  app.post<{ Params: CustomerParams & { deviceId: string } }>(
    `${DEVICES_PATH}/:deviceId/action`,
    write(context, 'Action'),
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
}

/** issueCommand and commands.get. */
function registerCommandRoutes(app: FastifyInstance, context: ApiContext): void {
  const { state } = context;
  // `POST …/chromeos/{deviceId}:issueCommand` — the id and the verb share one path segment.
  app.post<{ Params: CustomerParams & { resource: string } }>(
    `${DEVICES_PATH}/:resource`,
    write(context, 'IssueCommand'),
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

/** One device's batchChangeStatus result: not found, refused with the reason, or changed. */
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
