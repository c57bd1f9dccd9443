import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Permission } from '@fleetdeck/shared/permissions';
import {
  dashboardResponseSchema,
  replacementCostsSchema,
  updateReplacementCostsSchema,
} from '@fleetdeck/shared/dashboard-contract';
import { auditSourceOf, callerActor } from '../modules/audit/audit-source.ts';
import { dashboardOf, type DashboardDeps } from '../modules/dashboard/dashboard.service.ts';
import { changeReplacementCosts, replacementCosts } from '../modules/dashboard/replacement-costs.service.ts';
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

export interface DashboardRouteOptions extends DashboardDeps {
  readonly access: DashboardRouteAccess;
}

/** Why: thin handlers over the dashboard service and the cost book, one per endpoint. */
export async function dashboardRoutes(
  app: FastifyInstance,
  { access, ...deps }: DashboardRouteOptions,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/dashboard',
    {
      schema: { response: { 200: dashboardResponseSchema } },
      preHandler: access.requirePermission('fleet.read'),
    },
    async (request) => dashboardOf(deps, await access.callerOf(request)),
  );

  api.get(
    '/api/dashboard/replacement-costs',
    {
      schema: { response: { 200: replacementCostsSchema } },
      preHandler: access.requirePermission('fleet.read'),
    },
    async (request) => replacementCosts(deps, await access.callerOf(request)),
  );

  api.put(
    '/api/dashboard/replacement-costs',
    {
      schema: { body: updateReplacementCostsSchema, response: { 200: replacementCostsSchema } },
      preHandler: access.requirePermission('settings.manage'),
    },
    async (request) => {
      const caller = await access.callerOf(request);
      return changeReplacementCosts(deps, auditSourceOf(request, callerActor(caller)), caller, request.body);
    },
  );
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
export async function registerDashboardApi(api: FastifyInstance, deps: DashboardDeps): Promise<void> {
  await api.register(dashboardRoutes, { ...deps, access: identityDashboardAccess() });
}
