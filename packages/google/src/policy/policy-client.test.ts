import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { bodyOf, createFakeFetch, createTestClient, emptyOk, json } from '../../test/fake-fetch.ts';
import { GoogleInvalidInputError } from '../errors.ts';
import { orgUnitTargetResource } from '../google-ids.ts';

const BASE = '/v1/customers/my_customer';

const resolved = {
  targetKey: { targetResource: 'orgunits/03ph8a2z1abcde' },
  value: {
    policySchema: 'chrome.users.IncognitoMode',
    value: { incognitoModeAvailability: 'INCOGNITO_MODE_AVAILABILITY_ENUM_UNAVAILABLE' },
  },
  sourceKey: { targetResource: 'orgunits/03ph8a2z0root' },
};

describe('ChromePolicyClient resolve', () => {
  it('pages in the POST body, not the query', async () => {
    const fake = createFakeFetch(
      json(200, { resolvedPolicies: [resolved], nextPageToken: 'r2' }),
      json(200, {}),
    );
    const { client } = createTestClient(fake);
    const target = { targetResource: orgUnitTargetResource('id:03ph8a2z1abcde') };
    const policies = [];
    for await (const policy of client.policy.iterateResolvedPolicies({
      policySchemaFilter: 'chrome.users.*',
      policyTargetKey: target,
      pageSize: 500,
    })) {
      policies.push(policy);
    }
    expect(policies).toEqual([resolved]);
    expect(fake.requests[0]?.method).toBe('POST');
    expect(fake.requests[0]?.url.origin).toBe('https://cp.test');
    expect(fake.requests[0]?.url.pathname).toBe(`${BASE}/policies:resolve`);
    expect(fake.requests[0]?.url.search).toBe('');
    expect(bodyOf(fake.requests[0])).toEqual({
      policySchemaFilter: 'chrome.users.*',
      policyTargetKey: { targetResource: 'orgunits/03ph8a2z1abcde' },
      pageSize: 500,
    });
    expect(bodyOf(fake.requests[1])).toMatchObject({ pageToken: 'r2' });
  });

  it('rejects wildcards Google rejects', async () => {
    const fake = createFakeFetch(json(200, {}));
    const { client } = createTestClient(fake);
    for (const filter of ['*', 'chrome.*.apps.*', '*.users']) {
      await expect(
        client.policy.resolvePolicies({
          policySchemaFilter: filter,
          policyTargetKey: { targetResource: 'orgunits/1' },
        }),
      ).rejects.toBeInstanceOf(ZodError);
    }
    expect(fake.calls).not.toHaveBeenCalled();
  });

  it('treats an empty resolve answer as no policies', async () => {
    const { client } = createTestClient(createFakeFetch(json(200, {})));
    const page = await client.policy.resolvePolicies({
      policySchemaFilter: 'chrome.printers.*',
      policyTargetKey: { targetResource: 'orgunits/1' },
    });
    expect(page.resolvedPolicies ?? []).toEqual([]);
  });
});

