import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactedUrl } from '../src/plugins/request-log.ts';
import { Browser, PUBLIC_URL } from './identity-browser.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { backendName } from './test-database.ts';

describe(`the request log keeps no secret of the links Fleetdeck mails, on ${backendName}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL });
  });
  afterAll(async () => t.close());

  it('redacts the password-reset token in the path of the mailed link and in the page it opens', async () => {
    const email = 'reset-log@school.example';
    await new Browser(t.app, '10.0.7.1').signInWithEmailCode(email);
    const browser = new Browser(t.app, '10.0.7.2');
    const link = await browser.passwordResetLink(email);
    // The request the browser makes when the link is clicked: the token is a path segment.
    const token = link.pathname.split('/').at(-1) ?? '';
    expect(token.length).toBeGreaterThan(10);
    const requested = `${link.pathname}${link.search}`;
    expect(requested).toContain(token);
    expect(redactedUrl(requested)).not.toContain(token);
    expect(redactedUrl(requested)).toMatch(/^\/api\/identity\/reset-password\/\[redacted\]/);

    // It sends the browser on to the reset page with the token in the query; that request too.
    const opened = await browser.get(requested);
    expect(opened.statusCode).toBe(302);
    const landing = new URL(String(opened.headers.location));
    expect(landing.searchParams.get('token')).toBe(token);
    expect(redactedUrl(`${landing.pathname}${landing.search}`)).not.toContain(token);
  });
});
