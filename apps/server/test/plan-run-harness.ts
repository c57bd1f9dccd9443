import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { sql, type Kysely } from 'kysely';
import { createGoogleClient } from '@fleetdeck/google/google-client';
import { baseUrlsForOrigin } from '@fleetdeck/google/google-hosts';
import { roleCan, type MemberRole } from '@fleetdeck/shared/permissions';
import type { CsvMapping, Plan } from '@fleetdeck/shared/plan-contract';
import type { DB } from '../src/db/schema.ts';
import { AppError, appErrors } from '../src/errors/app-error.ts';
import { createOutboxMailer } from '../src/modules/mail/outbox-mailer.ts';
import { planRunNotifier } from '../src/modules/plans/plan-run-notify.ts';
import type { PlanRunQueue } from '../src/modules/plans/plan-run.service.ts';
import {
  createPlanRunner,
  type PlanRunner,
  type PlanRunnerOptions,
} from '../src/modules/plans/plan-runner.ts';
import { planRoutes } from '../src/routes/plans.routes.ts';
import { bulkActionRoutes } from '../src/routes/bulk-actions.routes.ts';
import { createBulkRunner, type BulkRunQueue } from '../src/modules/devices/bulk-runner.ts';
import { runBulkRunsHere, type LocalBulkRuns } from '../src/jobs/bulk-run-local.job.ts';
import { previewTokenKey } from '../src/modules/devices/bulk-token.ts';
import type { DeviceDeps } from '../src/modules/devices/device-context.ts';
import { registerErrorHandling } from '../src/plugins/error-handler.ts';
import type { DeviceRouteAccess } from '../src/routes/device-detail.routes.ts';
import { startSyncEmulator, SYNC_SCOPES, syncOnce, type SyncEmulator } from './sync-harness.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

/**
 * Plan run tests: a fleet synced from the Google emulator into a fresh database, the plan routes
 * with the caller named by test headers (as plans-harness.ts), members in the organization (the
 * runner reads the starter's role and units at run time), a queue that only records what was
 * started (the test runs the plan itself, or in a worker process), and runners made on demand
 * with a Google client that retries nothing, as production's; optionally the bulk action routes
 * with their runner (a bulk action above the plan threshold becomes a plan; a plan of commands or
 * a deprovision starts a bulk run of that runner).
 */

export const ORG = 'org-a';
export const OTHER_ORG = 'org-b';
export const USERS = {
  owner: 'user-owner',
  admin: 'user-admin',
  admin2: 'user-admin-2',
  tech: 'user-tech',
} as const;

export interface PlanRunHarness {
  readonly app: FastifyInstance;
  readonly testDb: TestDatabase;
  readonly db: Kysely<DB>;
  readonly emulator: SyncEmulator;
  /** Plans the routes put on the queue, in order. */
  readonly enqueued: string[];
  /** Realtime events published, in order. */
  readonly published: { orgId: string; event: string; payload: unknown }[];
  /** With `bulk: true`, the bulk action routes too, and the runs their runner started. */
  readonly bulkRunsKicked: string[];
  /** Resolves when no bulk run is executing (they run in this process). */
  bulkRunsIdle(): Promise<void>;
  runner(options?: PlanRunnerOptions & { mailAfterMs?: number }): PlanRunner;
  close(): Promise<void>;
}

export function as(
  role: MemberRole,
  user: string = USERS.admin,
  options: { org?: string; scope?: string; stepUp?: boolean; freshFor?: readonly string[] } = {},
): Record<string, string> {
  return {
    'x-org': options.org ?? ORG,
    'x-role': role,
    'x-user': user,
    ...(options.scope ? { 'x-scope': options.scope } : {}),
    ...(options.stepUp === false ? { 'x-step-up': 'missing' } : {}),
    // A second factor fresh for these step-up reasons only.
    ...(options.freshFor ? { 'x-step-up-for': options.freshFor.join(',') } : {}),
  };
}

