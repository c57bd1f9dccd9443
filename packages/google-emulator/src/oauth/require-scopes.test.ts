import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOAuthService, type OAuthService } from './oauth-service.ts';
import { ensureCustomer, requireScopes } from './require-scopes.ts';
import { SCOPES } from './scopes.ts';

const CUSTOMER = 'C01abcdef';
let app: FastifyInstance;
let oauth: OAuthService;

beforeAll(async () => {
  oauth = createOAuthService({
    issuer: () => 'http://emulator.test',
    domain: 'springfield.example',
    customerId: CUSTOMER,
  });
  app = Fastify();
  const read = requireScopes(oauth, [SCOPES.deviceChromeosReadonly, SCOPES.deviceChromeos]);
  app.get(
    '/admin/directory/v1/customer/:customerId/devices/chromeos',
    { preHandler: read },
    async (request, reply) => {
      const { customerId } = request.params as { customerId: string };
      if (!ensureCustomer(request, reply, customerId, CUSTOMER)) return reply;
      return { kind: 'admin#directory#chromeosdevices' };
    },
  );
  app.post('/devices', { preHandler: requireScopes(oauth, [SCOPES.deviceChromeos]) }, async () => ({}));
  app.post('/policies', { preHandler: requireScopes(oauth, ['chrome.management.policy']) }, async () => ({}));
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

const token = (email: string, scopes: string[]) => oauth.mintAccessToken({ email, scopes });
const list = (bearer?: string, customer = 'my_customer') =>
  app.inject({
    url: `/admin/directory/v1/customer/${customer}/devices/chromeos`,
    headers: bearer === undefined ? {} : { authorization: `Bearer ${bearer}` },
  });

describe('requireScopes', () => {
  it('answers 401 Login Required without a token and 401 authError for a bad one', async () => {
    const missing = await list();
    expect(missing.statusCode).toBe(401);
    expect(missing.json().error).toMatchObject({
      code: 401,
      status: 'UNAUTHENTICATED',
      errors: [{ reason: 'required' }],
    });
    expect(missing.headers['www-authenticate']).toBe('Bearer realm="http://emulator.test/"');
    const bad = await list('ya29.not-a-token');
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error.errors[0]).toEqual({
      message: 'Invalid Credentials',
      domain: 'global',
      reason: 'authError',
      location: 'Authorization',
      locationType: 'header',
    });
  });

  it('accepts any one of the listed scopes, readonly included', async () => {
    const readonly = await list(token('sysadmin@springfield.example', [SCOPES.deviceChromeosReadonly]));
    expect(readonly.statusCode).toBe(200);
    const full = await list(token('sysadmin@springfield.example', [SCOPES.deviceChromeos]));
    expect(full.statusCode).toBe(200);
  });

  it("answers Google's 403 insufficientPermissions with the scope in WWW-Authenticate", async () => {
    const response = await list(token('sysadmin@springfield.example', [SCOPES.policy]));
    expect(response.statusCode).toBe(403);
    const error = response.json().error;
    expect(error).toMatchObject({
      code: 403,
      message: 'Request had insufficient authentication scopes.',
      status: 'PERMISSION_DENIED',
    });
    expect(error.errors[0].reason).toBe('insufficientPermissions');
    expect(error.details[0]).toMatchObject({
      reason: 'ACCESS_TOKEN_SCOPE_INSUFFICIENT',
      metadata: { service: 'admin.googleapis.com' },
    });
    expect(String(response.headers['www-authenticate'])).toContain(
      `error="insufficient_scope", scope="${SCOPES.deviceChromeosReadonly} ${SCOPES.deviceChromeos}"`,
    );
  });

  it('refuses writes to read-only admins and every call to a non-admin', async () => {
    const viewer = await app.inject({
      method: 'POST',
      url: '/devices',
      headers: { authorization: `Bearer ${token('librarian@springfield.example', [SCOPES.deviceChromeos])}` },
    });
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json().error.errors[0].reason).toBe('forbidden');
    const teacher = await list(token('teacher@springfield.example', [SCOPES.deviceChromeosReadonly]));
    expect(teacher.statusCode).toBe(403);
    const techDevices = await app.inject({
      method: 'POST',
      url: '/devices',
      headers: { authorization: `Bearer ${token('tech@springfield.example', [SCOPES.deviceChromeos])}` },
    });
    expect(techDevices.statusCode).toBe(200);
    const techPolicy = await app.inject({
      method: 'POST',
      url: '/policies',
      headers: { authorization: `Bearer ${token('tech@springfield.example', [SCOPES.policy])}` },
    });
    expect(techPolicy.statusCode).toBe(403);
  });

  it("keeps a second customer's admin out of this customer", async () => {
    const other = oauth.admins().find((admin) => admin.customerId !== CUSTOMER);
    expect(other).toBeDefined();
    const bearer = token(other?.email ?? '', [SCOPES.deviceChromeosReadonly]);
    expect((await list(bearer, CUSTOMER)).statusCode).toBe(403);
    expect((await list(bearer, 'my_customer')).statusCode).toBe(403);
    const own = token('sysadmin@springfield.example', [SCOPES.deviceChromeosReadonly]);
    expect((await list(own, CUSTOMER.slice(1))).statusCode).toBe(200);
  });

  it('stops honouring tokens once expired or revoked', async () => {
    const email = 'it-director@springfield.example';
    const first = token(email, [SCOPES.deviceChromeosReadonly]);
    expect(oauth.expireAccessTokens(email)).toBeGreaterThanOrEqual(1);
    expect((await list(first)).statusCode).toBe(401);
    const second = token(email, [SCOPES.deviceChromeosReadonly]);
    expect(oauth.revokeGrant(email)).toBe(1);
    expect((await list(second)).statusCode).toBe(401);
  });
});
