import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  exportDeviceListRequestSchema,
  exportDevicesQuerySchema,
  facetsResponseSchema,
  listDevicesQuerySchema,
  listOrgUnitsResponseSchema,
  resolveDevicesRequestSchema,
  resolveDevicesResponseSchema,
} from '@fleetdeck/shared/fleet-contract';
import { roleCan, type Permission } from '@fleetdeck/shared/permissions';
import { auditSourceOf, callerActor } from '../modules/audit/audit-source.ts';
import type { FleetScope } from '../modules/fleet/fleet-scope.ts';
import {
  deviceFacets,
  deviceListJson,
  orgUnitTree,
  pastedListCsv,
  queryCsv,
  resolveDevices,
  type DeviceCsvFile,
  type FleetDeps,
} from '../modules/fleet/fleet.service.ts';
import { requireOrganization, requirePermission } from '../modules/identity/request-guards.ts';
import { savedViewRoutes } from './saved-views.routes.ts';

/**
 * The fleet table's API: the device list (query, sort, keyset pages, counts), facets, pasted-list
 * resolution, the CSV export (of a query, or of a pasted list's devices), saved views
 * (saved-views.routes.ts) and the OU tree. Static paths under /api/devices
 * (facets, resolve, export.csv) win over the device detail's `/api/devices/:deviceId`.
 * Who may do what is a seam (`access`): identity supplies the permission preHandler and the caller.
 */

export interface FleetCaller extends FleetScope {
  readonly userId: string;
  readonly email: string;
  /** May edit the organization's shared views (admins and owners). */
  readonly managesShared: boolean;
}

export interface FleetRouteAccess {
  requirePermission(permission: Permission): (request: FastifyRequest) => Promise<void>;
  callerOf(request: FastifyRequest): Promise<FleetCaller>;
}

export interface FleetRouteOptions extends FleetDeps {
  readonly access: FleetRouteAccess;
}

const facetsQuerySchema = listDevicesQuerySchema.pick({ q: true });

/** Why: a CSV is streamed as it is read, under the name its service gave it. */
function sendCsv(reply: FastifyReply, csv: DeviceCsvFile) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${csv.fileName}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(csv.rows));
}

/** Why: thin handlers over the fleet service, one per endpoint. */
export async function fleetRoutes(
  app: FastifyInstance,
  { access, ...deps }: FleetRouteOptions,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const read = access.requirePermission('fleet.read');
  const exportOf = async (request: FastifyRequest) => {
    const caller = await access.callerOf(request);
    const onAuditError = (error: unknown) => request.log.error({ err: error }, 'export audit failed');
    return { caller, source: auditSourceOf(request, callerActor(caller)), onAuditError };
  };

  // No response schema here: the rows arrive as JSON text from the database (`readDevicePageJson`,
  // the same shape as `presentDeviceRow`), checked against `listDevicesResponseSchema` by the tests.
  api.get(
    '/api/devices',
    { schema: { querystring: listDevicesQuerySchema }, preHandler: read },
    async (request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send(await deviceListJson(deps, await access.callerOf(request), request.query)),
  );

  api.get(
    '/api/devices/facets',
    { schema: { querystring: facetsQuerySchema, response: { 200: facetsResponseSchema } }, preHandler: read },
    async (request) => deviceFacets(deps, await access.callerOf(request), request.query.q),
  );

  api.post(
    '/api/devices/resolve',
    {
      schema: { body: resolveDevicesRequestSchema, response: { 200: resolveDevicesResponseSchema } },
      preHandler: read,
    },
    async (request) => resolveDevices(deps, await access.callerOf(request), request.body),
  );

  api.get(
    '/api/devices/export.csv',
    { schema: { querystring: exportDevicesQuerySchema }, preHandler: read },
    async (request, reply) => {
      const { caller, source, onAuditError } = await exportOf(request);
      return sendCsv(reply, await queryCsv(deps, source, caller, request.query, onAuditError));
    },
  );

  // A pasted list's devices: too many ids for a URL, so they come as a body.
  api.post(
    '/api/devices/export.csv',
    { schema: { body: exportDeviceListRequestSchema }, preHandler: read },
    async (request, reply) => {
      const { caller, source, onAuditError } = await exportOf(request);
      return sendCsv(reply, await pastedListCsv(deps, source, caller, request.body, onAuditError));
    },
  );

  await savedViewRoutes(app, { ...deps, access });

  api.get(
    '/api/org-units',
    { schema: { response: { 200: listOrgUnitsResponseSchema } }, preHandler: read },
    async (request) => ({ orgUnits: await orgUnitTree(deps, await access.callerOf(request)) }),
  );
}

/** Why: identity's guards answer "who, which organization, which OU subtrees" for the fleet API. */
export function identityFleetAccess(): FleetRouteAccess {
  return {
    requirePermission,
    callerOf: async (request) => {
      const principal = requireOrganization(request);
      return {
        orgId: principal.orgId,
        userId: principal.userId,
        email: principal.email,
        ouPaths: [...principal.member.ouPaths],
        managesShared: roleCan(principal.role, 'settings.manage'),
      };
    },
  };
}

/** Why: registered inside the authenticated product scope, so every route is signed in. */
export async function registerFleetApi(api: FastifyInstance, deps: FleetDeps): Promise<void> {
  await api.register(fleetRoutes, { ...deps, access: identityFleetAccess() });
}