const access = (customerId: string): DeviceRouteAccess => ({
  requirePermission: (permission) => async (request: FastifyRequest) => {
    const role = request.headers['x-role'] as MemberRole | undefined;
    if (!role) throw appErrors.unauthenticated();
    if (!roleCan(role, permission)) throw appErrors.forbidden();
  },
  stepUp: async (request, reason) => {
    const freshFor = request.headers['x-step-up-for'];
    const fresh = typeof freshFor === 'string' ? freshFor.split(',').includes(reason) : true;
    if (request.headers['x-step-up'] === 'missing' || !fresh)
      throw new AppError('step_up_required', `step-up needed to ${reason}`, {
        details: { reason, methods: ['totp'] },
      });
  },
  tenantOf: async (request) => ({
    orgId: String(request.headers['x-org']),
    customerId,
    userId: String(request.headers['x-user']),
    role: request.headers['x-role'] as MemberRole,
    allowedOuPaths: String(request.headers['x-scope'] ?? '/').split(','),
    wholeTree: request.headers['x-scope'] === undefined,
  }),
});

/** Why: the runner reads the starter's membership (role, units) when it runs. */
async function addMembers(db: Kysely<DB>, customerId: string): Promise<void> {
  await sql`create table if not exists "user" (id text primary key, email text not null, name text not null,
    "twoFactorEnabled" boolean)`.execute(db);
  for (const [org, name] of [
    [ORG, 'Riverbend'],
    [OTHER_ORG, 'Elsewhere'],
  ] as const)
    await sql`insert into org (id, name, google_customer_id) values (${org}, ${name}, ${org === ORG ? customerId : 'C0other'})
      on conflict (id) do nothing`.execute(db);
  for (const [key, id] of Object.entries(USERS)) {
    await sql`insert into "user" (id, email, name) values (${id}, ${`${key}@riverbend.example`}, ${key})`.execute(
      db,
    );
    const role = key === 'admin2' ? 'admin' : key === 'tech' ? 'technician' : key;
    await db
      .insertInto('org_member')
      .values({ org_id: ORG, user_id: id, role: role as MemberRole })
      .execute();
  }
}

/** Why: bulk actions above the plan threshold become plans; their routes sit beside the plan routes. */
async function registerBulkRoutes(
  app: FastifyInstance,
  db: Kysely<DB>,
  emulator: SyncEmulator,
  kicked: string[],
  published: PlanRunHarness['published'],
): Promise<{ local: LocalBulkRuns; queue: BulkRunQueue }> {
  const deps: DeviceDeps = {
    db,
    googleFor: (tenant) => emulator.clientFactory({ ...tenant, onRetry: () => undefined }),
    publishChanged: () => undefined,
    publishPlanProgress: (orgId, progress) =>
      published.push({ orgId, event: 'plan.progress', payload: progress }),
  };
  const real = runBulkRunsHere(db, createBulkRunner({ deps, chunkSize: 10 }));
  const queue: BulkRunQueue = {
    enqueue: async (orgId, runId) => {
      kicked.push(runId);
      await real.enqueue(orgId, runId);
    },
  };
  await app.register(bulkActionRoutes, {
    deps,
    access: access(emulator.customerId),
    queue,
    tokenKey: previewTokenKey('a-test-secret-that-is-long-enough-0123456789'),
  });
  return { local: real, queue };
}

export async function startPlanRunHarness(
  options: { size?: number; seed?: number; bulk?: boolean } = {},
): Promise<PlanRunHarness> {
  const testDb = await createTestDatabase();
  const db = testDb.database.db;
  const emulator = await startSyncEmulator({ size: options.size ?? 150, seed: options.seed ?? 28 });
  await addMembers(db, emulator.customerId);
  await syncOnce(testDb.database, emulator, ORG, 'full');
  const enqueued: string[] = [];
  const queue: PlanRunQueue = { enqueue: async (_tx, _org, planId) => void enqueued.push(planId) };
  const published: PlanRunHarness['published'] = [];
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  const bulkRunsKicked: string[] = [];
  const bulk = options.bulk
    ? await registerBulkRoutes(app, db, emulator, bulkRunsKicked, published)
    : undefined;
  // A plan of commands or a deprovision starts its bulk run through the same seam.
  await app.register(planRoutes, {
    db,
    access: access(emulator.customerId),
    queue,
    bulkQueue: bulk?.queue,
  });
  await app.ready();
  const owner = emulator.emu.oauth.admins()[0];
  if (!owner) throw new Error('the emulator has no demo admin');
  const token = emulator.emu.oauth.mintAccessToken({ email: owner.email, scopes: SYNC_SCOPES });
  return {
    app,
    testDb,
    db,
    emulator,
    enqueued,
    published,
    bulkRunsKicked,
    bulkRunsIdle: async () => bulk?.local.idle(),
    runner: ({ mailAfterMs, ...runnerOptions } = {}) =>
      createPlanRunner(
        {
          db,
          googleFor: ({ customerId }) =>
            createGoogleClient({
              getAccessToken: () => Promise.resolve(token),
              customerId,
              baseUrls: baseUrlsForOrigin(emulator.origin),
              retry: { maxAttempts: 1 },
            }),
          ...planRunNotifier({
            db,
            hub: { publish: (orgId, event, payload) => published.push({ orgId, event, payload }) },
            mailer: createOutboxMailer(db),
            publicUrl: 'https://fleetdeck.example',
            mailAfterMs,
            windowMs: runnerOptions.windowMs,
          }),
        },
        { leaseMs: 5_000, ...runnerOptions },
      ),
    close: async () => {
      await bulk?.local.stop();
      await app.close();
      await emulator.close();
      await testDb.cleanup();
    },
  };
}

