import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Permission } from '@fleetdeck/shared/permissions';
import {
  dashboardResponseSchema,
  replacementCostsSchema,
  updateReplacementCostsSchema,
} from '@fleetdeck/shared/dashboard-contract';
import type { Database } from '../db/client.ts';
import type { DB } from '../db/schema.ts';
import { auditRequest, callerActor } from './request-audit.ts';
import { loadDashboard } from '../modules/dashboard/dashboard.service.ts';
import { presentCosts, readCostBook, writeCostBook } from '../modules/dashboard/replacement-costs.ts';
import { readRollups, readScopedRollups } from '../modules/fleet-store/fleet-rollups.ts';
import { requireOrganization, requirePermission } from '../modules/identity/request-guards.ts';

/**
 * The dashboard API: every number from the sync's rollups (`GET /api/dashboard`) and the
 * replacement costs behind the AUE forecast (`GET/PUT /api/dashboard/replacement-costs`). Who may
 * do what is a seam (`access`): identity supplies the permission preHandler and the caller.
 */

export interface DashboardCaller {
  readonly orgId: string;
  readonly userId: string;
  readonly email: string;
  /** OU subtrees the caller may see (`['/']`: the whole fleet). */
  readonly ouPaths: readonly string[];
}

export interface DashboardRouteAccess {
  requirePermission(permission: Permission): (request: FastifyRequest) => Promise<void>;
  callerOf(request: FastifyRequest): Promise<DashboardCaller>;
}

export interface DashboardRouteOptions {
  readonly db: Kysely<DB>;
  readonly access: DashboardRouteAccess;
}

/** Why: thin handlers over the dashboard service and the cost book, one per endpoint. */
export async function dashboardRoutes(
  app: FastifyInstance,
  { db, access }: DashboardRouteOptions,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/dashboard',
    {
      schema: { response: { 200: dashboardResponseSchema } },
      preHandler: access.requirePermission('fleet.read'),
    },
    async (request) => {
      const caller = await access.callerOf(request);
      return loadDashboard(db, { orgId: caller.orgId, ouPaths: caller.ouPaths });
    },
  );

  api.get(
    '/api/dashboard/replacement-costs',
    {
      schema: { response: { 200: replacementCostsSchema } },
      preHandler: access.requirePermission('fleet.read'),
    },
    async (request) => {
      const caller = await access.callerOf(request);
      return presentCosts(await readCostBook(db, caller.orgId), await fleetModels(db, caller));
    },
  );

  api.put(
    '/api/dashboard/replacement-costs',
    {
      schema: { body: updateReplacementCostsSchema, response: { 200: replacementCostsSchema } },
      preHandler: access.requirePermission('settings.manage'),
    },
    async (request) => {
      const caller = await access.callerOf(request);
      await writeCostBook(db, caller.orgId, request.body, caller.userId);
      await auditRequest(db, request, callerActor(caller), {
        action: 'dashboard.replacement_costs.update',
        targetType: 'organization',
        targetId: caller.orgId,
        details: {
          currency: request.body.currency,
          defaultCostCents: request.body.defaultCostCents,
          models: request.body.models.slice(0, 50),
        },
      });
      return presentCosts(await readCostBook(db, caller.orgId), await fleetModels(db, caller));
    },
  );
}

/** Models with their device counts, within the caller's OU scope. */
async function fleetModels(db: Kysely<DB>, caller: DashboardCaller): Promise<Map<string, number>> {
  const rows = caller.ouPaths.includes('/')
    ? await readRollups(db, caller.orgId)
    : await readScopedRollups(db, caller.orgId, caller.ouPaths);
  return new Map(rows.filter((r) => r.dimension === 'model').map((r) => [r.bucket, r.count]));
}

/** Why: identity's guards answer "who, which organization, which OU subtrees" for the dashboard. */
export function identityDashboardAccess(): DashboardRouteAccess {
  return {
    requirePermission,
    callerOf: async (request) => {
      const principal = requireOrganization(request);
      const ouPaths = [...principal.member.ouPaths];
      return { orgId: principal.orgId, userId: principal.userId, email: principal.email, ouPaths };
    },
  };
}

/** Why: registered inside the authenticated product scope, so every route is signed in. */
export async function registerDashboardApi(
  api: FastifyInstance,
  deps: { database: Database },
): Promise<void> {
  await api.register(dashboardRoutes, {
    db: deps.database.db,
    access: identityDashboardAccess(),
  });
}
