import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createCachedTokenProvider } from '@fleetdeck/google/auth/access-token-cache';
import { refreshAccessToken } from '@fleetdeck/google/auth/oauth-token';
import { createGoogleClient } from '@fleetdeck/google/google-client';
import { baseUrlsForOrigin } from '@fleetdeck/google/google-hosts';
import { TEST_CLIENT_ID } from '@fleetdeck/google-emulator/oauth/oauth-service';
import { roleCan, type MemberRole } from '@fleetdeck/shared/permissions';
import type { Database } from '../src/db/client.ts';
import { appErrors } from '../src/errors/app-error.ts';
import type { PolicyApi } from '../src/modules/policy/policy-source.ts';
import { registerErrorHandling } from '../src/plugins/error-handler.ts';
import { policyRoutes, type PolicyRouteAccess } from '../src/routes/policy.routes.ts';
import type { SyncEmulator } from './sync-harness.ts';

/**
 * Policy API tests: the route plugin on a bare Fastify app, the caller named by test headers, and
 * each organization's Chrome Policy client talking to the emulator with a real OAuth grant (a
 * refresh token traded at the emulator's token endpoint, as production does), so revoking the grant
 * at the emulator fails the next read the way a revoked Google grant does.
 */

const POLICY_SCOPE = 'https://www.googleapis.com/auth/chrome.management.policy.readonly';
const USER_SCOPE = 'https://www.googleapis.com/auth/admin.directory.user.readonly';
/** App names come from the installed-apps report (a scope Fleetdeck already holds for the dashboard). */
const REPORTS_SCOPE = 'https://www.googleapis.com/auth/chrome.management.reports.readonly';

export interface PolicyHarness {
  readonly app: FastifyInstance;
  /** Google calls made through the policy client (resolve and schema pages), per organization. */
  readonly calls: Map<string, number>;
  /** Revokes the organization's grant at the emulator. */
  revoke(orgId: string): void;
  close(): Promise<void>;
}

function grantFor(emulator: SyncEmulator, userScope: boolean): { refreshToken: string; email: string } {
  const owner = emulator.emu.oauth.admins()[0];
  if (!owner) throw new Error('the emulator has no demo admin');
  const code = emulator.emu.oauth.issueCode({
    email: owner.email,
    clientId: TEST_CLIENT_ID,
    redirectUri: 'http://127.0.0.1/callback',
    scopes: userScope ? [POLICY_SCOPE, REPORTS_SCOPE, USER_SCOPE] : [POLICY_SCOPE, REPORTS_SCOPE],
    offline: true,
    forceConsent: true,
    includeGrantedScopes: false,
  });
  const result = emulator.emu.oauth.exchangeCode({
    code,
    clientId: TEST_CLIENT_ID,
    redirectUri: 'http://127.0.0.1/callback',
  });
  if (!result.ok || !result.body.refresh_token) throw new Error('the emulator issued no refresh token');
  return { refreshToken: result.body.refresh_token, email: owner.email };
}

export async function startPolicyApp(
  database: Database,
  emulator: SyncEmulator,
  options: {
    allowedPaths?: Record<string, string[]>;
    minRefreshMs?: number;
    /** Organizations whose grant lacks the user directory scope. */
    withoutUserScope?: string[];
  } = {},
): Promise<PolicyHarness> {
  const calls = new Map<string, number>();
  const grants = new Map<string, { refreshToken: string; email: string }>();
  const count = (orgId: string) => calls.set(orgId, (calls.get(orgId) ?? 0) + 1);
  const access: PolicyRouteAccess = {
    requirePermission: (permission) => async (request: FastifyRequest) => {
      const role = request.headers['x-role'] as MemberRole | undefined;
      if (!role) throw appErrors.unauthenticated();
      if (!roleCan(role, permission)) throw appErrors.forbidden();
    },
    tenantOf: async (request) => {
      const orgId = String(request.headers['x-org']);
      const scope = request.headers['x-scope'];
      return {
        orgId,
        customerId: emulator.customerId,
        userId: 'user-1',
        allowedPaths: typeof scope === 'string' ? scope.split(',') : (options.allowedPaths?.[orgId] ?? ['/']),
      };
    },
    policyApi: (tenant) => googleFor(tenant).policy satisfies PolicyApi,
    userApi: (tenant) => googleFor(tenant).directory,
    appsApi: (tenant) => googleFor(tenant).management,
  };
  const googleFor = (tenant: { orgId: string }) => {
    const grant =
      grants.get(tenant.orgId) ??
      grantFor(emulator, !(options.withoutUserScope ?? []).includes(tenant.orgId));
    grants.set(tenant.orgId, grant);
    return createGoogleClient({
      getAccessToken: createCachedTokenProvider({
        fetchToken: () =>
          refreshAccessToken({
            tokenUrl: `${emulator.origin}/token`,
            clientId: TEST_CLIENT_ID,
            clientSecret: 'test-secret',
            refreshToken: grant.refreshToken,
            retry: { baseDelayMs: 5, maxDelayMs: 20, maxAttempts: 2 },
          }),
      }),
      customerId: emulator.customerId,
      baseUrls: baseUrlsForOrigin(emulator.origin),
      retry: { baseDelayMs: 5, maxDelayMs: 40, maxAttempts: 3 },
      onRequest: () => count(tenant.orgId),
    });
  };
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await app.register(policyRoutes, {
    db: database.db,
    access,
    source: { minRefreshMs: options.minRefreshMs ?? 0 },
  });
  return {
    app,
    calls,
    revoke: (orgId) => {
      const grant = grants.get(orgId);
      if (grant) emulator.emu.oauth.revokeGrant(grant.email, TEST_CLIENT_ID);
    },
    close: () => app.close(),
  };
}
