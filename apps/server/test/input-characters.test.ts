import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, PUBLIC_URL } from './identity-browser.ts';
import { backendName } from './test-database.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * A NUL byte, any other control character or a lone surrogate in a query, a search or a form field
 * answers 400 naming the field, before any handler (and so before Google) runs; so does a body
 * nested deeper than any request needs, on product and identity routes alike. Real app.
 */
describe(`control characters, lone surrogates and deep nesting answer 400 (${backendName})`, () => {
  let t: TestApp;
  let owner: Browser;
  const ORG = 'org-input-characters';

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL });
    owner = new Browser(t.app, '10.9.1.1');
    const userId = await owner.signInWithEmailCode('owner@characters.example');
    const db = t.testDb.database.db;
    await sql`insert into org (id, name, google_customer_id, onboarding_completed_at)
      values (${ORG}, 'Characters district', 'C-chars', now())`.execute(db);
    await sql`insert into org_member (org_id, user_id, role) values (${ORG}, ${userId}, 'owner')`.execute(db);
  });
  afterAll(async () => t.close());

  const refused = (
    response: { statusCode: number; body: string; json: () => unknown },
    field: string,
    code = 'U+0000',
  ) => {
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json() as { error: string; message: string; details: { field: string } };
    expect(body.error).toBe('invalid_characters');
    expect(body.details.field).toBe(field);
    expect(body.message).toContain(`"${field}"`);
    expect(body.message).toContain(code);
  };

  it('the fleet list, facets and CSV export refuse q=%00%01', async () => {
    refused(await owner.get('/api/devices?q=%00%01'), 'q');
    refused(await owner.get('/api/devices/facets?q=lab%01'), 'q', 'U+0001');
    const csv = await owner.get('/api/devices/export.csv?q=a%00b');
    refused(csv, 'q');
    expect(csv.headers['content-type']).toContain('application/json');
  });

  it('paste resolution, saved views, bulk previews and the policy lookup refuse NUL', async () => {
    refused(await owner.post('/api/devices/resolve', { text: 'SERIAL1\nSER\u0000IAL2' }), 'text');
    refused(
      await owner.post('/api/saved-views', {
        name: 'Lab',
        state: { q: 'x\u0000', sort: 'serial', dir: 'asc', columns: [] },
      }),
      'state.q',
    );
    refused(
      await owner.post('/api/bulk-actions/preview', {
        target: { query: '\u0000' },
        action: { kind: 'move' },
      }),
      'target.query',
    );
    refused(await owner.get('/api/policy/device-lookup?q=%00'), 'q');
  });

  it('operator values named like Object properties answer 400 with their position', async () => {
    for (const url of [
      '/api/devices?q=battery%3Aconstructor',
      '/api/devices/facets?q=sku%3A__proto__',
      '/api/devices/export.csv?q=battery%3Aconstructor',
    ]) {
      const response = await owner.get(url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
      expect(response.body, url).toMatch(/at position [48]\b/);
    }
  });

  it('invitation unit scopes refuse NUL', async () => {
    refused(
      await owner.post('/api/organization/invitations', {
        email: 'new@characters.example',
        role: 'viewer',
        ouScope: ['/Lab\u0000'],
      }),
      'ouScope.0',
    );
  });

  it('a device note with NUL or a lone surrogate is refused before Google is called', async () => {
    const nul = await owner.request({
      method: 'PATCH',
      url: '/api/devices/dev-1',
      payload: { notes: 'a\u0000b' },
    });
    refused(nul, 'notes');
    expect(nul.json<{ message: string }>().message).toContain('position 1');
    const lone = await owner.request({
      method: 'PATCH',
      url: '/api/devices/dev-1',
      headers: { 'content-type': 'application/json' },
      payload: '{"notes":"cart 7 \\ud800"}',
    });
    refused(lone, 'notes', 'U+D800');
  });

  it('keeps line breaks in a multi-line field and reaches validation as before', async () => {
    const response = await owner.post('/api/devices/resolve', { text: 'NO-SUCH-1\r\nNO-SUCH-2\tx' });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('a deeply nested body answers 400 on identity and product routes', async () => {
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const identity = await new Browser(t.app, '10.9.1.2').request({
      method: 'POST',
      url: '/api/identity/sign-in/email',
      headers: { 'content-type': 'application/json' },
      payload: `{"email":${deep},"password":"x"}`,
    });
    expect(identity.statusCode, identity.body).toBe(400);
    expect(identity.body).toContain('nested');
    const product = await owner.request({
      method: 'POST',
      url: '/api/devices/resolve',
      headers: { 'content-type': 'application/json' },
      payload: `{"text":${deep}}`,
    });
    expect(product.statusCode, product.body).toBe(400);
    expect(product.body).toContain('nested');
  });

  it('identity routes refuse NUL in a JSON or form field', async () => {
    const browser = new Browser(t.app, '10.9.1.3');
    refused(
      await browser.post('/api/identity/sign-in/email', { email: 'a\u0000@x.example', password: 'x' }),
      'email',
    );
    const form = await browser.request({
      method: 'POST',
      url: '/api/identity/email-otp/send-verification-otp',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%00%40x.example&type=sign-in',
    });
    refused(form, 'email');
  });
});
