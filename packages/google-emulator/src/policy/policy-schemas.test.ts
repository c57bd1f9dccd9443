import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { app, reader, setup, teardown, type SchemaList } from './policy-test-harness.ts';

beforeAll(setup);
afterAll(teardown);

describe('policySchemas', () => {
  const get = (path: string, token = reader) =>
    app.inject({ url: `/v1/customers/my_customer/${path}`, headers: { authorization: `Bearer ${token}` } });

  const names = (list: SchemaList) => list.policySchemas.map((schema) => schema.schemaName);
  const schemas = async (query: string) => (await get(`policySchemas?${query}`)).json<SchemaList>();

  it('lists every schema with filters and paging', async () => {
    const all = names(await schemas('pageSize=1000'));
    expect(all.length).toBeGreaterThanOrEqual(20);
    const devices = names(await schemas('filter=namespace%3Dchrome.devices'));
    expect(devices.length).toBeGreaterThan(5);
    expect(devices.every((name) => name.startsWith('chrome.devices.'))).toBe(true);
    const filter = encodeURIComponent('(name=Incognito OR name=Bluetooth) AND NOT namespace=chrome.devices');
    expect(names(await schemas(`filter=${filter}`))).toEqual(['chrome.users.IncognitoMode']);
    expect(names(await schemas('filter=additional_target_keys%3Aapp_id'))).toEqual([
      'chrome.users.apps.InstallType',
    ]);
    const first = await schemas('pageSize=5');
    expect(first.policySchemas).toHaveLength(5);
    const second = await schemas(`pageSize=5&pageToken=${first.nextPageToken ?? ''}`);
    expect(second.policySchemas[0]?.schemaName).toBe(all[5]);
    expect((await get('policySchemas?filter=bogus_field%3Dx')).statusCode).toBe(400);
  });

  it('gets one schema with its enum definition and value descriptions', async () => {
    const schema = (await get('policySchemas/chrome.users.IncognitoMode')).json<{
      name: string;
      definition: { enumType: Array<{ value: Array<{ name: string }> }> };
      fieldDescriptions: Array<{ knownValueDescriptions: unknown[] }>;
    }>();
    expect(schema.name).toBe('customers/my_customer/policySchemas/chrome.users.IncognitoMode');
    const enumValues = schema.definition.enumType[0]?.value.map((value) => value.name);
    expect(enumValues).toContain('INCOGNITO_MODE_AVAILABILITY_ENUM_UNAVAILABLE');
    expect(schema.fieldDescriptions[0]?.knownValueDescriptions).toContainEqual({
      value: 'INCOGNITO_MODE_AVAILABILITY_ENUM_FORCED',
      description: 'Force incognito mode: every window opens in incognito.',
    });
    const missing = await get('policySchemas/chrome.users.NoSuchPolicy');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.status).toBe('NOT_FOUND');
  });
});
