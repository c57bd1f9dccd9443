import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  listSavedViewsResponseSchema,
  savedViewSchema,
  saveViewRequestSchema,
} from '@fleetdeck/shared/fleet-contract';
import { auditSourceOf, callerActor } from '../modules/audit/audit-source.ts';
import type { ViewCaller } from '../modules/fleet/saved-views.ts';
import { changeView, removeView, saveView, savedViews } from '../modules/fleet/saved-views.service.ts';
import type { FleetCaller, FleetRouteOptions } from './fleet.routes.ts';

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
  { access, ...deps }: FleetRouteOptions,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const read = access.requirePermission('fleet.read');

  api.get(
    '/api/saved-views',
    { schema: { response: { 200: listSavedViewsResponseSchema } }, preHandler: read },
    async (request) => ({ views: await savedViews(deps, viewCaller(await access.callerOf(request))) }),
  );

  api.post(
    '/api/saved-views',
    { schema: { body: saveViewRequestSchema, response: { 201: savedViewSchema } }, preHandler: read },
    async (request, reply) => {
      const caller = await access.callerOf(request);
      const source = auditSourceOf(request, callerActor(caller));
      return reply.code(201).send(await saveView(deps, source, viewCaller(caller), request.body));
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
        const source = auditSourceOf(request, callerActor(caller));
        return changeView(deps, source, viewCaller(caller), request.params.id, request.body);
      },
    );
  }

  api.delete(
    '/api/saved-views/:id',
    { schema: { params: viewParams }, preHandler: read },
    async (request, reply) => {
      const caller = await access.callerOf(request);
      await removeView(
        deps,
        auditSourceOf(request, callerActor(caller)),
        viewCaller(caller),
        request.params.id,
      );
      return reply.code(204).send();
    },
  );
}
