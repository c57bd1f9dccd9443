import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { sql, type Kysely } from 'kysely';
import { roleCan, type MemberRole } from '@fleetdeck/shared/permissions';
import type { CsvMapping, Plan, PlanDetail } from '@fleetdeck/shared/plan-contract';
import type { DB } from '../src/db/schema.ts';
import { AppError, appErrors } from '../src/errors/app-error.ts';
import { planRoutes } from '../src/routes/plans.routes.ts';
import { registerErrorHandling } from '../src/plugins/error-handler.ts';
import { registerInputGuard } from '../src/plugins/input-guard.ts';
import type { DeviceRouteAccess } from '../src/routes/device-detail.routes.ts';
import { seedDevices, seedOrgUnits, type SeedDevice } from './devices-fleet-harness.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

/**
 * Change plan tests: the plan routes over a hand-made fleet in a fresh database, with the caller
 * named by test headers (identity's real guards and step-up have their own tests; the route table
 * is checked by access-matrix.test.ts): organization, role, user, units, and whether the caller
 * stepped up.
 */

export const ORG = 'org-a';
export const OTHER_ORG = 'org-b';
export const USERS = {
  owner: 'user-owner',
  admin: 'user-admin',
  admin2: 'user-admin-2',
  tech: 'user-tech',
  tech2: 'user-tech-2',
  viewer: 'user-viewer',
} as const;

export const UNITS = [
  '/',
  '/Students',
  '/Students/Grade 5',
  '/Students/Grade 6',
  '/Students/Grade 7',
  '/Staff',
  '/North',
  '/North/Lab',
  '/South',
];

/** A small fleet: one device per case the plans must tell apart. */
export const FLEET: SeedDevice[] = [
  {
    id: 'd1',
    org: ORG,
    serial: '5CD001',
    asset: 'A-1',
    ou: '/Students/Grade 5',
    location: 'Room 1',
    user: 'ana',
    notes: 'old',
  },
  { id: 'd2', org: ORG, serial: '5CD002', ou: '/Students/Grade 5' },
  { id: 'd3', org: ORG, serial: '5CD003', ou: '/Students/Grade 6', status: 'DISABLED' },
  { id: 'd4', org: ORG, serial: '5CD004', ou: '/Students/Grade 6', status: 'DEPROVISIONED' },
  { id: 'd5', org: ORG, serial: '5CD005', ou: '/North/Lab' },
  { id: 'd6', org: ORG, serial: '5CD006', ou: '/South' },
  { id: 'd7', org: ORG, serial: 'DUPSERIAL', asset: 'SHARED-1', ou: '/Staff' },
  { id: 'd8', org: ORG, serial: 'dupserial', asset: 'shared-1', ou: '/Staff' },
  { id: 'd9', org: ORG, serial: '5CD009', ou: '/Staff', deleted: true },
  { id: 'd10', org: ORG, serial: '5CD010', ou: '/Students/Grade 7' },
  { id: 'd11', org: ORG, serial: '5CD011', ou: '/Students/Grade 7', status: 'DISABLED' },
  { id: 'b1', org: OTHER_ORG, serial: '5CD001', ou: '/Students/Grade 5' },
  { id: 'b2', org: OTHER_ORG, serial: 'ONLYB', ou: '/Students/Grade 5' },
];

export interface PlanHarness {
  readonly app: FastifyInstance;
  readonly testDb: TestDatabase;
  readonly db: Kysely<DB>;
  close(): Promise<void>;
}

/** Headers naming the caller; `scope` limits them to units, `stepUp: false` as if no second factor was proved. */
export function as(
  role: MemberRole,
  user: string = USERS.admin,
  options: { org?: string; scope?: string; stepUp?: boolean } = {},
): Record<string, string> {
  return {
    'x-org': options.org ?? ORG,
    'x-role': role,
    'x-user': user,
    ...(options.scope ? { 'x-scope': options.scope } : {}),
    ...(options.stepUp === false ? { 'x-step-up': 'missing' } : {}),
  };
}

