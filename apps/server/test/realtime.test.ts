import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgTopic } from '@fleetdeck/shared/realtime-contract';
import { registerErrorHandling } from '../src/plugins/error-handler.ts';
import { createRealtimeHub, type RealtimeHub } from '../src/modules/realtime/realtime-hub.ts';
import { registerRealtime } from '../src/plugins/realtime.ts';
import { TestSocket } from './realtime-socket.ts';
import { backendName, createTestDatabase, type TestDatabase } from './test-database.ts';

describe(`realtime WebSocket (${backendName})`, () => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let hub: RealtimeHub;
  /** A second server process's hub: it hears the first through LISTEN/NOTIFY. */
  let otherHub: RealtimeHub;
  let url: string;
  const sockets: TestSocket[] = [];
  /** Organizations whose sockets' access has ended (what identity's recheck would answer). */
  const revoked = new Set<string>();
  const connect = async (org: string | undefined) => {
    const socket = new TestSocket(org ? `${url}?org=${org}` : url);
    sockets.push(socket);
    return { socket, opened: await socket.opened() };
  };

  beforeAll(async () => {
    testDb = await createTestDatabase();
    hub = await createRealtimeHub({ connectionString: testDb.url });
    otherHub = await createRealtimeHub({ connectionString: testDb.url });
    app = Fastify({ logger: false });
    registerErrorHandling(app);
    await registerRealtime(app, {
      hub: otherHub,
      // The organization comes from a query parameter here; identity supplies the real one.
      authorize: (request) => {
        const org = (request.query as { org?: string }).org;
        if (!org) return null;
        const access = { orgId: org, userId: 'user-1', wholeFleet: true };
        return { ...access, recheck: async () => (revoked.has(org) ? null : access) };
      },
      idleTimeoutMs: 1500,
      recheckEveryMs: 200,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/realtime`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await app.close();
    await otherHub.close();
    await hub.close();
    await testDb.cleanup();
  });

  it('refuses a socket nobody authorized', async () => {
    const { opened } = await connect(undefined);
    expect(opened).toBe(false);
  });

  it('joins its own organization, answers heartbeats and delivers broadcasts from any process', async () => {
    const { socket } = await connect('org-1');
    socket.send({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '1' });
    expect((await socket.next((f) => f.ref === '1')).payload).toEqual({ status: 'ok', response: {} });
    socket.send({ topic: orgTopic('org-1'), event: 'phx_join', payload: {}, ref: '2' });
    expect((await socket.next((f) => f.ref === '2')).payload).toEqual({ status: 'ok', response: {} });
    hub.publish('org-2', 'fleet.changed', { reason: 'sync' });
    hub.publish('org-1', 'fleet.changed', { reason: 'sync', runId: 'run-1' });
    const broadcast = await socket.next((f) => f.event === 'fleet.changed');
    expect(broadcast).toEqual({
      topic: 'org:org-1',
      event: 'fleet.changed',
      payload: { reason: 'sync', runId: 'run-1' },
      ref: null,
    });
    expect(socket.frames.filter((f) => f.event === 'fleet.changed')).toHaveLength(1);
  });

  it("refuses another organization's channel and stops delivering after leave", async () => {
    const { socket } = await connect('org-3');
    socket.send({ topic: orgTopic('org-1'), event: 'phx_join', payload: {}, ref: 'a' });
    expect((await socket.next((f) => f.ref === 'a')).payload).toEqual({
      status: 'error',
      response: { reason: 'unauthorized' },
    });
    socket.send({ topic: orgTopic('org-3'), event: 'phx_join', payload: {}, ref: 'b' });
    await socket.next((f) => f.ref === 'b');
    socket.send({ topic: orgTopic('org-3'), event: 'phx_leave', payload: {}, ref: 'c' });
    await socket.next((f) => f.event === 'phx_close' && f.ref === 'c');
    hub.publish('org-3', 'fleet.changed', { reason: 'action' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(socket.frames.some((f) => f.event === 'fleet.changed')).toBe(false);
  });

  it('closes a socket that stops sending heartbeats', async () => {
    const { socket } = await connect('org-4');
    expect(await socket.closed(5000)).toBe(4000);
  });
  it('asks again on its own clock: a socket that sends no heartbeat still loses ended access', async () => {
    const { socket } = await connect('org-5');
    socket.send({ topic: orgTopic('org-5'), event: 'phx_join', payload: {}, ref: 'j' });
    await socket.next((f) => f.ref === 'j');
    revoked.add('org-5');
    // Frames that are not heartbeats neither keep it open nor put off the question.
    socket.send({ topic: orgTopic('org-5'), event: 'phx_join', payload: {}, ref: 'again' });
    socket.ws.send('not a frame');
    expect(await socket.closed(2000)).toBe(4401);
    hub.publish('org-5', 'fleet.changed', { reason: 'action' });
    expect(socket.frames.some((f) => f.event === 'fleet.changed')).toBe(false);
  });

  it('only heartbeats keep a socket open: other frames do not', async () => {
    const { socket } = await connect('org-6');
    const chatter = setInterval(() => socket.ws.send('{"topic":"x","event":"y"}'), 200);
    try {
      expect(await socket.closed(4000)).toBe(4000);
    } finally {
      clearInterval(chatter);
    }
  });

  it('listens again after its connection is terminated, and tells open pages to refresh what they missed', async () => {
    const { socket } = await connect('org-9');
    const heartbeats = setInterval(
      () => socket.send({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: 'hb' }),
      300,
    );
    try {
      socket.send({ topic: orgTopic('org-9'), event: 'phx_join', payload: {}, ref: 'j9' });
      expect((await socket.next((f) => f.ref === 'j9')).payload).toEqual({ status: 'ok', response: {} });

      // Both processes' listeners are cut, as by a server restart or an operator.
      expect(await terminateListeners()).toBe(2);
      const refresh = await socket.next((f) => f.event === 'fleet.changed', 10_000);
      expect(refresh.payload).toEqual({ reason: 'sync' });

      await waitFor(async () => (await listeners()) === 2);
      hub.publish('org-9', 'fleet.changed', { reason: 'action', deviceIds: ['device-9'] });
      const live = await socket.next(
        (f) => f.event === 'fleet.changed' && (f.payload as { reason?: string }).reason === 'action',
      );
      expect(live.payload).toEqual({ reason: 'action', deviceIds: ['device-9'] });
    } finally {
      clearInterval(heartbeats);
    }
  });

  async function adminQuery(text: string): Promise<pg.QueryResult> {
    const client = new pg.Client({ connectionString: testDb.url });
    await client.connect();
    try {
      return await client.query(text);
    } finally {
      await client.end();
    }
  }

  async function terminateListeners(): Promise<number> {
    const result = await adminQuery(
      "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'fleetdeck-realtime' and datname = current_database()",
    );
    return result.rowCount ?? 0;
  }

  async function listeners(): Promise<number> {
    const result = await adminQuery(
      "select count(*)::int as n from pg_stat_activity where application_name = 'fleetdeck-realtime' and datname = current_database()",
    );
    return (result.rows[0] as { n: number }).n;
  }
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
