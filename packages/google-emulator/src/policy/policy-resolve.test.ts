import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '../oauth/scopes.ts';
import { SEEDED_APPS } from './policy-seed.ts';
import {
  bySchema,
  CUSTOMER,
  GRADE3,
  GRADE4,
  LINCOLN,
  oauth,
  post,
  reader,
  resolve,
  ROOT,
  setup,
  teardown,
} from './policy-test-harness.ts';

beforeAll(setup);
afterAll(teardown);

describe('policies:resolve', () => {
  it('walks up the OU tree and names the OU that set each value', async () => {
    const { resolvedPolicies } = await resolve('chrome.devices.*', GRADE4);
    const returnMessage = bySchema(resolvedPolicies, 'chrome.devices.DisabledDeviceReturnInstructions');
    expect(returnMessage?.targetKey).toEqual({ targetResource: GRADE4 });
    expect(returnMessage?.sourceKey).toEqual({ targetResource: LINCOLN });
    expect(returnMessage?.value.value.deviceDisabledMessage).toContain('Lincoln Elementary');
    expect(bySchema(resolvedPolicies, 'chrome.devices.GuestMode')?.sourceKey).toEqual({
      targetResource: ROOT,
    });
    const direct = await resolve('chrome.users.SafeBrowsingProtectionLevel', GRADE3);
    expect(direct.resolvedPolicies?.[0]?.sourceKey).toEqual({ targetResource: GRADE3 });
  });

  it('resolves apps per app_id with the OU where each was added', async () => {
    const { resolvedPolicies = [] } = await resolve('chrome.users.apps.*', GRADE4);
    const apps = Object.fromEntries(
      resolvedPolicies.map((policy) => [policy.targetKey.additionalTargetKeys?.['app_id'], policy]),
    );
    expect(apps[SEEDED_APPS.docsOffline]?.addedSourceKey?.targetResource).toBe(ROOT);
    expect(apps[SEEDED_APPS.readAndWrite]?.sourceKey.targetResource).toBe(LINCOLN);
    const one = await resolve('chrome.users.apps.*', GRADE4, {
      policyTargetKey: { targetResource: GRADE4, additionalTargetKeys: { app_id: SEEDED_APPS.docsOffline } },
    });
    expect(one.resolvedPolicies).toHaveLength(1);
  });

  it('pages in the body with tokens bound to the query', async () => {
    const all = (await resolve('chrome.devices.*', GRADE4)).resolvedPolicies ?? [];
    expect(all.length).toBeGreaterThan(4);
    const collected: unknown[] = [];
    let pageToken: string | undefined;
    do {
      const page = await resolve('chrome.devices.*', GRADE4, {
        pageSize: 2,
        ...(pageToken === undefined ? {} : { pageToken }),
      });
      expect((page.resolvedPolicies ?? []).length).toBeLessThanOrEqual(2);
      collected.push(...(page.resolvedPolicies ?? []));
      pageToken = page.nextPageToken;
    } while (pageToken !== undefined);
    expect(collected).toEqual(all);
    const first = await resolve('chrome.devices.*', GRADE4, { pageSize: 2 });
    const foreign = await post('policies:resolve', {
      policySchemaFilter: 'chrome.users.*',
      policyTargetKey: { targetResource: GRADE4 },
      pageToken: first.nextPageToken,
    });
    expect(foreign.statusCode).toBe(400);
  });

  it('refuses bad filters, targets and page sizes with INVALID_ARGUMENT', async () => {
    for (const filter of ['*', 'chrome.*', '*.users', 'chrome.*.apps.*', 'chrome.users.NoSuchPolicy']) {
      const response = await post('policies:resolve', {
        policySchemaFilter: filter,
        policyTargetKey: { targetResource: ROOT },
      });
      expect(response.statusCode, filter).toBe(400);
      expect(response.json().error.status).toBe('INVALID_ARGUMENT');
    }
    expect((await post('policies:resolve', { policySchemaFilter: 'chrome.users.*' })).statusCode).toBe(400);
    expect(
      (
        await post('policies:resolve', {
          policySchemaFilter: 'chrome.users.*',
          policyTargetKey: { targetResource: 'orgunits/nope' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await post('policies:resolve', {
          policySchemaFilter: 'chrome.users.*',
          policyTargetKey: { targetResource: ROOT },
          pageSize: 1001,
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('authorization', () => {
  it('lets readonly tokens read but not write, and keeps other customers out', async () => {
    const read = await post(
      'policies:resolve',
      { policySchemaFilter: 'chrome.users.*', policyTargetKey: { targetResource: ROOT } },
      reader,
    );
    expect(read.statusCode).toBe(200);
    const write = await post(
      'policies/orgunits:batchInherit',
      {
        requests: [
          { policyTargetKey: { targetResource: GRADE4 }, policySchema: 'chrome.users.IncognitoMode' },
        ],
      },
      reader,
    );
    expect(write.statusCode).toBe(403);
    expect(write.json().error.details[0].reason).toBe('ACCESS_TOKEN_SCOPE_INSUFFICIENT');
    const other = oauth.admins().find((admin) => admin.customerId !== CUSTOMER)?.email ?? '';
    const outsider = oauth.mintAccessToken({ email: other, scopes: [SCOPES.policyReadonly] });
    const denied = await post(
      'policies:resolve',
      { policySchemaFilter: 'chrome.users.*', policyTargetKey: { targetResource: ROOT } },
      outsider,
    );
    expect(denied.statusCode).toBe(403);
  });
});