describe('ChromePolicyClient schemas', () => {
  const schema = {
    name: 'customers/C03puekhd/policySchemas/chrome.users.IncognitoMode',
    schemaName: 'chrome.users.IncognitoMode',
    policyDescription: 'Incognito mode.',
    additionalTargetKeyNames: [],
    definition: {
      messageType: [
        {
          name: 'IncognitoMode',
          field: [
            {
              name: 'incognitoModeAvailability',
              number: 1,
              label: 'LABEL_OPTIONAL',
              type: 'TYPE_ENUM',
              typeName: 'IncognitoModeAvailabilityEnum',
            },
          ],
          nestedType: [{ name: 'Inner', field: [] }],
        },
      ],
      enumType: [
        {
          name: 'IncognitoModeAvailabilityEnum',
          value: [{ name: 'INCOGNITO_MODE_AVAILABILITY_ENUM_AVAILABLE', number: 1 }],
        },
      ],
    },
    fieldDescriptions: [
      {
        field: 'incognitoModeAvailability',
        knownValueDescriptions: [
          { value: 'INCOGNITO_MODE_AVAILABILITY_ENUM_AVAILABLE', description: 'Allow' },
        ],
        nestedFieldDescriptions: [{ field: 'x' }],
      },
    ],
    policyApiLifecycle: {
      policyApiLifecycleStage: 'API_CURRENT',
      endSupport: { year: 2030, month: 1, day: 1 },
    },
    supportedPlatforms: ['CHROME_OS'],
    validTargetResources: ['ORG_UNIT', 'GROUP'],
  };

  it('lists schemas with filter and paging', async () => {
    const fake = createFakeFetch(
      json(200, { policySchemas: [schema], nextPageToken: 's2' }),
      json(200, { policySchemas: [] }),
    );
    const { client } = createTestClient(fake);
    const names = [];
    for await (const item of client.policy.iteratePolicySchemas({
      filter: 'namespace=chrome.users',
      pageSize: 1000,
    }))
      names.push(item.schemaName);
    expect(names).toEqual(['chrome.users.IncognitoMode']);
    expect(fake.requests[0]?.url.pathname).toBe(`${BASE}/policySchemas`);
    expect(fake.requests[0]?.url.searchParams.get('filter')).toBe('namespace=chrome.users');
    expect(fake.requests[0]?.url.searchParams.get('pageSize')).toBe('1000');
    expect(fake.requests[1]?.url.searchParams.get('pageToken')).toBe('s2');
  });

  it('gets one schema, including its recursive definition', async () => {
    const fake = createFakeFetch(json(200, schema));
    const { client } = createTestClient(fake);
    const result = await client.policy.getPolicySchema('chrome.users.IncognitoMode');
    expect(result.definition?.messageType?.[0]?.nestedType?.[0]?.name).toBe('Inner');
    expect(result.fieldDescriptions?.[0]?.nestedFieldDescriptions?.[0]?.field).toBe('x');
    expect(fake.requests[0]?.url.pathname).toBe(`${BASE}/policySchemas/chrome.users.IncognitoMode`);
    await expect(client.policy.getPolicySchema('../../x')).rejects.toBeInstanceOf(ZodError);
  });
});

describe('ChromePolicyClient OU writes', () => {
  it('sends batchModify with updateMask', async () => {
    const fake = createFakeFetch(json(200, {}));
    const { client } = createTestClient(fake);
    const request = {
      policyTargetKey: { targetResource: 'orgunits/03ph8a2z1abcde' },
      policyValue: {
        policySchema: 'chrome.users.IncognitoMode',
        value: { incognitoModeAvailability: 'INCOGNITO_MODE_AVAILABILITY_ENUM_UNAVAILABLE' },
      },
      updateMask: 'incognitoModeAvailability',
    };
    await client.policy.batchModifyOrgUnitPolicies([request]);
    expect(fake.requests[0]?.url.pathname).toBe(`${BASE}/policies/orgunits:batchModify`);
    expect(bodyOf(fake.requests[0])).toEqual({ requests: [request] });
    await expect(
      client.policy.batchModifyOrgUnitPolicies([{ ...request, updateMask: '' }]),
    ).rejects.toBeInstanceOf(ZodError);
  });

  it('sends batchInherit and accepts an empty body', async () => {
    const fake = createFakeFetch(emptyOk);
    const { client } = createTestClient(fake);
    const request = {
      policyTargetKey: { targetResource: 'orgunits/03ph8a2z1abcde' },
      policySchema: 'chrome.users.IncognitoMode',
    };
    await expect(client.policy.batchInheritOrgUnitPolicies([request])).resolves.toBeUndefined();
    expect(fake.requests[0]?.url.pathname).toBe(`${BASE}/policies/orgunits:batchInherit`);
    expect(bodyOf(fake.requests[0])).toEqual({ requests: [request] });
  });

  it('surfaces policy modification errors as field violations', async () => {
    const fake = createFakeFetch(
      json(400, {
        error: {
          code: 400,
          message: 'Invalid value.',
          status: 'INVALID_ARGUMENT',
          details: [
            {
              '@type': 'type.googleapis.com/google.chrome.policy.v1.PolicyModificationErrorDetails',
              modificationErrors: [
                {
                  policySchema: 'chrome.users.IncognitoMode',
                  fieldErrors: [{ field: 'incognitoModeAvailability', error: 'Invalid enum value' }],
                },
              ],
            },
          ],
        },
      }),
    );
    const { client } = createTestClient(fake);
    const error = await client.policy
      .batchModifyOrgUnitPolicies([
        {
          policyTargetKey: { targetResource: 'orgunits/1' },
          policyValue: {
            policySchema: 'chrome.users.IncognitoMode',
            value: { incognitoModeAvailability: 'NOPE' },
          },
          updateMask: 'incognitoModeAvailability',
        },
      ])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GoogleInvalidInputError);
    expect((error as GoogleInvalidInputError).field).toBe(
      'chrome.users.IncognitoMode.incognitoModeAvailability',
    );
    expect(fake.calls).toHaveBeenCalledTimes(1);
  });
});
