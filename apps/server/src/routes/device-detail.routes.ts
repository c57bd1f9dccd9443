import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { StepUpReason } from '@fleetdeck/shared/step-up';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deviceDetailSchema,
  telemetryQuerySchema,
  telemetryResponseSchema,
  timelineQuerySchema,
  timelineResponseSchema,
} from '@fleetdeck/shared/device-contract';
import type { Permission } from '@fleetdeck/shared/permissions';
import type { DeviceDeps, RequestMeta } from '../modules/devices/device-context.ts';
import { getDeviceDetail, getDeviceTelemetry } from '../modules/devices/device-detail.service.ts';
import type { DeviceTenant } from '../modules/devices/device-tenant.ts';
import { getDeviceTimeline } from '../modules/devices/device-timeline.ts';

/**
 * One device's page: its detail, telemetry over time and timeline. Who may see what is a seam
 * (`access`): identity supplies the permission preHandler and the caller's tenant.
 */

export interface DeviceRouteAccess {
  requirePermission(permission: Permission): (request: FastifyRequest) => Promise<void>;
  tenantOf(request: FastifyRequest): Promise<DeviceTenant>;
  /** Refuses the request (step_up_required) unless the caller proved a second factor within 10 minutes. */
  stepUp(request: FastifyRequest, reason: StepUpReason): Promise<void>;
}

export interface DeviceDetailRouteOptions {
  readonly deps: DeviceDeps;
  readonly access: DeviceRouteAccess;
}

export const deviceParams = z.object({ deviceId: z.string().min(1).max(200) });

/** Why: the audit log records where each action came from. */
export function requestMeta(request: FastifyRequest): RequestMeta {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : undefined, requestId: request.id };
}

/** Why: thin handlers over the device read model, one per endpoint. */
export async function deviceDetailRoutes(
  app: FastifyInstance,
  { deps, access }: DeviceDetailRouteOptions,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const read = access.requirePermission('fleet.read');

  api.get(
    '/api/devices/:deviceId',
    { schema: { params: deviceParams, response: { 200: deviceDetailSchema } }, preHandler: read },
    async (request, reply) => {
      const detail = await getDeviceDetail(deps, await access.tenantOf(request), request.params.deviceId);
      return reply.header('cache-control', 'no-store').send(detail);
    },
  );

  api.get(
    '/api/devices/:deviceId/telemetry',
    {
      schema: {
        params: deviceParams,
        querystring: telemetryQuerySchema,
        response: { 200: telemetryResponseSchema },
      },
      preHandler: read,
    },
    async (request) =>
      getDeviceTelemetry(deps, await access.tenantOf(request), request.params.deviceId, request.query.days),
  );

  api.get(
    '/api/devices/:deviceId/timeline',
    {
      schema: {
        params: deviceParams,
        querystring: timelineQuerySchema,
        response: { 200: timelineResponseSchema },
      },
      preHandler: read,
    },
    async (request) =>
      getDeviceTimeline(deps, await access.tenantOf(request), request.params.deviceId, request.query),
  );
}
