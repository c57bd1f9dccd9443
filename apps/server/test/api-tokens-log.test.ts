import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import type { ApiTokenCreated } from '@fleetdeck/shared/api-token-contract';
import { Browser, PUBLIC_URL } from './identity-browser.ts';
import { backendName } from './test-database.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** The server log at its most verbose, captured while a token is made, used, refused and revoked. */
describe(`an API token's secret never reaches the server log (${backendName})`, () => {
  let t: TestApp;
  const written: string[] = [];

  beforeAll(async () => {
    // Fastify's pino writes its lines to the process's stdout (fd 1 as a stream in a test worker).
    vi.spyOn(process.stdout, 'write').mockImplementation((data: string | Uint8Array) => {
      written.push(typeof data === 'string' ? data : Buffer.from(data).toString());
      return true;
    });
    t = await createTestApp({ PUBLIC_URL, LOG_LEVEL: 'trace' });
  });
  afterAll(async () => {
    await t.close();
    vi.restoreAllMocks();
  });

  it('logs the requests, never the token', async () => {
    const admin = new Browser(t.app, '10.6.0.1');
    const userId = await admin.signInWithEmailCode('admin@log.example');
    const db = t.testDb.database.db;
    await sql`insert into org (id, name, google_customer_id) values ('org-log', 'Log district', 'C-log')`.execute(
      db,
    );
    await sql`insert into org_member (org_id, user_id, role) values ('org-log', ${userId}, 'admin')`.execute(
      db,
    );
    await admin.stepUpWithEmailCode('admin@log.example');
    const created = await admin.post('/api/api-tokens', { name: 'Logged', role: 'viewer' });
    expect(created.statusCode, created.body).toBe(201);
    const { secret, token } = created.json<ApiTokenCreated>();
    const call = (url: string) =>
      t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${secret}` } });
    expect((await call('/api/devices')).statusCode).toBe(200);
    expect((await call('/api/api-tokens')).statusCode).toBe(403);
    expect((await admin.request({ method: 'DELETE', url: `/api/api-tokens/${token.id}` })).statusCode).toBe(
      204,
    );
    expect((await call('/api/devices')).statusCode).toBe(401);

    const log = written.join('');
    // The capture works: the requests themselves are in it.
    expect(log).toContain('/api/devices');
    expect(log).not.toContain(secret.slice(4));
  });
});
