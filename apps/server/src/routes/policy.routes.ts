import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import { auditSourceOf } from '../modules/audit/audit-source.ts';
import type { Identity } from '../modules/identity/identity-plugin.ts';
import { requireOrganization, requirePermission } from '../modules/identity/request-guards.ts';
import type { AppsApi } from '../modules/policy/app-names.ts';
import {
  createPolicyDebugger,
  type PolicyDeps,
  type RefreshAudit,
} from '../modules/policy/policy-debugger.service.ts';
import type { PolicyApi } from '../modules/policy/policy-source.ts';
import type { UserApi } from '../modules/policy/policy-users.ts';
import type { PolicyCaller } from '../modules/policy/policy.service.ts';

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

export interface PolicyRouteOptions extends PolicyDeps {
  readonly access: PolicyRouteAccess;
}

/** The caller of a policy read, with Google clients built only when the cache misses, and its audit source. */
async function policyCallerOf(
  access: PolicyRouteAccess,
  request: FastifyRequest,
): Promise<{ caller: PolicyCaller; audit: RefreshAudit }> {
  const tenant = await access.tenantOf(request);
  let client: PolicyApi | undefined;
  let directory: UserApi | undefined;
  let management: AppsApi | undefined;
  const caller: PolicyCaller = {
    orgId: tenant.orgId,
    userId: tenant.userId,
    allowedPaths: tenant.allowedPaths,
    api: () => (client ??= access.policyApi(tenant)),
    userApi: () => (directory ??= access.userApi(tenant)),
    appsApi: () => (management ??= access.appsApi(tenant)),
  };
  const source = auditSourceOf(request, { orgId: tenant.orgId, userId: tenant.userId });
  return { caller, audit: { source, route: request.routeOptions.url } };
}

/** Why: thin handlers, validate → authorize → the policy debugger. */
export async function policyRoutes(
  app: FastifyInstance,
  { access, ...deps }: PolicyRouteOptions,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const policies = createPolicyDebugger(deps, (orgId, error) =>
    app.log.warn({ orgId, err: error }, 'App names unavailable; the policy debugger shows app ids'),
  );
  const canRead = access.requirePermission('policy.read');
  const callerOf = (request: FastifyRequest) => policyCallerOf(access, request);

  api.get(
    '/api/policy/org-units',
    { schema: { response: { 200: policyOrgUnitsResponseSchema } }, preHandler: canRead },
    async (request) => policies.orgUnits(await access.tenantOf(request)),
  );

  api.get(
    '/api/policy/device-lookup',
    {
      schema: { querystring: deviceLookupQuerySchema, response: { 200: deviceLookupResponseSchema } },
      preHandler: canRead,
    },
    async (request) => policies.devices(await access.tenantOf(request), request.query),
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
      const { caller, audit } = await callerOf(request);
      return policies.effective(audit, caller, request.query);
    },
  );

  api.get(
    '/api/policy/compare',
    {
      schema: { querystring: comparePoliciesQuerySchema, response: { 200: comparePoliciesResponseSchema } },
      preHandler: canRead,
    },
    async (request) => {
      const { caller, audit } = await callerOf(request);
      return policies.compare(audit, caller, request.query);
    },
  );

  api.get(
    '/api/policy/move-preview',
    {
      schema: { querystring: movePreviewQuerySchema, response: { 200: movePreviewResponseSchema } },
      preHandler: canRead,
    },
    async (request) => {
      const { caller, audit } = await callerOf(request);
      return policies.movePreview(audit, caller, request.query);
    },
  );
}

/** Why: identity's guards and the organization's Google grant, for the app's policy API. */
export function identityPolicyAccess(deps: { identity: Identity; config: Config }): PolicyRouteAccess {
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
  deps: PolicyDeps & { identity: Identity; config: Config },
): Promise<void> {
  await api.register(policyRoutes, { db: deps.db, access: identityPolicyAccess(deps) });
}
