import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, PUBLIC_URL } from './identity-browser.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { backendName } from './test-database.ts';

/**
 * The last-owner rule under truly concurrent requests. On PostgreSQL the two requests run at the
 * same time on two connections; PGlite runs one statement at a time, so there the race cannot
 * happen and the test only checks that the rule holds.
 */
describe(`an organization keeps an owner when two owners act on each other at once, on ${backendName}`, () => {
  let t: TestApp;
  let orgId: string;
  let run = 0;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL });
    const org = await t.testDb.database.db
      .insertInto('org')
      .values({ name: 'Springfield Schools', google_customer_id: 'C0last0wner' })
      .returning('id')
      .executeTakeFirstOrThrow();
    orgId = org.id;
  });
  afterAll(async () => t.close());

  /** Two signed-in owners of the organization (and nobody else in it). */
  async function twoOwners() {
    run += 1;
    const db = t.testDb.database.db;
    await db.deleteFrom('org_member').where('org_id', '=', orgId).execute();
    const people: { browser: Browser; id: string }[] = [];
    for (const name of ['ana', 'ben']) {
      const browser = new Browser(t.app, `10.0.8.${run * 2 + people.length}`);
      const email = `${name}-${run}@springfield.example`;
      const id = await browser.signInWithEmailCode(email);
      await db.insertInto('org_member').values({ org_id: orgId, user_id: id, role: 'owner' }).execute();
      // Role changes and removals ask for a fresh second factor: both owners have given one.
      await browser.stepUpWithEmailCode(email);
      people.push({ browser, id });
    }
    const [ana, ben] = people as [(typeof people)[number], (typeof people)[number]];
    return { ana, ben };
  }

  async function owners(): Promise<number> {
    const rows = await t.testDb.database.db
      .selectFrom('org_member')
      .select('user_id')
      .where('org_id', '=', orgId)
      .where('role', '=', 'owner')
      .execute();
    return rows.length;
  }

  type Owner = Awaited<ReturnType<typeof twoOwners>>['ana'];

  /** Each owner demotes the other to admin at the same moment. */
  function demoteEachOther(ana: Owner, ben: Owner) {
    return Promise.all([
      ana.browser.request({
        method: 'PATCH',
        url: `/api/organization/members/${ben.id}`,
        payload: { role: 'admin' },
      }),
      ben.browser.request({
        method: 'PATCH',
        url: `/api/organization/members/${ana.id}`,
        payload: { role: 'admin' },
      }),
    ]);
  }

  const ROUNDS = 4;

  // The one that waited finds itself no owner any more: 403, whichever came first.
  it('lets one of two simultaneous demotions through and refuses the other', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { ana, ben } = await twoOwners();
      const answers = await demoteEachOther(ana, ben);
      expect(await owners(), `round ${round}`).toBe(1);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 403]);
    }
  });

  it('lets one of two simultaneous removals through', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { ana, ben } = await twoOwners();
      const answers = await Promise.all([
        ana.browser.request({ method: 'DELETE', url: `/api/organization/members/${ben.id}` }),
        ben.browser.request({ method: 'DELETE', url: `/api/organization/members/${ana.id}` }),
      ]);
      expect(await owners(), `round ${round}`).toBe(1);
      // The one removed first is refused as no owner (403), or as signed out (401) when its
      // sessions went before its request was read.
      const [first, second] = answers.map((answer) => answer.statusCode).sort();
      expect(first).toBe(204);
      expect([401, 403]).toContain(second);
    }
  });

  it('lets one of two owners leaving at the same moment go, and keeps the other', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { ana, ben } = await twoOwners();
      const answers = await Promise.all([
        ana.browser.post('/api/organization/leave'),
        ben.browser.post('/api/organization/leave'),
      ]);
      expect(await owners(), `round ${round}`).toBe(1);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 409]);
      expect(answers.find((answer) => answer.statusCode === 409)?.json()).toMatchObject({
        message: 'You are the only owner: transfer ownership to another member before you leave.',
      });
    }
  });

  it('refuses a change of an owner from someone who was demoted a moment ago', async () => {
    const { ana, ben } = await twoOwners();
    const carol = new Browser(t.app, '10.0.8.250');
    const carolId = await carol.signInWithEmailCode(`carol-${run}@springfield.example`);
    await t.testDb.database.db
      .insertInto('org_member')
      .values({ org_id: orgId, user_id: carolId, role: 'owner' })
      .execute();
    // Ana demotes Ben while Ben demotes Ana: with three owners both would otherwise go through,
    // the second by someone who was no longer an owner.
    const answers = await demoteEachOther(ana, ben);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 403]);
    expect(await owners()).toBe(2);
  });
});
