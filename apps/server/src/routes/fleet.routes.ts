import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely, RawBuilder } from 'kysely';
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
import type { Database } from '../db/client.ts';
import type { DB } from '../db/schema.ts';
import { readFacets } from '../modules/fleet/device-facets.ts';
import { deviceRelation } from '../modules/fleet/device-relation.ts';
import {
  deviceCsv,
  deviceListWhere,
  exportColumns,
  exportFileName,
  listExportFileName,
  parseColumnList,
  pastedListOrder,
  type CsvRequest,
} from '../modules/fleet/device-export.ts';
import { assertSortable, decodeCursor, encodeCursor } from '../modules/fleet/device-keyset.ts';
import { readDeviceListPage } from '../modules/fleet/device-list.ts';
import { compileDeviceListQuery, compileDeviceQuery } from '../modules/fleet/device-query-sql.ts';
import { resolvePastedList } from '../modules/fleet/device-resolve.ts';
import { scopePredicate, type FleetScope } from '../modules/fleet/fleet-scope.ts';
import { readOrgUnitTree } from '../modules/fleet/org-unit-tree.ts';
import { requireOrganization, requirePermission } from '../modules/identity/request-guards.ts';
import { auditRequest, callerActor } from './request-audit.ts';
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

export interface FleetRouteOptions {
  readonly db: Kysely<DB>;
  readonly access: FleetRouteAccess;
}

const facetsQuerySchema = listDevicesQuerySchema.pick({ q: true });

/** Why: thin handlers over the fleet module, one per endpoint. */
export async function fleetRoutes(app: FastifyInstance, { db, access }: FleetRouteOptions): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const read = access.requirePermission('fleet.read');

  // No response schema here: the rows arrive as JSON text from the database (`readDevicePageJson`,
  // the same shape as `presentDeviceRow`), checked against `listDevicesResponseSchema` by the tests.
  api.get(
    '/api/devices',
    { schema: { querystring: listDevicesQuerySchema }, preHandler: read },
    async (request, reply) => {
      const { q, sort, dir, cursor, limit, count } = request.query;
      assertSortable(sort);
      const columns = parseColumnList(request.query.columns, 'table');
      const after = cursor === undefined ? undefined : decodeCursor(cursor, sort, dir);
      const caller = await access.callerOf(request);
      const where = await compileDeviceListQuery(db, caller, q);
      const relation = await deviceRelation(db, caller.orgId);
      const page = await readDeviceListPage(db, { where, relation, sort, dir, after, limit }, count, columns);
      const nextCursor = page.next ? encodeCursor(page.next) : null;
      return reply
        .type('application/json; charset=utf-8')
        .send(
          `{"devices":[${page.devices}],"nextCursor":${JSON.stringify(nextCursor)},"total":${JSON.stringify(page.total)}}`,
        );
    },
  );

  api.get(
    '/api/devices/facets',
    { schema: { querystring: facetsQuerySchema, response: { 200: facetsResponseSchema } }, preHandler: read },
    async (request) => {
      const caller = await access.callerOf(request);
      const where = await compileDeviceQuery(db, caller, request.query.q);
      return readFacets(db, where, await deviceRelation(db, caller.orgId));
    },
  );

  api.post(
    '/api/devices/resolve',
    {
      schema: { body: resolveDevicesRequestSchema, response: { 200: resolveDevicesResponseSchema } },
      preHandler: read,
    },
    async (request) => {
      const caller = await access.callerOf(request);
      return resolvePastedList(db, await scopePredicate(db, caller), request.body);
    },
  );

  /**
   * Both exports stream alike: rows written as they are read, one audit entry once the file has
   * ended (or broken off), with how many rows it held.
   */
  function sendCsv(
    request: FastifyRequest,
    reply: FastifyReply,
    caller: FleetCaller,
    csv: CsvRequest & { where: RawBuilder<boolean>; fileName: string; details: Record<string, unknown> },
  ) {
    const { where, sort, dir, columns } = csv;
    const counter = { rows: 0 };
    const audit = (outcome: 'success' | 'failure') =>
      auditRequest(db, request, callerActor(caller), {
        action: 'fleet.export',
        outcome,
        targetType: 'fleet',
        targetId: caller.orgId,
        details: { ...csv.details, sort, dir, columns, rows: counter.rows },
      }).catch((error: unknown) => request.log.error({ err: error }, 'export audit failed'));
    async function* audited(): AsyncGenerator<string> {
      let finished = false;
      try {
        yield* deviceCsv(db, where, csv, counter);
        finished = true;
      } finally {
        await audit(finished ? 'success' : 'failure');
      }
    }
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${csv.fileName}"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(audited()));
  }

  api.get(
    '/api/devices/export.csv',
    { schema: { querystring: exportDevicesQuerySchema }, preHandler: read },
    async (request, reply) => {
      const { q, sort, dir } = request.query;
      assertSortable(sort);
      const columns = exportColumns(request.query.columns);
      const caller = await access.callerOf(request);
      const where = await compileDeviceQuery(db, caller, q);
      const day = new Date().toISOString().slice(0, 10);
      return sendCsv(request, reply, caller, {
        where,
        sort,
        dir,
        columns,
        fileName: exportFileName(q, day),
        details: { query: q },
      });
    },
  );

  // A pasted list's devices: too many ids for a URL, so they come as a body.
  api.post(
    '/api/devices/export.csv',
    { schema: { body: exportDeviceListRequestSchema }, preHandler: read },
    async (request, reply) => {
      const { deviceIds } = request.body;
      const columns = exportColumns(request.body.columns);
      const caller = await access.callerOf(request);
      const scope = await scopePredicate(db, caller);
      const order = pastedListOrder(scope, request.body);
      const { where, count } = await deviceListWhere(db, scope, deviceIds);
      return sendCsv(request, reply, caller, {
        where,
        ...order,
        columns,
        fileName: listExportFileName(count),
        details: { pastedDevices: deviceIds.length, order: order.pasted ? 'pasted' : 'sorted' },
      });
    },
  );

  await savedViewRoutes(app, { db, access });

  api.get(
    '/api/org-units',
    { schema: { response: { 200: listOrgUnitsResponseSchema } }, preHandler: read },
    async (request) => ({ orgUnits: await readOrgUnitTree(db, await access.callerOf(request)) }),
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
export async function registerFleetApi(api: FastifyInstance, deps: { database: Database }): Promise<void> {
  await api.register(fleetRoutes, { db: deps.database.db, access: identityFleetAccess() });
}
