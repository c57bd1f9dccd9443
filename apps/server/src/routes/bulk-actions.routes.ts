import type { FastifyInstance } from 'fastify';
import type { StepUpReason } from '@fleetdeck/shared/step-up';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bulkActionDetailQuerySchema,
  bulkActionDetailSchema,
  bulkActionRunSchema,
  bulkPreviewRequestSchema,
  bulkPreviewSchema,
  listBulkActionsQuerySchema,
  listBulkActionsResponseSchema,
  startBulkActionRequestSchema,
} from '@fleetdeck/shared/bulk-contract';
import { planSchema } from '@fleetdeck/shared/plan-contract';
import { previewBulkAction, startBulkAction } from '../modules/devices/bulk-actions.service.ts';
import { bulkRunDetail, bulkRunsOf, retryBulkAction } from '../modules/devices/bulk-runs.service.ts';
import type { BulkRunQueue } from '../modules/devices/bulk-runner.ts';
import type { DeviceDeps } from '../modules/devices/device-context.ts';
import { requestMeta, type DeviceRouteAccess } from './device-detail.routes.ts';

/**
 * Bulk actions: preview the blast radius, start a run (above the organization's plan threshold,
 * save a plan awaiting a second member's approval instead), follow its per-device results, retry its
 * failures, and list recent runs. Each kind of action needs the permission of its single-device
 * twin (checked in the service, since the kind is in the body); viewers are refused up front,
 * reading runs included: a run's results name devices of any unit, and a viewer may be limited
 * to some.
 */

export interface BulkActionRouteOptions {
  readonly deps: DeviceDeps;
  readonly access: DeviceRouteAccess;
  readonly queue: BulkRunQueue;
  readonly tokenKey: Buffer;
}

const runParams = z.object({ id: z.uuid() });

/** Why: thin handlers over the bulk action service, one per endpoint. */
export async function bulkActionRoutes(
  app: FastifyInstance,
  { deps, access, queue, tokenKey }: BulkActionRouteOptions,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Every bulk action needs at least one device permission; the service checks the exact one.
  const act = access.requirePermission('device.annotate');
  const ctxOf = async (request: Parameters<typeof requestMeta>[0]) => ({
    deps,
    tenant: await access.tenantOf(request),
    meta: requestMeta(request),
    queue,
    tokenKey,
    stepUp: (reason: StepUpReason) => access.stepUp(request, reason),
  });

  api.post(
    '/api/bulk-actions/preview',
    { schema: { body: bulkPreviewRequestSchema, response: { 200: bulkPreviewSchema } }, preHandler: act },
    async (request) => previewBulkAction(await ctxOf(request), request.body),
  );

  api.post(
    '/api/bulk-actions',
    {
      schema: {
        body: startBulkActionRequestSchema,
        response: { 201: planSchema, 202: bulkActionRunSchema },
      },
      preHandler: act,
    },
    async (request, reply) => {
      const started = await startBulkAction(await ctxOf(request), request.body);
      return 'plan' in started ? reply.code(201).send(started.plan) : reply.code(202).send(started.run);
    },
  );

  api.post(
    '/api/bulk-actions/:id/retry',
    { schema: { params: runParams, response: { 202: bulkActionRunSchema } }, preHandler: act },
    async (request, reply) =>
      reply.code(202).send(await retryBulkAction(await ctxOf(request), request.params.id)),
  );

  api.get(
    '/api/bulk-actions/:id',
    {
      schema: {
        params: runParams,
        querystring: bulkActionDetailQuerySchema,
        response: { 200: bulkActionDetailSchema },
      },
      preHandler: act,
    },
    async (request, reply) => {
      const detail = await bulkRunDetail(
        deps,
        await access.tenantOf(request),
        request.params.id,
        request.query,
      );
      return reply.header('cache-control', 'no-store').send(detail);
    },
  );

  api.get(
    '/api/bulk-actions',
    {
      schema: { querystring: listBulkActionsQuerySchema, response: { 200: listBulkActionsResponseSchema } },
      preHandler: act,
    },
    async (request, reply) => {
      const runs = await bulkRunsOf(deps, await access.tenantOf(request), request.query.limit);
      return reply.header('cache-control', 'no-store').send({ runs });
    },
  );
}
