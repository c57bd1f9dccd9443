import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@fleetdeck/shared/api-error';
import { backendName } from './test-database.ts';
import { createTestApp, type TestApp } from './test-app.ts';

describe(`HTTP basics on ${backendName}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    t.app.get('/api/test-failure', async () => {
      throw new Error('connection string postgres://secret@db leaked');
    });
  });
  afterAll(async () => t.close());

  it('answers /healthz and /readyz', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready' });
  });

  it('gives unknown API paths a JSON 404 in the one error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const body = apiErrorSchema.parse(res.json());
    expect(body).toMatchObject({ error: 'not_found', status: 404 });
    expect(body.message).toContain('/api/nope');
    expect(body.requestId).toBe(res.headers['x-request-id']);
  });

  it('rejects a malformed JSON body with a clear 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client-errors',
      headers: { 'content-type': 'application/json' },
      payload: '{"message": "oops",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_json', status: 400 });
    expect(res.json<{ message: string }>().message).toMatch(/not valid JSON/);
  });

  it('rejects a 2 MB body with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client-errors',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ message: 'x'.repeat(2 * 1024 * 1024), path: '/' }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: 'payload_too_large', status: 413 });
  });

  it('names the bad field when a body fails validation', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/client-errors', payload: { message: 'x' } });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ error: string; message: string; details: { issues: { path: string }[] } }>();
    expect(body.error).toBe('invalid_request');
    expect(body.details.issues.map((i) => i.path)).toContain('/path');
  });

  it('accepts a bounded client error report', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client-errors',
      payload: { message: 'Render failed', path: '/dashboard', userAgent: 'Googlebot/2.1' },
    });
    expect(res.statusCode).toBe(202);
  });

  it('hides 5xx details and hands back a request id to quote', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/test-failure',
      headers: { 'x-request-id': '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d' },
    });
    expect(res.statusCode).toBe(500);
    const body = apiErrorSchema.parse(res.json());
    expect(body.error).toBe('internal_error');
    expect(body.message).not.toContain('postgres://');
    expect(body.message).toContain('0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d');
    expect(res.headers['x-request-id']).toBe('0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d');
  });

  it('replaces a client request id not in the server own form (long, markup, another format)', async () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    for (const sent of ['x'.repeat(12_000), '<script>alert(1)</script>', 'req-12345678']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/test-failure',
        headers: { 'x-request-id': sent },
      });
      const id = String(res.headers['x-request-id']);
      expect(id).toMatch(uuid);
      expect(apiErrorSchema.parse(res.json()).requestId).toBe(id);
    }
  });

  it('sends security headers with a strict script policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe(`rate limits on ${backendName}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '3' });
  });
  afterAll(async () => t.close());

  it('answers 429 with the error shape once the API limit is spent, but never limits health probes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push((await t.app.inject({ method: 'GET', url: '/api/nope' })).statusCode);
    expect(statuses).toEqual([404, 404, 404, 429]);
    const limited = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(limited.json()).toMatchObject({ error: 'rate_limited', status: 429 });
    expect(limited.json<{ message: string }>().message).toMatch(/Too many requests/);
    for (let i = 0; i < 5; i += 1) {
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    }
  });
});

describe(`readiness without a database on ${backendName}`, () => {
  it('answers 503 from /readyz while /healthz stays up', async () => {
    const t = await createTestApp();
    try {
      await t.testDb.database.close();
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ error: 'not_ready', status: 503 });
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
