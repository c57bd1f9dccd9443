import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendName } from './test-database.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** The fleet API inside the real app: behind sign-in like every product route. */
describe(`fleet API in the app (${backendName})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it.each([
    ['GET', '/api/devices'],
    ['GET', '/api/devices/facets'],
    ['GET', '/api/devices/export.csv'],
    ['POST', '/api/devices/export.csv'],
    ['POST', '/api/devices/resolve'],
    ['GET', '/api/saved-views'],
    ['GET', '/api/org-units'],
  ] as const)('%s %s needs a signed-in member', async (method, url) => {
    const response = await t.app.inject({
      method,
      url,
      ...(method === 'POST' ? { payload: { text: 'x' } } : {}),
    });
    expect([401, 403]).toContain(response.statusCode);
    expect(response.json()).toMatchObject({ status: response.statusCode });
  });
});
