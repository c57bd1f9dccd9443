import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  listSavedViewsResponseSchema,
  savedViewSchema,
  saveViewRequestSchema,
  type SavedView,
} from '@fleetdeck/shared/fleet-contract';
import type { DB } from '../db/schema.ts';
import {
  createView,
  deleteView,
  listViews,
  updateView,
  type ViewCaller,
} from '../modules/fleet/saved-views.ts';
import type { FleetCaller, FleetRouteOptions } from './fleet.routes.ts';
import { auditRequest, callerActor } from './request-audit.ts';

/**
 * The fleet table's saved views: the caller's own and those shared with the organization. Each
 * write and its audit entry commit together (shared views change what colleagues open).
 */

const viewParams = z.object({ id: z.uuid() });

function viewCaller(caller: FleetCaller): ViewCaller {
  return {
    orgId: caller.orgId,
    userId: caller.userId,
    label: caller.email,
    managesShared: caller.managesShared,
  };
}

/** Why: registered by `fleetRoutes`, in its scope and behind its permission. */
export async function savedViewRoutes(
  app: FastifyInstance,
  { db, access }: FleetRouteOptions,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const read = access.requirePermission('fleet.read');

  api.get(
    '/api/saved-views',
    { schema: { response: { 200: listSavedViewsResponseSchema } }, preHandler: read },
    async (request) => ({ views: await listViews(db, viewCaller(await access.callerOf(request))) }),
  );

  api.post(
    '/api/saved-views',
    { schema: { body: saveViewRequestSchema, response: { 201: savedViewSchema } }, preHandler: read },
    async (request, reply) => {
      const caller = await access.callerOf(request);
      const view = await db.transaction().execute(async (trx) => {
        const created = await createView(trx, viewCaller(caller), request.body);
        await auditView(trx, request, caller, 'saved_view.created', created);
        return created;
      });
      return reply.code(201).send(view);
    },
  );

  for (const method of ['put', 'patch'] as const) {
    api[method](
      '/api/saved-views/:id',
      {
        schema: { params: viewParams, body: saveViewRequestSchema, response: { 200: savedViewSchema } },
        preHandler: read,
      },
      async (request) => {
        const caller = await access.callerOf(request);
        return db.transaction().execute(async (trx) => {
          const updated = await updateView(trx, viewCaller(caller), request.params.id, request.body);
          await auditView(trx, request, caller, 'saved_view.updated', updated);
          return updated;
        });
      },
    );
  }

  api.delete(
    '/api/saved-views/:id',
    { schema: { params: viewParams }, preHandler: read },
    async (request, reply) => {
      const caller = await access.callerOf(request);
      await db.transaction().execute(async (trx) => {
        const deleted = await deleteView(trx, viewCaller(caller), request.params.id);
        await auditView(trx, request, caller, 'saved_view.deleted', deleted);
      });
      return reply.code(204).send();
    },
  );
}

function auditView(
  db: Kysely<DB>,
  request: FastifyRequest,
  caller: FleetCaller,
  action: 'saved_view.created' | 'saved_view.updated' | 'saved_view.deleted',
  view: SavedView,
): Promise<void> {
  return auditRequest(db, request, callerActor(caller), {
    action,
    targetType: 'saved_view',
    targetId: view.id,
    details: { name: view.name, shared: view.shared },
  });
}