const headerAccess: DeviceRouteAccess = {
  requirePermission: (permission) => async (request: FastifyRequest) => {
    const role = request.headers['x-role'] as MemberRole | undefined;
    if (!role) throw appErrors.unauthenticated();
    if (!roleCan(role, permission)) throw appErrors.forbidden();
  },
  stepUp: async (request, reason) => {
    if (request.headers['x-step-up'] === 'missing')
      throw new AppError('step_up_required', `step-up needed to ${reason}`, {
        details: { reason, methods: ['totp'] },
      });
  },
  tenantOf: async (request) => ({
    orgId: String(request.headers['x-org']),
    customerId: 'C0test',
    userId: String(request.headers['x-user']),
    role: request.headers['x-role'] as MemberRole,
    allowedOuPaths: String(request.headers['x-scope'] ?? '/').split(','),
    wholeTree: request.headers['x-scope'] === undefined,
  }),
};

/** Why: better-auth makes `user` when identity starts; these tests run without identity. */
async function addUsers(db: Kysely<DB>): Promise<void> {
  await sql`create table if not exists "user" (id text primary key, email text not null, name text not null,
    "twoFactorEnabled" boolean)`.execute(db);
  for (const [role, id] of Object.entries(USERS))
    await sql`insert into "user" (id, email, name) values (${id}, ${`${role}@riverbend.example`}, ${role})`.execute(
      db,
    );
}

export async function startPlanHarness(fleet: readonly SeedDevice[] = FLEET): Promise<PlanHarness> {
  const testDb = await createTestDatabase();
  const db = testDb.database.db;
  await addUsers(db);
  for (const [id, name] of [
    [ORG, 'Riverbend'],
    [OTHER_ORG, 'Elsewhere'],
  ] as const)
    await db
      .insertInto('org')
      .values({ id, name, google_customer_id: `C-${id}` })
      .execute();
  await seedOrgUnits(db, ORG, UNITS);
  await seedOrgUnits(db, OTHER_ORG, UNITS);
  await seedDevices(db, fleet);
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerInputGuard(app);
  await app.register(planRoutes, { db, access: headerAccess });
  await app.ready();
  return {
    app,
    testDb,
    db,
    close: async () => {
      await app.close();
      await testDb.cleanup();
    },
  };
}

/** Uploads a CSV (text or a stream) as the browser does: the file as the body, the mapping in the query. */
export function uploadCsv(
  h: Pick<PlanHarness, 'app'>,
  csv: string | NodeJS.ReadableStream,
  mapping: CsvMapping | Record<string, unknown>,
  headers: Record<string, string> = as('admin'),
) {
  const query = new URLSearchParams({ mapping: JSON.stringify(mapping), fileName: 'devices.csv' });
  return h.app.inject({
    method: 'POST',
    url: `/api/plans/csv?${query.toString()}`,
    headers: { ...headers, 'content-type': 'text/csv; charset=utf-8' },
    payload: csv as string,
  });
}

/** Every item of a plan, page by page, as the plan page would read them. */
export async function allItems(
  h: Pick<PlanHarness, 'app'>,
  planId: string,
  headers: Record<string, string> = as('admin'),
  outcome?: string,
): Promise<PlanDetail['items']> {
  const items: PlanDetail['items'] = [];
  let after: number | null = null;
  do {
    const query = new URLSearchParams({ limit: '500', ...(outcome ? { outcome } : {}) });
    if (after !== null) query.set('after', String(after));
    const response = await h.app.inject({
      method: 'GET',
      url: `/api/plans/${planId}?${query.toString()}`,
      headers,
    });
    if (response.statusCode !== 200)
      throw new Error(`GET plan answered ${response.statusCode}: ${response.body}`);
    const page = response.json<PlanDetail>();
    items.push(...page.items);
    after = page.nextAfter;
  } while (after !== null);
  return items;
}

export type { Plan };
