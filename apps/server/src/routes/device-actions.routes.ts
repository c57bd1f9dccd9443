import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  annotateDeviceRequestSchema,
  changeStatusRequestSchema,
  deviceCommandSchema,
  deviceDetailSchema,
  issueCommandRequestSchema,
  listCommandsResponseSchema,
  moveDeviceRequestSchema,
  returnMessageViewSchema,
} from '@fleetdeck/shared/device-contract';
import { roleCan } from '@fleetdeck/shared/permissions';
import { appErrors } from '../errors/app-error.ts';
import { annotateDevice, changeDeviceStatus, moveDevice } from '../modules/devices/device-actions.service.ts';
import {
  getDeviceCommand,
  issueDeviceCommand,
  listDeviceCommands,
} from '../modules/devices/device-commands.ts';
import type { DeviceDeps } from '../modules/devices/device-context.ts';
import { getReturnMessageView } from '../modules/devices/return-message.ts';
import { deviceParams, requestMeta, type DeviceRouteAccess } from './device-detail.routes.ts';

/**
 * One device's actions: annotate, move, disable / re-enable / deprovision (a disable may first set
 * its OU's return message or send the OU back to its parent's, which needs `policy.edit`), the return message a disabled device
 * shows, and remote commands with their tracker. Each route checks the role matrix, then one service call does the rest.
 */

export interface DeviceActionRouteOptions {
  readonly deps: DeviceDeps;
  readonly access: DeviceRouteAccess;
  /** How old a stored open command may be before a read asks Google again (tests use 0). */
  readonly commandRefreshAfterMs?: number | undefined;
}

const commandParams = deviceParams.extend({ commandId: z.string().regex(/^\d{1,20}$/) });

type DeviceRequest = Parameters<typeof requestMeta>[0];

/** What every handler of this file starts from: the request's tenant and metadata, and the services' deps. */
function contextOf(deps: DeviceDeps, access: DeviceRouteAccess) {
  return async (request: DeviceRequest) => ({
    deps,
    tenant: await access.tenantOf(request),
    meta: requestMeta(request),
  });
}

/** Annotate, move, disable / re-enable / deprovision, and the return message a disabled device shows. */
function deviceChangeRoutes(app: FastifyInstance, deps: DeviceDeps, access: DeviceRouteAccess): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const ctxOf = contextOf(deps, access);

  api.patch(
    '/api/devices/:deviceId',
    {
      schema: {
        params: deviceParams,
        body: annotateDeviceRequestSchema,
        response: { 200: deviceDetailSchema },
      },
      preHandler: access.requirePermission('device.annotate'),
    },
    async (request) => annotateDevice(await ctxOf(request), request.params.deviceId, request.body),
  );

  api.post(
    '/api/devices/:deviceId/move',
    {
      schema: { params: deviceParams, body: moveDeviceRequestSchema, response: { 200: deviceDetailSchema } },
      preHandler: access.requirePermission('device.move'),
    },
    async (request) => moveDevice(await ctxOf(request), request.params.deviceId, request.body.orgUnitId),
  );

  api.post(
    '/api/devices/:deviceId/status',
    {
      schema: {
        params: deviceParams,
        body: changeStatusRequestSchema,
        response: { 200: deviceDetailSchema },
      },
      preHandler: access.requirePermission('device.command'),
    },
    async (request) => {
      const ctx = await ctxOf(request);
      if (request.body.action === 'deprovision' && !roleCan(ctx.tenant.role, 'device.deprovision')) {
        throw appErrors.forbidden('Your role does not allow deprovisioning devices. Ask an owner or admin.');
      }
      if (request.body.action === 'deprovision') await access.stepUp(request, 'deprovision');
      return changeDeviceStatus(ctx, request.params.deviceId, request.body);
    },
  );

  // What the device shows once disabled: its OU's return message policy, read from Google.
  api.get(
    '/api/devices/:deviceId/return-message',
    {
      schema: { params: deviceParams, response: { 200: returnMessageViewSchema } },
      preHandler: access.requirePermission('policy.read'),
    },
    async (request, reply) => {
      const view = await getReturnMessageView(await ctxOf(request), request.params.deviceId);
      return reply.header('cache-control', 'no-store').send(view);
    },
  );
}

/** Remote commands and their tracker; a read asks Google again once a stored open command is old. */
function deviceCommandRoutes(
  app: FastifyInstance,
  deps: DeviceDeps,
  access: DeviceRouteAccess,
  commandRefreshAfterMs: number | undefined,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const ctxOf = contextOf(deps, access);
  const refresh = { refreshAfterMs: commandRefreshAfterMs };

  api.post(
    '/api/devices/:deviceId/commands',
    {
      schema: {
        params: deviceParams,
        body: issueCommandRequestSchema,
        response: { 202: deviceCommandSchema },
      },
      preHandler: access.requirePermission('device.command'),
    },
    async (request, reply) => {
      const ctx = await ctxOf(request);
      if (request.body.type === 'REMOTE_POWERWASH') await access.stepUp(request, 'powerwash');
      if (request.body.type === 'WIPE_USERS') await access.stepUp(request, 'wipe_users');
      return reply.code(202).send(await issueDeviceCommand(ctx, request.params.deviceId, request.body));
    },
  );

  api.get(
    '/api/devices/:deviceId/commands',
    {
      schema: { params: deviceParams, response: { 200: listCommandsResponseSchema } },
      preHandler: access.requirePermission('fleet.read'),
    },
    async (request, reply) => {
      const list = await listDeviceCommands(await ctxOf(request), request.params.deviceId, refresh);
      return reply.header('cache-control', 'no-store').send(list);
    },
  );

  api.get(
    '/api/devices/:deviceId/commands/:commandId',
    {
      schema: { params: commandParams, response: { 200: deviceCommandSchema } },
      preHandler: access.requirePermission('fleet.read'),
    },
    async (request, reply) => {
      const { deviceId, commandId } = request.params;
      const command = await getDeviceCommand(await ctxOf(request), deviceId, commandId, refresh);
      return reply.header('cache-control', 'no-store').send(command);
    },
  );
}

/** Why: thin handlers over the device action services, one per endpoint. */
export async function deviceActionRoutes(
  app: FastifyInstance,
  { deps, access, commandRefreshAfterMs }: DeviceActionRouteOptions,
): Promise<void> {
  deviceChangeRoutes(app, deps, access);
  deviceCommandRoutes(app, deps, access, commandRefreshAfterMs);
}
