import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.ts';
import type { BulkRunQueue } from '../modules/devices/bulk-runner.ts';
import type { DeviceDeps } from '../modules/devices/device-context.ts';
import type { DeviceTenant } from '../modules/devices/device-tenant.ts';
import { requireOrganization, requirePermission } from '../modules/identity/request-guards.ts';
import { requireStepUp } from '../modules/identity/step-up.service.ts';
import { bulkActionRoutes } from './bulk-actions.routes.ts';
import { deviceActionRoutes } from './device-actions.routes.ts';
import { deviceDetailRoutes, type DeviceRouteAccess } from './device-detail.routes.ts';

/**
 * How the device page, device actions and bulk actions plug into the product API: identity's
 * guards and tenant, the device module's dependencies and how bulk runs start (made by the app, which
 * also starts their background jobs), and Google's Retry-After on a 429.
 */

/** Why: the request context answers "who, which organization, which OU subtrees" for device routes. */
export function identityDeviceAccess(deps: Pick<DeviceDeps, 'db'>): DeviceRouteAccess {
  return {
    requirePermission,
    stepUp: (request, reason) => requireStepUp(deps.db, requireOrganization(request), reason),
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
  readonly deps: DeviceDeps;
  readonly queue: BulkRunQueue;
  /** Signs and checks bulk previews (from the auth secret). */
  readonly tokenKey: Buffer;
}

/** Why: registered inside the authenticated product scope, so every device route is signed in. */
export async function registerDeviceApi(api: FastifyInstance, options: DeviceApiOptions): Promise<void> {
  const { deps, queue, tokenKey } = options;
  const access = identityDeviceAccess(deps);
  await api.register(async (scope) => {
    retryAfterHeader(scope);
    await scope.register(deviceDetailRoutes, { deps, access });
    await scope.register(deviceActionRoutes, { deps, access });
    await scope.register(bulkActionRoutes, { deps, access, queue, tokenKey });
  });
}
