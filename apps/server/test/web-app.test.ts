import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';

describe('serving the built web app', () => {
  let t: TestApp;
  let dist: string;
  const bigAsset = `console.log(${JSON.stringify('fleet '.repeat(2000))});`;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'fleetdeck-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    mkdirSync(path.join(dist, 'builds', 'meta'), { recursive: true });
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Fleetdeck</title><div id="root"></div>',
    );
    writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js'), bigAsset);
    writeFileSync(path.join(dist, 'builds', 'latest.json'), '{"id":"b1","timestamp":1}');
    t = await createTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.rawPayload.length).toBeLessThan(bigAsset.length / 10);
  });

  it('never caches index.html and revalidates the build manifest', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/dashboard', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<div id="root">');
    const manifest = await t.app.inject({ method: 'GET', url: '/builds/latest.json' });
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toEqual({ id: 'b1', timestamp: 1 });
  });

  it('serves the app shell for every app route, with 404 for paths the app does not know', async () => {
    for (const url of [
      '/',
      '/login',
      '/debugPolicy',
      '/devices/fleetStatus',
      '/devices/chromebook/abc-123_X',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
    const unknown = await t.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<div id="root">');
    const badDevice = await t.app.inject({ method: 'GET', url: '/devices/chromebook/bad%20id' });
    expect(badDevice.statusCode).toBe(404);
  });

  it('serves the app shell, with its security headers, for a path whose percent-encoding does not decode', async () => {
    for (const url of ['/devices/chromebook/%%%', '/devices/chromebook/%FF', '/no/%zz/page?q=%']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(404);
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      expect(page.body, url).toContain('<div id="root">');
      expect(page.headers['content-security-policy'], url).toBeDefined();
      expect(page.headers['x-request-id'], url).toBeDefined();
    }
    // An API path keeps the API's JSON shape.
    const api = await t.app.inject({ method: 'GET', url: '/api/devices/%%%/timeline' });
    expect(api.headers['content-type']).toMatch(/^application\/json/);
    expect(api.json()).toMatchObject({ status: api.statusCode, requestId: expect.any(String) });
    expect(api.statusCode).toBeGreaterThanOrEqual(400);
    expect(api.statusCode).toBeLessThan(500);
  });

  it('applies route rules to direct loads, internal and external', async () => {
    const internal = await t.app.inject({ method: 'GET', url: '/devices?q=status:ACTIVE' });
    expect(internal.statusCode).toBe(302);
    expect(internal.headers.location).toBe('/devices/fleetStatus?q=status:ACTIVE');
    const external = await t.app.inject({ method: 'GET', url: '/help/chrome-enterprise' });
    expect(external.statusCode).toBe(302);
    expect(external.headers.location).toMatch(/^https:\/\/support\.google\.com\//);
    // Fleetdeck's own help is the app's page (the SPA answers it, with no redirect away).
    const help = await t.app.inject({ method: 'GET', url: '/help' });
    expect(help.statusCode).toBe(200);
    expect(help.headers['content-type']).toMatch(/^text\/html/);
  });

  it('still answers unknown API paths with JSON, not the app shell', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/devices-that-do-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found' });
  });
});
