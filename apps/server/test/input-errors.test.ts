import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, PUBLIC_URL } from './identity-browser.ts';
import { backendName } from './test-database.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Bad input answers 400 in the error shape with a message saying what to do, never a
 * 500 from the database. Real app, a signed-in owner.
 */
describe(`malformed input answers 400, not 500 (${backendName})`, () => {
  let t: TestApp;
  let owner: Browser;
  const ORG = 'org-input-review';

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL });
    owner = new Browser(t.app, '10.9.0.1');
    const email = 'owner@input.example';
    const userId = await owner.signInWithEmailCode(email);
    const db = t.testDb.database.db;
    await sql`insert into org (id, name, google_customer_id, onboarding_completed_at)
      values (${ORG}, 'Input district', 'C-input', now())`.execute(db);
    await sql`insert into org_member (org_id, user_id, role) values (${ORG}, ${userId}, 'owner')`.execute(db);
  });
  afterAll(async () => t.close());

  const expect400 = (response: { statusCode: number; body: string; json: () => unknown }) => {
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ status: 400 });
  };

  it('GET /api/audit with a cursor whose id is not a uuid', async () => {
    const cursor = Buffer.from('2026-01-01T00:00:00.000Z|not-a-uuid').toString('base64url');
    expect400(await owner.get(`/api/audit?cursor=${cursor}`));
  });

  it('GET /api/devices with a lastSync cursor whose value is not a time', async () => {
    const cursor = Buffer.from(JSON.stringify(['lastSync', 'asc', 'not-a-time', 'device-1'])).toString(
      'base64url',
    );
    expect400(await owner.get(`/api/devices?sort=lastSync&dir=asc&cursor=${cursor}`));
  });

  it('PUT /api/dashboard/replacement-costs naming one model twice', async () => {
    const response = await owner.request({
      method: 'PUT',
      url: '/api/dashboard/replacement-costs',
      payload: {
        currency: 'USD',
        defaultCostCents: 30_000,
        models: [
          { model: 'Chromebook 314', costCents: 25_000 },
          { model: 'Chromebook 314', costCents: 26_000 },
        ],
      },
    });
    expect400(response);
  });
  it('page links with a time zone PostgreSQL refuses (+99, +05:99)', async () => {
    const fleet = Buffer.from(
      JSON.stringify(['lastSync', 'asc', '2026-01-01 00:00:00+99', 'device-1']),
    ).toString('base64url');
    expect400(await owner.get(`/api/devices?sort=lastSync&dir=asc&cursor=${fleet}`));
    const audit = Buffer.from('2026-11-26 10:20:30+05:99|0a1b2c3d-0000-4000-8000-00000000abcd').toString(
      'base64url',
    );
    expect400(await owner.get(`/api/audit?cursor=${audit}`));
  });
});
