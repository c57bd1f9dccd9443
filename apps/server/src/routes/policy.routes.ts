import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { createGoogleClient } from '@fleetdeck/google/google-client';
import { baseUrlsForOrigin } from '@fleetdeck/google/google-hosts';
import type { Permission } from '@fleetdeck/shared/permissions';
import {
  comparePoliciesQuerySchema,
  comparePoliciesResponseSchema,
  deviceLookupQuerySchema,
  deviceLookupResponseSchema,
  effectivePoliciesQuerySchema,
  effectivePoliciesResponseSchema,
  movePreviewQuerySchema,
  movePreviewResponseSchema,
  policyOrgUnitsResponseSchema,
} from '@fleetdeck/shared/policy-contract';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import type { DB } from '../db/schema.ts';
import { appErrors } from '../errors/app-error.ts';
import { auditRequest } from './request-audit.ts';
import type { Identity } from '../modules/identity/identity-plugin.ts';
import { requireOrganization, requirePermission } from '../modules/identity/request-guards.ts';
import { type AppNameLookupOptions, type AppsApi, createAppNameLookup } from '../modules/policy/app-names.ts';
import { findDevices } from '../modules/policy/policy-fleet.ts';
import { createPolicyService, type PolicyCaller } from '../modules/policy/policy.service.ts';
import {
  createPolicySource,
  type PolicyApi,
  type PolicySourceOptions,
} from '../modules/policy/policy-source.ts';
import { createUserLookup, type UserApi, type UserLookupOptions } from '../modules/policy/policy-users.ts';

/**
 * The policy debugger API (`policy.read`): the OU tree, device lookup, effective policies of an
 * OU, two OUs compared and a move preview. Who the caller is and how Google is reached is a seam
 * (`access`): identity supplies them in the app, tests supply their own.
 */

export interface PolicyTenant {
  readonly orgId: string;
  readonly customerId: string;
  readonly userId: string;
  readonly allowedPaths: readonly string[];
}

export interface PolicyRouteAccess {
  requirePermission(permission: Permission): (request: FastifyRequest) => Promise<void>;
  tenantOf(request: FastifyRequest): Promise<PolicyTenant>;
  /** The organization's Chrome Policy client (built lazily: only a cache miss calls it). */
  policyApi(tenant: PolicyTenant): PolicyApi;
  /** The organization's Directory client for user lookups (built lazily as well). */
  userApi(tenant: PolicyTenant): UserApi;
  /** The organization's Chrome Management client, for the names of apps (built lazily as well). */
  appsApi(tenant: PolicyTenant): AppsApi;
}

export interface PolicyRouteOptions {
  readonly db: Kysely<DB>;
  readonly access: PolicyRouteAccess;
  readonly source?: Partial<Omit<PolicySourceOptions, 'db'>>;
  readonly users?: UserLookupOptions;
  readonly appNames?: AppNameLookupOptions;
}

