import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Permission } from '@fleetdeck/shared/permissions';
import {
  listSyncRunsQuerySchema,
  listSyncRunsResponseSchema,
  startSyncRequestSchema,
  startSyncResponseSchema,
  syncRunSchema,
  syncScheduleSchema,
  updateSyncScheduleSchema,
} from '@fleetdeck/shared/sync-contract';
import { auditSourceOf } from '../modules/audit/audit-source.ts';
import {
  changeSyncSchedule,
  syncNow,
  syncRunOf,
  syncRunsPage,
  syncScheduleOf,
  type SyncCaller,
  type SyncDeps,
} from '../modules/sync/sync.service.ts';

/**
 * The sync API: Sync now, the run list (keyset pages), one run, and the schedule. Who may do what
 * is a seam (`access`): identity supplies the permission preHandler and the caller's tenant.
 */

export interface SyncTenant {
  readonly orgId: string;
  /** The organization's Google customer id. */
  readonly customerId: string;
  readonly userId: string | null;
  /** Who the audit log names (the member's email); absent for callers without one. */
  readonly actorLabel?: string | null;
}

export interface SyncRouteAccess {
  requirePermission(permission: Permission): (request: FastifyRequest) => Promise<void>;
  tenantOf(request: FastifyRequest): Promise<SyncTenant>;
}

export interface SyncRouteOptions extends SyncDeps {
  readonly access: SyncRouteAccess;
}

const runParams = z.object({ id: z.uuid() });

/** Why: starting a sync and changing the schedule are actions, so the audit log names who did them. */
async function callerOf(access: SyncRouteAccess, request: FastifyRequest): Promise<SyncCaller> {
  const tenant = await access.tenantOf(request);
  return {
    ...auditSourceOf(request, { orgId: tenant.orgId, userId: tenant.userId, label: tenant.actorLabel }),
    customerId: tenant.customerId,
  };
}

/** Why: thin handlers over the sync service, one per endpoint. */
export async function syncRoutes(app: FastifyInstance, { access, ...deps }: SyncRouteOptions): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/sync/runs',
    {
      schema: { body: startSyncRequestSchema, response: { 202: startSyncResponseSchema } },
      preHandler: access.requirePermission('sync.run'),
    },
    async (request, reply) =>
      reply.code(202).send(await syncNow(deps, await callerOf(access, request), request.body)),
  );

  api.get(
    '/api/sync/runs',
    {
      schema: { querystring: listSyncRunsQuerySchema, response: { 200: listSyncRunsResponseSchema } },
      preHandler: access.requirePermission('fleet.read'),
    },
    async (request) => syncRunsPage(deps, (await access.tenantOf(request)).orgId, request.query),
  );

  api.get(
    '/api/sync/runs/:id',
    {
      schema: { params: runParams, response: { 200: syncRunSchema } },
      preHandler: access.requirePermission('fleet.read'),
    },
    async (request) => syncRunOf(deps, (await access.tenantOf(request)).orgId, request.params.id),
  );

  api.get(
    '/api/sync/schedule',
    { schema: { response: { 200: syncScheduleSchema } }, preHandler: access.requirePermission('fleet.read') },
    async (request) => syncScheduleOf(deps, (await access.tenantOf(request)).orgId),
  );

  api.put(
    '/api/sync/schedule',
    {
      schema: { body: updateSyncScheduleSchema, response: { 200: syncScheduleSchema } },
      preHandler: access.requirePermission('settings.manage'),
    },
    async (request) => changeSyncSchedule(deps, await callerOf(access, request), request.body),
  );
}
