import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, PUBLIC_URL } from './identity-browser.ts';
import { backendName } from './test-database.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** The API rate limit (security.ts) holds for every way of reaching an /api route. */
describe(`API rate limits cannot be sidestepped (${backendName})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '3', PUBLIC_URL });
  });
  afterAll(async () => t.close());

  it('limits a signed-in client that percent-encodes a letter of /api/ (the route still answers)', async () => {
    const browser = new Browser(t.app, '10.8.0.1');
    await browser.signInWithEmailCode('encoder@limits.example');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await browser.get('/%61pi/auth/me')).statusCode);
    // /%61pi/auth/me is routed to /api/auth/me (200) but the allowList sees a URL not starting with /api/.
    expect(statuses).toContain(429);
  });

  it('limits unauthenticated calls to product routes too (each one costs a session lookup)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await t.app.inject({ method: 'GET', url: '/api/devices', remoteAddress: '10.8.0.2' });
      statuses.push(response.statusCode);
    }
    expect(statuses).toContain(429);
  });
  it('keeps a route to its own tighter limit (client error reports: 30 a minute, whatever the API limit)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/client-errors',
        remoteAddress: '10.8.0.3',
        payload: { message: `render failed ${i}`, path: '/dashboard' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 202)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('names the window in its message and the time left as the wait, not as the window', async () => {
    const at = { method: 'GET' as const, url: '/api/devices', remoteAddress: '10.8.0.5' };
    await t.app.inject(at);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    let limited: { statusCode: number; json: () => unknown } | undefined;
    for (let i = 0; i < 4 && limited?.statusCode !== 429; i++) limited = await t.app.inject(at);
    expect(limited?.statusCode).toBe(429);
    const { message } = limited?.json() as { message: string };
    expect(message).toMatch(
      /^Too many requests: the limit is 3 per minute\. Wait (5\d|60) s and try again\.$/,
    );
  });

  it('limits paths no route answers, as scanners probe them, but never health probes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (await t.app.inject({ method: 'GET', url: `/wp-admin/${i}.php`, remoteAddress: '10.8.0.4' }))
          .statusCode,
      );
    }
    expect(statuses).toContain(429);
    const health = await t.app.inject({ method: 'GET', url: '/healthz', remoteAddress: '10.8.0.4' });
    expect(health.statusCode).toBe(200);
  });
});