/** Why: thin handlers, validate → authorize → the policy service. */
export async function policyRoutes(app: FastifyInstance, options: PolicyRouteOptions): Promise<void> {
  const { db, access } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = createPolicyService(
    db,
    createPolicySource({ ...options.source, db }),
    createUserLookup(options.users),
    createAppNameLookup({
      onError: (orgId, error) =>
        app.log.warn({ orgId, err: error }, 'App names unavailable; the policy debugger shows app ids'),
      ...options.appNames,
    }),
  );
  const canRead = access.requirePermission('policy.read');
  const callerOf = async (request: FastifyRequest): Promise<PolicyCaller> => {
    const tenant = await access.tenantOf(request);
    let client: PolicyApi | undefined;
    let directory: UserApi | undefined;
    let management: AppsApi | undefined;
    return {
      orgId: tenant.orgId,
      userId: tenant.userId,
      allowedPaths: tenant.allowedPaths,
      api: () => (client ??= access.policyApi(tenant)),
      userApi: () => (directory ??= access.userApi(tenant)),
      appsApi: () => (management ??= access.appsApi(tenant)),
    };
  };
  /** A Refresh spends the organization's Google quota on purpose, so it is audited (outcome too). */
  const audited = async <T>(
    request: FastifyRequest,
    caller: PolicyCaller & { userId: string },
    refresh: boolean,
    target: string,
    run: () => Promise<T>,
  ): Promise<T> => {
    if (!refresh) return run();
    const record = (outcome: 'success' | 'failure', details: Record<string, unknown>) =>
      auditRequest(
        db,
        request,
        { orgId: caller.orgId, userId: caller.userId },
        {
          action: 'policy.refresh',
          outcome,
          targetType: 'org_unit',
          targetId: target.slice(0, 200),
          details: { route: request.routeOptions.url, ...details },
        },
      );
    try {
      const result = await run();
      await record('success', {});
      return result;
    } catch (error) {
      await record('failure', { error: error instanceof Error ? error.name : 'unknown' });
      throw error;
    }
  };

  api.get(
    '/api/policy/org-units',
    { schema: { response: { 200: policyOrgUnitsResponseSchema } }, preHandler: canRead },
    async (request) => {
      const tenant = await access.tenantOf(request);
      const orgUnits = await service.orgUnits({ orgId: tenant.orgId, allowedPaths: tenant.allowedPaths });
      return { orgUnits, scoped: !tenant.allowedPaths.includes('/') };
    },
  );

  api.get(
    '/api/policy/device-lookup',
    {
      schema: { querystring: deviceLookupQuerySchema, response: { 200: deviceLookupResponseSchema } },
      preHandler: canRead,
    },
    async (request) => {
      const tenant = await access.tenantOf(request);
      return findDevices(db, tenant.orgId, tenant.allowedPaths, request.query);
    },
  );

  api.get(
    '/api/policy/effective',
    {
      schema: {
        querystring: effectivePoliciesQuerySchema,
        response: { 200: effectivePoliciesResponseSchema },
      },
      preHandler: canRead,
    },
    async (request) => {
      const { orgUnitId, user, refresh } = request.query;
      const caller = await callerOf(request);
      return audited(request, caller, refresh, orgUnitId, () =>
        service.effective(caller, orgUnitId, refresh, user),
      );
    },
  );

  api.get(
    '/api/policy/compare',
    {
      schema: { querystring: comparePoliciesQuerySchema, response: { 200: comparePoliciesResponseSchema } },
      preHandler: canRead,
    },
    async (request) => {
      const { a, b, refresh } = request.query;
      if (a === b) throw appErrors.invalidRequest('Pick two different organizational units to compare.');
      const caller = await callerOf(request);
      return audited(request, caller, refresh, `${a} ${b}`, () => service.compare(caller, a, b, refresh));
    },
  );

  api.get(
    '/api/policy/move-preview',
    {
      schema: { querystring: movePreviewQuerySchema, response: { 200: movePreviewResponseSchema } },
      preHandler: canRead,
    },
    async (request) => {
      const { deviceId, targetOrgUnitId, user, refresh } = request.query;
      const caller = await callerOf(request);
      return audited(request, caller, refresh, targetOrgUnitId, () =>
        service.movePreview(caller, deviceId, targetOrgUnitId, refresh, user),
      );
    },
  );
}

/** Why: identity's guards and the organization's Google grant, for the app's policy API. */
export function identityPolicyAccess(deps: {
  database: Database;
  identity: Identity;
  config: Config;
}): PolicyRouteAccess {
  const apiRootUrl = deps.config.google.apiRootUrl;
  const googleFor = (tenant: PolicyTenant) =>
    createGoogleClient({
      getAccessToken: ({ forceRefresh }) =>
        deps.identity.google.forOrganization(tenant.orgId, { forceRefresh }),
      customerId: tenant.customerId,
      ...(apiRootUrl ? { baseUrls: baseUrlsForOrigin(apiRootUrl) } : {}),
    });
  return {
    requirePermission,
    tenantOf: async (request) => {
      const { member, userId } = requireOrganization(request);
      return {
        orgId: member.orgId,
        customerId: member.customerId,
        userId,
        allowedPaths: [...member.ouPaths],
      };
    },
    policyApi: (tenant) => googleFor(tenant).policy,
    userApi: (tenant) => googleFor(tenant).directory,
    appsApi: (tenant) => googleFor(tenant).management,
  };
}

/** Why: registered inside the authenticated product scope, so every route is signed in. */
export async function registerPolicyApi(
  api: FastifyInstance,
  deps: { database: Database; identity: Identity; config: Config },
): Promise<void> {
  await api.register(policyRoutes, { db: deps.database.db, access: identityPolicyAccess(deps) });
}