/** Active devices of the synced fleet, by device id, with their unit (the ones plans change). */
export async function activeDevices(db: Kysely<DB>, count: number, skip = 0) {
  return db
    .selectFrom('fleet_device')
    .select(['device_id', 'serial_number', 'org_unit_path', 'notes', 'status'])
    .where('org_id', '=', ORG)
    .where('status', '=', 'ACTIVE')
    .orderBy('device_id')
    .offset(skip)
    .limit(count)
    .execute();
}

/** A unit of the synced fleet other than the root, deepest path last. */
export async function someUnits(db: Kysely<DB>): Promise<string[]> {
  const rows = await db
    .selectFrom('fleet_org_unit')
    .select('org_unit_path')
    .where('org_id', '=', ORG)
    .where('org_unit_path', '!=', '/')
    .orderBy('org_unit_path')
    .execute();
  return rows.map((row) => row.org_unit_path);
}

const quote = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);

/** A CSV update keyed by device id, built and sent as the browser does; answers the plan. */
export async function csvPlan(
  h: Pick<PlanRunHarness, 'app'>,
  rows: readonly Record<string, string>[],
  headers: Record<string, string> = as('admin'),
): Promise<Plan> {
  const columns = Object.keys(rows[0] ?? {}).filter((column) => column !== 'Device ID');
  const fields: Record<string, CsvMapping['columns'][number]['field']> = {
    'New OU': 'orgUnitPath',
    Notes: 'notes',
    Location: 'annotatedLocation',
    Status: 'status',
  };
  const mapping: CsvMapping = {
    key: { column: 'Device ID', by: 'deviceId' },
    columns: columns.map((column) => ({ column, field: fields[column] ?? 'notes', blank: 'leave' as const })),
    notes: 'replace',
  };
  const text = [
    ['Device ID', ...columns].join(','),
    ...rows.map((row) => [row['Device ID'] ?? '', ...columns.map((c) => row[c] ?? '')].map(quote).join(',')),
  ].join('\r\n');
  const query = new URLSearchParams({ mapping: JSON.stringify(mapping), fileName: 'plan.csv' });
  const response = await h.app.inject({
    method: 'POST',
    url: `/api/plans/csv?${query.toString()}`,
    headers: { ...headers, 'content-type': 'text/csv' },
    payload: `${text}\r\n`,
  });
  if (response.statusCode !== 201)
    throw new Error(`CSV plan answered ${response.statusCode}: ${response.body}`);
  return response.json<Plan>();
}

/** POST /api/plans/:id/<verb>, answered as sent. */
export function planAction(
  h: Pick<PlanRunHarness, 'app'>,
  planId: string,
  verb: 'run' | 'pause' | 'resume' | 'undo' | 'submit' | 'approve' | 'cancel',
  headers: Record<string, string> = as('admin'),
) {
  return h.app.inject({ method: 'POST', url: `/api/plans/${planId}/${verb}`, headers });
}

export async function getPlan(
  h: Pick<PlanRunHarness, 'app'>,
  planId: string,
  headers = as('admin'),
): Promise<Plan> {
  const response = await h.app.inject({ method: 'GET', url: `/api/plans/${planId}?limit=1`, headers });
  if (response.statusCode !== 200)
    throw new Error(`GET plan answered ${response.statusCode}: ${response.body}`);
  return response.json<{ plan: Plan }>().plan;
}

/** Google's device write journal and write quota figures (the emulator's). */
export function googleWrites(emulator: SyncEmulator) {
  return emulator.emu.state.writes.describe(Date.now());
}
