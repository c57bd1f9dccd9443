import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedView } from '@fleetdeck/shared/fleet-contract';
import { backendName, createTestDatabase, type TestDatabase } from './test-database.ts';
import { buildFleetApp, ORG, OTHER_ORG, type FleetHarness } from './devices-fleet-harness.ts';

const ADMIN = {
  orgId: ORG,
  userId: 'user-admin',
  email: 'admin@example.edu',
  ouPaths: ['/'],
  managesShared: true,
};
const TECH = {
  orgId: ORG,
  userId: 'user-tech',
  email: 'tech@example.edu',
  ouPaths: ['/'],
  managesShared: false,
};
const OUTSIDER = { ...ADMIN, orgId: OTHER_ORG, userId: 'user-other' };

const body = (name: string, shared = false) => ({
  name,
  shared,
  q: 'status:ACTIVE stale:30d',
  columns: ['serialNumber', 'model', 'lastSync'],
  sort: 'lastSync',
  dir: 'desc',
});

describe(`saved views (${backendName})`, () => {
  let testDb: TestDatabase;
  let harness: FleetHarness;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    // better-auth creates its `user` table when identity starts; these tests run without identity.
    await sql`create table if not exists "user" (id text primary key, email text not null, name text not null,
      "twoFactorEnabled" boolean)`.execute(testDb.database.db);
    await sql`insert into "user" (id, email, name) values ('user-tech', 'tech@example.edu', 'Terry Tech')`.execute(
      testDb.database.db,
    );
    harness = await buildFleetApp(testDb.database.db);
  });
  afterAll(async () => {
    await harness.app.close();
    await testDb.cleanup();
  });

  async function as(
    caller: typeof ADMIN,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) {
    harness.caller = caller;
    const response = await harness.app.inject({ method, url, ...(payload ? { payload } : {}) });
    // The caller names the body's type, as with inject's own json<T>().
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
    return { status: response.statusCode, json: <T>() => response.json<T>() };
  }

  it('saves, lists, shares, edits and deletes views with owner and admin rules', async () => {
    const privateView = await as(TECH, 'POST', '/api/saved-views', body('My ghosts'));
    expect(privateView.status).toBe(201);
    const mine = privateView.json<SavedView>();
    expect(mine).toMatchObject({
      name: 'My ghosts',
      shared: false,
      ownerId: 'user-tech',
      ownerName: 'Terry Tech',
      ownerEmail: 'tech@example.edu',
      editable: true,
    });
    expect(mine.columns).toEqual(['serialNumber', 'model', 'lastSync']);

    const sharedView = (
      await as(TECH, 'POST', '/api/saved-views', body('Team ghosts', true))
    ).json<SavedView>();
    const adminList = (await as(ADMIN, 'GET', '/api/saved-views')).json<{ views: SavedView[] }>().views;
    expect(adminList.map((view) => view.name)).toEqual(['Team ghosts']);
    expect(adminList[0]?.editable).toBe(true);

    // Someone else's private view does not exist for the admin.
    expect((await as(ADMIN, 'PUT', `/api/saved-views/${mine.id}`, body('x'))).status).toBe(404);
    expect((await as(ADMIN, 'DELETE', `/api/saved-views/${mine.id}`)).status).toBe(404);

    const renamed = await as(ADMIN, 'PATCH', `/api/saved-views/${sharedView.id}`, {
      ...body('Ghosts (all schools)', true),
      columns: ['serialNumber'],
    });
    expect(renamed.status).toBe(200);
    expect(renamed.json<SavedView>()).toMatchObject({
      name: 'Ghosts (all schools)',
      columns: ['serialNumber'],
      ownerId: 'user-tech',
    });

    // A technician may not edit an admin's shared view.
    const adminShared = (
      await as(ADMIN, 'POST', '/api/saved-views', body('Admin view', true))
    ).json<SavedView>();
    const techList = (await as(TECH, 'GET', '/api/saved-views')).json<{ views: SavedView[] }>().views;
    expect(techList.find((view) => view.id === adminShared.id)?.editable).toBe(false);
    expect((await as(TECH, 'DELETE', `/api/saved-views/${adminShared.id}`)).status).toBe(403);

    expect((await as(TECH, 'DELETE', `/api/saved-views/${mine.id}`)).status).toBe(204);
    expect((await as(TECH, 'GET', '/api/saved-views')).json<{ views: SavedView[] }>().views).toHaveLength(2);
  });

  it("names a shared view's owner as their account does now, by email when the account has no name or is gone", async () => {
    const view = (await as(TECH, 'POST', '/api/saved-views', body('Carts to check', true))).json<SavedView>();
    const owner = async () => {
      const views = (await as(ADMIN, 'GET', '/api/saved-views')).json<{ views: SavedView[] }>().views;
      const seen = views.find((v) => v.id === view.id);
      return { ownerName: seen?.ownerName, ownerEmail: seen?.ownerEmail };
    };
    expect(await owner()).toEqual({ ownerName: 'Terry Tech', ownerEmail: 'tech@example.edu' });

    const db = testDb.database.db;
    await sql`update "user" set name = 'Terry Tech-Lopez', email = 'terry@example.edu' where id = 'user-tech'`.execute(
      db,
    );
    expect(await owner()).toEqual({ ownerName: 'Terry Tech-Lopez', ownerEmail: 'terry@example.edu' });
    await sql`update "user" set name = 'terry@example.edu' where id = 'user-tech'`.execute(db);
    expect(await owner()).toEqual({ ownerName: null, ownerEmail: 'terry@example.edu' });
    await sql`update "user" set name = '  ' where id = 'user-tech'`.execute(db);
    expect(await owner()).toEqual({ ownerName: null, ownerEmail: 'terry@example.edu' });

    // Without an account (the admin here has none), the email saved with the view stands in.
    await sql`delete from "user" where id = 'user-tech'`.execute(db);
    expect(await owner()).toEqual({ ownerName: null, ownerEmail: 'tech@example.edu' });
    const adminView = (
      await as(ADMIN, 'POST', '/api/saved-views', body('Admin carts', true))
    ).json<SavedView>();
    expect(adminView).toMatchObject({ ownerName: null, ownerEmail: 'admin@example.edu' });
    await sql`insert into "user" (id, email, name) values ('user-tech', 'tech@example.edu', 'Terry Tech')`.execute(
      db,
    );
  });

  it("keeps another organization's views out of reach (404) and validates input", async () => {
    const view = (await as(ADMIN, 'POST', '/api/saved-views', body('Org only', true))).json<SavedView>();
    expect((await as(OUTSIDER, 'GET', '/api/saved-views')).json<{ views: SavedView[] }>().views).toEqual([]);
    expect((await as(OUTSIDER, 'PUT', `/api/saved-views/${view.id}`, body('stolen', true))).status).toBe(404);
    expect((await as(OUTSIDER, 'DELETE', `/api/saved-views/${view.id}`)).status).toBe(404);
    expect((await as(ADMIN, 'DELETE', '/api/saved-views/not-a-uuid')).status).toBe(400);
    expect((await as(ADMIN, 'POST', '/api/saved-views', { ...body(''), name: '' })).status).toBe(400);
    expect((await as(ADMIN, 'POST', '/api/saved-views', { ...body('x'), columns: ['bogus'] })).status).toBe(
      400,
    );
    expect((await as(ADMIN, 'POST', '/api/saved-views', { ...body('x'), sort: 'nope' })).status).toBe(400);
    const badQuery = await as(ADMIN, 'POST', '/api/saved-views', { ...body('x'), q: 'stauts:ACTIVE' });
    expect(badQuery.status).toBe(400);
    expect(badQuery.json<{ message: string }>().message).toContain('Did you mean "status"?');
  });

  it('audits saving, changing and deleting a view, and nothing for a refused one', async () => {
    const actions = async () =>
      await testDb.database.db
        .selectFrom('audit_log')
        .select(['action', 'target_id', 'details', 'actor_user_id'])
        .where('org_id', '=', ORG)
        .where('target_type', '=', 'saved_view')
        .orderBy('occurred_at')
        .execute();
    const before = (await actions()).length;
    const view = (await as(ADMIN, 'POST', '/api/saved-views', body('Lost devices', true))).json<SavedView>();
    expect(
      (await as(ADMIN, 'PUT', `/api/saved-views/${view.id}`, body('Lost and stolen', true))).status,
    ).toBe(200);
    expect((await as(ADMIN, 'DELETE', `/api/saved-views/${view.id}`)).status).toBe(204);
    expect((await as(ADMIN, 'POST', '/api/saved-views', { ...body('x'), q: 'nonsense:(' })).status).toBe(400);
    expect((await actions()).slice(before)).toEqual([
      {
        action: 'saved_view.created',
        target_id: view.id,
        details: { name: 'Lost devices', shared: true },
        actor_user_id: 'user-admin',
      },
      {
        action: 'saved_view.updated',
        target_id: view.id,
        details: { name: 'Lost and stolen', shared: true },
        actor_user_id: 'user-admin',
      },
      {
        action: 'saved_view.deleted',
        target_id: view.id,
        details: { name: 'Lost and stolen', shared: true },
        actor_user_id: 'user-admin',
      },
    ]);
  });
});
