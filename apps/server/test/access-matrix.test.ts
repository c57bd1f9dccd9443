import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { MEMBER_ROLES, roleCan, type MemberRole } from '@fleetdeck/shared/permissions';
import { ROUTE_ACCESS, routeAccessKey } from '@fleetdeck/shared/route-access';
import { enforceAuthentication } from '../src/modules/identity/request-guards.ts';
import { identityOf } from '../src/modules/identity/identity-plugin.ts';
import { Browser, PUBLIC_URL } from './identity-browser.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { backendName } from './test-database.ts';

/**
 * Every route of the product API × every role × (given units or not) against the one access
 * table: a role the table does not allow is refused before the handler runs, a role it allows is
 * never refused for its role, and someone who is no member reaches only the signed-in routes.
 */

const PARAMS: Record<string, string> = {
  userId: 'no-such-user',
  id: 'no-such-id',
  deviceId: 'NO-SUCH-DEVICE',
  commandId: 'no-such-command',
};

const urlOf = (pattern: string) => pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => PARAMS[name] ?? 'x');

interface Caller {
  readonly label: string;
  readonly role: MemberRole | undefined;
  readonly browser: Browser;
}

describe(`the access table holds for every route, role and scope on ${backendName}`, () => {
  let t: TestApp;
  const callers: Caller[] = [];
  let orgId: string;

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL });
    const db = t.testDb.database.db;
    const org = await db
      .insertInto('org')
      .values({ name: 'Matrix District', google_customer_id: 'C-MATRIX', primary_domain: 'matrix.example' })
      .returning('id')
      .executeTakeFirstOrThrow();
    orgId = org.id;
    let address = 20;
    const signIn = async (label: string, role: MemberRole | undefined, units: string[]) => {
      const browser = new Browser(t.app, `10.0.9.${address++}`);
      const userId = await browser.signInWithEmailCode(`${label}@matrix.example`);
      if (role)
        await db
          .insertInto('org_member')
          .values({ org_id: orgId, user_id: userId, role, ou_scope: JSON.stringify(units) })
          .execute();
      callers.push({ label, role, browser });
    };
    for (const role of MEMBER_ROLES) {
      await signIn(`${role}-whole`, role, []);
      if (role !== 'owner') await signIn(`${role}-scoped`, role, ['/Schools/North']);
    }
    await signIn('not-a-member', undefined, []);
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('lists every registered product route in the table, and no route that does not exist', () => {
    const registered = new Set(
      identityOf(t.app)
        .routes.filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD')
        .filter((route) => !route.url.startsWith('/api/identity') && !route.url.startsWith('/api/dev/'))
        .filter((route) => !['/api/client-errors'].includes(route.url))
        .map((route) => routeAccessKey(route.method, route.url)),
    );
    expect([...registered].filter((key) => !(key in ROUTE_ACCESS))).toEqual([]);
    expect(Object.keys(ROUTE_ACCESS).filter((key) => !registered.has(key))).toEqual([]);
  });

  it('refuses to start when a product route has no entry in the table', async () => {
    const app = Fastify({ logger: false });
    await expect(
      app.register(async (scope) => {
        enforceAuthentication(scope, { authenticate: async () => undefined, publicUrl: PUBLIC_URL });
        scope.get('/api/forgotten-route', async () => ({ leaked: true }));
      }),
    ).rejects.toThrow(/GET \/api\/forgotten-route has no entry in ROUTE_ACCESS/);
    await app.close();
  });

  it('names what a non-member can do instead of an onboarding error', async () => {
    const outsider = callers.find((caller) => caller.role === undefined)!;
    const refused = await outsider.browser.get('/api/devices');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      error: 'membership_required',
      message: expect.stringMatching(/Ask for access/) as string,
    });
  });

  it("answers another organization's change plan with 404 on every plan route; takes a CSV upload through the whole stack", async () => {
    const db = t.testDb.database.db;
    const other = await db
      .insertInto('org')
      .values({ name: 'Other District', google_customer_id: 'C-OTHER-PLANS' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const foreign = await db
      .insertInto('plan')
      .values({
        org_id: other.id,
        kind: 'csv_update',
        title: 'Theirs',
        state: 'awaiting_approval',
        created_by: 'x',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const routes = [
      ['GET', `/api/plans/${foreign.id}`],
      ['POST', `/api/plans/${foreign.id}/submit`],
      ['POST', `/api/plans/${foreign.id}/approve`],
      ['POST', `/api/plans/${foreign.id}/cancel`],
    ] as const;
    const answers: string[] = [];
    for (const caller of callers.filter((c) => c.role !== undefined && roleCan(c.role, 'device.annotate'))) {
      for (const [method, url] of routes) {
        const response = await caller.browser.request({ method, url });
        if (response.statusCode !== 404)
          answers.push(`${method} ${url} as ${caller.label}: ${response.statusCode}`);
      }
    }
    expect(answers).toEqual([]);
    const admin = callers.find((caller) => caller.label === 'admin-whole')!;
    const mapping = {
      key: { column: 'Serial', by: 'serial' },
      columns: [{ column: 'Location', field: 'annotatedLocation' }],
    };
    const upload = await admin.browser.request({
      method: 'POST',
      url: `/api/plans/csv?mapping=${encodeURIComponent(JSON.stringify(mapping))}`,
      headers: { 'content-type': 'text/csv' },
      payload: 'Serial,Location\r\nNOT-HERE,Room 4\r\n',
    });
    expect(upload.statusCode, upload.body).toBe(201);
    expect(upload.json()).toMatchObject({
      state: 'draft',
      counts: { not_found: 1 },
      author: { label: 'admin-whole@matrix.example' },
    });
  });

  it('answers every route for every caller as the table says', { timeout: 240_000 }, async () => {
    const mismatches: string[] = [];
    // Routes that end the caller's session or membership go last, so every other route meets them whole.
    const LAST = ['POST /api/organization/leave', 'POST /api/auth/logout', 'POST /api/auth/sign-out'];
    const entries = Object.entries(ROUTE_ACCESS).sort(([a], [b]) => LAST.indexOf(a) - LAST.indexOf(b));
    for (const [key, access] of entries) {
      const [method = 'GET', pattern = ''] = key.split(' ');
      if (pattern === '/api/realtime') continue; // a WebSocket: realtime-access.test.ts
      for (const caller of callers) {
        const response = await caller.browser.request({
          method: method,
          url: urlOf(pattern),
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
        });
        const body = response.headers['content-type']?.includes('json')
          ? response.json<{ error?: string }>()
          : {};
        const refused =
          response.statusCode === 403 && (body.error === 'forbidden' || body.error === 'membership_required');
        const allowed =
          access === 'signed-in' ||
          (caller.role !== undefined && (access === 'member' || roleCan(caller.role, access)));
        if (allowed === refused)
          mismatches.push(`${key} as ${caller.label}: ${response.statusCode} ${body.error ?? ''}`);
        // 503 is the test app without a job queue (sync runs); any other 5xx is a defect.
        if (response.statusCode >= 500 && response.statusCode !== 503)
          mismatches.push(`${key} as ${caller.label}: ${response.statusCode}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});
