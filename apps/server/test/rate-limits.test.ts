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
});
