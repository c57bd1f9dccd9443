import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { orgTopic } from '@fleetdeck/shared/realtime-contract';
import type * as HubModule from '../src/modules/realtime/realtime-hub.ts';
import type { RealtimeHub } from '../src/modules/realtime/realtime-hub.ts';
import { Browser, PUBLIC_URL } from './identity-browser.ts';
import { TestSocket } from './realtime-socket.ts';
import { backendName } from './test-database.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * The realtime WebSocket in the real app (identity's authorizer, real sessions): who may listen,
 * for how long, and what a viewer limited to some units hears.
 * The hub the app creates is captured so the test can publish what a sync or an action publishes.
 */

const hubs = vi.hoisted(() => [] as RealtimeHub[]);
vi.mock('../src/modules/realtime/realtime-hub.ts', async (importOriginal) => {
  const original = await importOriginal<typeof HubModule>();
  return {
    ...original,
    createRealtimeHub: async (...args: Parameters<typeof original.createRealtimeHub>) => {
      const hub = await original.createRealtimeHub(...args);
      hubs.push(hub);
      return hub;
    },
  };
});

const ORG = 'org-realtime-access';

describe(`realtime events respect membership and viewer scope (${backendName})`, () => {
  let t: TestApp;
  let url: string;
  const sockets: TestSocket[] = [];
  const owner = () => new Browser(t.app, '10.7.0.1');
  let ownerBrowser: Browser;
  let viewerBrowser: Browser;
  let viewerId: string;

  /** A member of the organization, signed in by email code in a browser of their own. */
  const member = async (address: string, email: string, role: 'admin' | 'technician') => {
    const browser = new Browser(t.app, address);
    const userId = await browser.signInWithEmailCode(email);
    await sql`insert into org_member (org_id, user_id, role) values (${ORG}, ${userId}, ${role})`.execute(
      t.testDb.database.db,
    );
    return { browser, userId };
  };

  const open = async (browser: Browser, origin = PUBLIC_URL) => {
    const socket = new TestSocket(url, { cookie: browser.jar.header(), origin });
    sockets.push(socket);
    return { socket, opened: await socket.opened() };
  };

  const joined = async (browser: Browser) => {
    const { socket, opened } = await open(browser);
    expect(opened).toBe(true);
    socket.send({ topic: orgTopic(ORG), event: 'phx_join', payload: {}, ref: 'join' });
    expect((await socket.next((f) => f.ref === 'join')).payload).toMatchObject({ status: 'ok' });
    return socket;
  };

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/realtime`;
    ownerBrowser = owner();
    viewerBrowser = new Browser(t.app, '10.7.0.2');
    const ownerId = await ownerBrowser.signInWithEmailCode('owner@realtime.example');
    viewerId = await viewerBrowser.signInWithEmailCode('librarian@realtime.example');
    const db = t.testDb.database.db;
    await sql`insert into org (id, name, google_customer_id, onboarding_completed_at)
      values (${ORG}, 'Review district', 'C-review', now())`.execute(db);
    await sql`insert into org_member (org_id, user_id, role, ou_scope) values
      (${ORG}, ${ownerId}, 'owner', '[]'::jsonb),
      (${ORG}, ${viewerId}, 'viewer', '["/Schools/North"]'::jsonb)`.execute(db);
    // Removing members needs a fresh second factor: the owner gives one for the whole file.
    await ownerBrowser.stepUpWithEmailCode('owner@realtime.example');
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t.close();
  });

  const hub = () => {
    const found = hubs[0];
    if (!found) throw new Error('the app created no realtime hub');
    return found;
  };

  it('does not tell a viewer limited to /Schools/North about devices outside their OUs', async () => {
    const viewer = await joined(viewerBrowser);
    // What devices.routes.ts publishes after an admin moved a device of /Schools/South.
    hub().publish(ORG, 'fleet.changed', { reason: 'action', deviceIds: ['device-in-schools-south'] });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const named = viewer.frames
      .filter((f) => f.event === 'fleet.changed')
      .flatMap((f) => (f.payload as { deviceIds?: string[] }).deviceIds ?? []);
    expect(named).not.toContain('device-in-schools-south');
    // Told that something changed, without names: the table refreshes what the viewer may see.
    const told = await viewer.next((f) => f.event === 'fleet.changed');
    expect(told.payload).toEqual({ reason: 'action' });
  });

  it('names changed devices to the owner, who sees the whole fleet', async () => {
    const socket = await joined(ownerBrowser);
    hub().publish(ORG, 'fleet.changed', {
      reason: 'action',
      deviceIds: ['device-in-schools-south'],
      added: 2,
    });
    const told = await socket.next((f) => f.event === 'fleet.changed');
    expect(told.payload).toEqual({ reason: 'action', deviceIds: ['device-in-schools-south'], added: 2 });
  });

  it("stops a removed member's open socket from receiving the organization's events", async () => {
    const { browser: removed, userId: removedId } = await member(
      '10.7.0.3',
      'leaver@realtime.example',
      'technician',
    );
    const socket = await joined(removed);
    const response = await ownerBrowser.request({
      method: 'DELETE',
      url: `/api/organization/members/${removedId}`,
    });
    expect(response.statusCode, response.body).toBe(204);
    // The removed member's sessions are gone: HTTP refuses them at once.
    expect((await removed.get('/api/auth/me')).statusCode).toBe(401);
    hub().publish(ORG, 'fleet.changed', { reason: 'action', deviceIds: ['after-removal'] });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(socket.frames.some((f) => f.event === 'fleet.changed')).toBe(false);
    expect(await socket.closed()).toBe(4401);
  });

  it('closes the socket of a session signed out through the API', async () => {
    const { browser: leaving } = await member('10.7.0.4', 'signs-out@realtime.example', 'admin');
    const socket = await joined(leaving);
    expect((await leaving.post('/api/auth/logout', undefined)).statusCode).toBe(204);
    expect(await socket.closed()).toBe(4401);
  });

  it('asks again at a join: a session that ended elsewhere cannot start listening', async () => {
    const { browser: expiring, userId: expiringId } = await member(
      '10.7.0.5',
      'expires@realtime.example',
      'technician',
    );
    const { socket, opened } = await open(expiring);
    expect(opened).toBe(true);
    await sql`update session set "expiresAt" = now() - interval '1 second' where "userId" = ${expiringId}`.execute(
      t.testDb.database.db,
    );
    socket.send({ topic: orgTopic(ORG), event: 'phx_join', payload: {}, ref: 'join' });
    expect(await socket.closed()).toBe(4401);
    expect(socket.frames.some((f) => f.ref === 'join')).toBe(false);
  });

  it('closes a socket that never joined once its member is removed', async () => {
    const { browser: idle, userId: idleId } = await member(
      '10.7.0.6',
      'never-joined@realtime.example',
      'technician',
    );
    const { socket, opened } = await open(idle);
    expect(opened).toBe(true);
    const response = await ownerBrowser.request({
      method: 'DELETE',
      url: `/api/organization/members/${idleId}`,
    });
    expect(response.statusCode, response.body).toBe(204);
    expect(await socket.closed()).toBe(4401);
  });

  it("lets a socket from Fleetdeck's own page in", async () => {
    const { opened } = await open(ownerBrowser, PUBLIC_URL);
    expect(opened).toBe(true);
  });

  it('refuses a socket opened from a foreign page (Origin check on the cookie-authenticated upgrade)', async () => {
    const { opened } = await open(ownerBrowser, 'https://evil.example');
    expect(opened).toBe(false);
  });
});
