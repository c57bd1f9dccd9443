import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../src/db/schema.ts';
import { roleCan, type MemberRole } from '@fleetdeck/shared/permissions';
import { AppError, appErrors } from '../src/errors/app-error.ts';
import { runBulkRunsHere, type LocalBulkRuns } from '../src/jobs/bulk-run-local.job.ts';
import { createBulkRunner } from '../src/modules/devices/bulk-runner.ts';
import { previewTokenKey } from '../src/modules/devices/bulk-token.ts';
import type { DeviceDeps } from '../src/modules/devices/device-context.ts';
import { registerErrorHandling } from '../src/plugins/error-handler.ts';
import { bulkActionRoutes } from '../src/routes/bulk-actions.routes.ts';
import { retryAfterHeader } from '../src/routes/devices.routes.ts';
import { deviceActionRoutes } from '../src/routes/device-actions.routes.ts';
import { deviceDetailRoutes, type DeviceRouteAccess } from '../src/routes/device-detail.routes.ts';
import { POLICY_WRITE_SCOPE, startSyncEmulator, syncOnce, type SyncEmulator } from './sync-harness.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

/**
 * Device and bulk action tests: a database synced from the Google emulator (frozen clock), the
 * device routes with the caller named by test headers (identity's real guards have their own
 * tests), the emulator's Google client, and a bulk runner the test can pause and wait for.
 */

export const ORG = 'org-a';
export const OTHER_ORG = 'org-b';
export const USER = 'user-admin';

export interface DeviceHarness {
  readonly app: FastifyInstance;
  readonly testDb: TestDatabase;
  readonly emulator: SyncEmulator;
  /** Bulk runs in this process: `idle` waits for them, `resumeStale` takes on stopped ones. */
  readonly runner: LocalBulkRuns;
  readonly deps: DeviceDeps;
  /** Realtime `fleet.changed` events published, in order. */
  readonly published: { orgId: string; change: unknown }[];
  /** While true, started runs wait (as if their process stopped before running them). */
  paused: boolean;
  close(): Promise<void>;
}

/** Headers naming the caller: organization, role, and (optionally) a viewer's OU subtrees. */
export function as(role: MemberRole, org = ORG, user = USER): Record<string, string> {
  return { 'x-org': org, 'x-role': role, 'x-user': user };
}

/**
 * Previews a bulk action and starts it with the preview's token, as the bulk dialog does; the
 * preview must answer 200. Answers the start's response (202 with the run, or the refusal).
 */
export async function previewAndStart(
  h: Pick<DeviceHarness, 'app'>,
  request: { target: unknown; action: unknown },
  headers: Record<string, string>,
) {
  const preview = await h.app.inject({
    method: 'POST',
    url: '/api/bulk-actions/preview',
    headers,
    payload: request,
  });
  if (preview.statusCode !== 200) throw new Error(`preview answered ${preview.statusCode}: ${preview.body}`);
  const { previewToken } = preview.json<{ previewToken: string }>();
  return h.app.inject({
    method: 'POST',
    url: '/api/bulk-actions',
    headers,
    payload: { ...request, previewToken },
  });
}

const headerAccess = (customerId: string): DeviceRouteAccess => ({
  requirePermission: (permission) => async (request: FastifyRequest) => {
    const role = request.headers['x-role'] as MemberRole | undefined;
    if (!role) throw appErrors.unauthenticated();
    if (!roleCan(role, permission)) throw appErrors.forbidden();
  },
  // A test caller has proved a second factor unless it says otherwise (`x-step-up: missing`).
  stepUp: async (request, reason) => {
    if (request.headers['x-step-up'] === 'missing')
      throw new AppError('step_up_required', `step-up needed to ${reason}`, {
        details: { reason, methods: ['totp'] },
      });
  },
  tenantOf: async (request) => ({
    orgId: String(request.headers['x-org']),
    customerId,
    userId: String(request.headers['x-user'] ?? USER),
    role: request.headers['x-role'] as MemberRole,
    allowedOuPaths: String(request.headers['x-scope'] ?? '/').split(','),
    wholeTree: request.headers['x-scope'] === undefined,
  }),
});

/** Why: better-auth creates its `user` table when identity starts; these tests run without identity. */
export async function addTestAdmin(db: Kysely<DB>): Promise<void> {
  await sql`create table if not exists "user" (id text primary key, email text not null, name text not null,
    "twoFactorEnabled" boolean)`.execute(db);
  await sql`insert into "user" (id, email, name) values (${USER}, 'admin@riverbend.example', 'Avery Admin')`.execute(
    db,
  );
}

export async function startDeviceHarness(
  options: { chunkSize?: number; size?: number } = {},
): Promise<DeviceHarness> {
  const testDb = await createTestDatabase();
  // The grant holds the Chrome Policy scope, as in production: a disable may read and set the return message.
  const emulator = await startSyncEmulator({ size: options.size ?? 120, extraScopes: [POLICY_WRITE_SCOPE] });
  await syncOnce(testDb.database, emulator, ORG, 'full');
  await addTestAdmin(testDb.database.db);
  const published: { orgId: string; change: unknown }[] = [];
  const deps: DeviceDeps = {
    db: testDb.database.db,
    googleFor: (tenant) => emulator.clientFactory({ ...tenant, onRetry: () => undefined }),
    publishChanged: (orgId, change) => published.push({ orgId, change }),
  };
  const real = runBulkRunsHere(deps.db, createBulkRunner({ deps, chunkSize: options.chunkSize ?? 10 }));
  const harness: DeviceHarness = {
    app: Fastify({ logger: false }),
    testDb,
    emulator,
    deps,
    published,
    paused: false,
    runner: {
      ...real,
      enqueue: async (orgId, runId) => {
        if (!harness.paused) await real.enqueue(orgId, runId);
      },
    },
    close: async () => {
      await real.stop();
      await harness.app.close();
      await emulator.close();
      await testDb.cleanup();
    },
  };
  const { app } = harness;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  retryAfterHeader(app);
  const access = headerAccess(emulator.customerId);
  await app.register(deviceDetailRoutes, { deps, access });
  await app.register(deviceActionRoutes, { deps, access, commandRefreshAfterMs: 0 });
  await app.register(bulkActionRoutes, {
    deps,
    access,
    queue: harness.runner,
    tokenKey: previewTokenKey('a-test-secret-that-is-long-enough-0123456789'),
  });
  return harness;
}
