import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { AppError } from '../errors/app-error.ts';
import { googleClientFactory } from '../jobs/sync-runtime.ts';
import { createBulkRunner, type BulkRunner } from '../modules/devices/bulk-runner.ts';
import { followOpenCommands } from '../modules/devices/command-follower.ts';
import { previewTokenKey } from '../modules/devices/bulk-token.ts';
import type { DeviceDeps } from '../modules/devices/device-context.ts';
import type { DeviceTenant } from '../modules/devices/device-tenant.ts';
import { resolveAuthSecret } from '../modules/identity/auth-secret.ts';
import type { Identity } from '../modules/identity/identity-plugin.ts';
import { requireOrganization, requirePermission } from '../modules/identity/request-guards.ts';
import { requireStepUp } from '../modules/identity/step-up.ts';
import type { RealtimeHub } from '../modules/realtime/realtime-hub.ts';
import { bulkActionRoutes } from './bulk-actions.ts';
import { deviceActionRoutes } from './device-actions.ts';
import { deviceDetailRoutes, type DeviceRouteAccess } from './device-detail.ts';

/**
 * How the device page and device actions plug into the app: identity's guards and tenant, the
 * organization's Google client from identity's grant, realtime `fleet.changed` on the sync's hub,
 * and the bulk runner. Bulk runs execute in this process in the background; processes that run
 * jobs also resume runs whose process stopped (their lease lapsed) every 30 s, and follow open
 * remote commands to their end state every 15 s.
 */

const RESUME_INTERVAL_MS = 30_000;
const FOLLOW_INTERVAL_MS = 15_000;

/** Why: the request context answers "who, which organization, which OU subtrees" for device routes. */
export function identityDeviceAccess(database: Database): DeviceRouteAccess {
  return {
    requirePermission,
    stepUp: (request, reason) => requireStepUp(database.db, requireOrganization(request), reason),
    tenantOf: async (request: FastifyRequest): Promise<DeviceTenant> => {
      const { member, userId } = requireOrganization(request);
      return {
        orgId: member.orgId,
        customerId: member.customerId,
        userId,
        role: member.role,
        allowedOuPaths: member.ouPaths,
        wholeTree: member.wholeTree,
      };
    },
  };
}

/** Why: a Google 429 reaches the browser with Google's Retry-After, so it waits as long as asked. */
export function retryAfterHeader(scope: FastifyInstance): void {
  scope.addHook('onError', async (_request, reply, error) => {
    if (!(error instanceof AppError) || error.status !== 429) return;
    const seconds = (error.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
    if (typeof seconds === 'number') void reply.header('retry-after', String(seconds));
  });
}

export interface DeviceApiOptions {
  readonly config: Config;
  readonly database: Database;
  readonly identity: Identity;
  readonly hub: RealtimeHub;
  /** True in processes that run jobs: they also resume bulk runs left by stopped processes. */
  readonly runJobs: boolean;
}

/** Why: registered inside the authenticated product scope, so every device route is signed in. */
export async function registerDeviceApi(
  api: FastifyInstance,
  options: DeviceApiOptions,
): Promise<BulkRunner> {
  const createClient = googleClientFactory({
    accessToken: (orgId, tokenOptions) => options.identity.google.forOrganization(orgId, tokenOptions),
    apiRootUrl: options.config.google.apiRootUrl,
  });
  const deps: DeviceDeps = {
    db: options.database.db,
    googleFor: (tenant) => createClient({ ...tenant, onRetry: () => undefined }),
    publishChanged: (orgId, change) =>
      options.hub.publish(orgId, 'fleet.changed', { reason: 'action', ...change }),
  };
  const runner = createBulkRunner({
    deps,
    onError: (error) => api.log.error({ err: error }, 'bulk action failed'),
  });
  let follower: NodeJS.Timeout | undefined;
  let pass: Promise<unknown> | undefined;
  if (options.runJobs) {
    runner.resumeEvery(RESUME_INTERVAL_MS);
    void runner.resumeStale().catch((error: unknown) => api.log.error({ err: error }, 'bulk resume failed'));
    follower = setInterval(() => {
      pass ??= followOpenCommands(deps)
        .catch((error: unknown) => api.log.error({ err: error }, 'command follow-up failed'))
        .finally(() => {
          pass = undefined;
        });
    }, FOLLOW_INTERVAL_MS);
    follower.unref();
  }
  api.addHook('preClose', async () => {
    if (follower) clearInterval(follower);
    await pass;
    await runner.stop();
  });
  const tokenKey = previewTokenKey((await resolveAuthSecret(options.database.db, options.config)).secret);
  const access = identityDeviceAccess(options.database);
  await api.register(async (scope) => {
    retryAfterHeader(scope);
    await scope.register(deviceDetailRoutes, { deps, access });
    await scope.register(deviceActionRoutes, { deps, access });
    await scope.register(bulkActionRoutes, { deps, access, runner, tokenKey });
  });
  return runner;
}
