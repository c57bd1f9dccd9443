import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GoogleInvalidInputError } from '@fleetdeck/google/errors';
import type { PolicySchema } from '@fleetdeck/google/policy/policy-schema.schema';
import type { ResolvedPolicy } from '@fleetdeck/google/policy/policy.schema';
import { diffPolicies } from '../src/modules/policy/policy-diff.ts';
import { presentNamespace } from '../src/modules/policy/policy-presenter.ts';
import { createPolicySource, type PolicyApi } from '../src/modules/policy/policy-source.ts';
import { formatDuration, formatValue } from '../src/modules/policy/policy-values.ts';
import { backendName, createTestDatabase, type TestDatabase } from './test-database.ts';

/** Values in words, presentation and the source's limits, without Google on the other end. */

const REBOOT_SCHEMA: PolicySchema = {
  schemaName: 'chrome.devices.DeviceScheduledReboot',
  policyDescription: 'Reboot devices on a schedule.',
  categoryTitle: 'Device update settings',
  definition: {
    messageType: [
      {
        name: 'DeviceScheduledReboot',
        field: [
          {
            name: 'device_scheduled_reboot_enabled',
            jsonName: 'deviceScheduledRebootEnabled',
            type: 'TYPE_BOOL',
          },
          {
            name: 'reboot_delay',
            jsonName: 'rebootDelay',
            type: 'TYPE_MESSAGE',
            typeName: '.google.protobuf.Duration',
          },
          { name: 'frequency', jsonName: 'frequency', type: 'TYPE_ENUM' },
          { name: 'time_of_day', jsonName: 'timeOfDay', type: 'TYPE_MESSAGE' },
        ],
      },
    ],
  },
  fieldDescriptions: [
    { field: 'deviceScheduledRebootEnabled', description: 'Scheduled reboot.', defaultValue: false },
    { field: 'rebootDelay', description: 'Delay before the reboot.' },
    {
      field: 'frequency',
      description: 'How often to reboot.',
      defaultValue: 'FREQUENCY_ENUM_WEEKLY',
      knownValueDescriptions: [
        { value: 'FREQUENCY_ENUM_DAILY', description: 'Every day.' },
        { value: 'FREQUENCY_ENUM_WEEKLY', description: 'Every week.' },
      ],
    },
    { field: 'timeOfDay', description: 'Time of day.' },
  ],
};

describe('policy values in words', () => {
  it('formats enums, booleans, lists, durations and times of day', () => {
    const frequency = REBOOT_SCHEMA.fieldDescriptions?.[2];
    expect(formatValue('FREQUENCY_ENUM_DAILY', frequency)).toBe('Every day');
    expect(formatValue('SOME_SETTING_ENUM_NEVER_ALLOW', undefined)).toBe('Never allow');
    expect(formatValue(true, undefined)).toBe('On');
    expect(formatValue(false, undefined)).toBe('Off');
    expect(formatValue([], undefined)).toBe('None');
    expect(formatValue(['a', 'b'], undefined)).toBe('a, b');
    expect(
      formatValue(
        Array.from({ length: 30 }, (_, i) => String(i)),
        undefined,
      ),
    ).toMatch(/and 5 more$/);
    expect(formatValue('5400s', undefined)).toBe('1 hour 30 minutes');
    expect(formatValue({ timeOfDay: { hours: 3, minutes: 5 } }, undefined)).toBe('03:05');
    expect(formatValue({ value: 'America/Chicago' }, undefined)).toBe('America/Chicago');
    expect(formatDuration(0.25)).toBe('250 ms');
    expect(formatDuration(86_400 * 2 + 60)).toBe('2 days 1 minute');
  });

  it('shows defaults for unset fields and says which OU set each value', () => {
    const resolved: ResolvedPolicy[] = [
      {
        targetKey: { targetResource: 'orgunits/grade' },
        sourceKey: { targetResource: 'orgunits/school' },
        value: {
          policySchema: 'chrome.devices.DeviceScheduledReboot',
          value: { deviceScheduledRebootEnabled: true, rebootDelay: '120s' },
        },
      },
    ];
    const paths = new Map([
      ['school', '/North'],
      ['grade', '/North/Grade 5'],
    ]);
    const [row] = presentNamespace(
      { namespace: 'chrome.devices', schemas: [REBOOT_SCHEMA], resolved },
      'id:grade',
      paths,
    );
    expect(row).toMatchObject({
      status: 'inherited',
      source: { orgUnitId: 'school', orgUnitPath: '/North' },
      title: 'Device scheduled reboot',
    });
    expect(row?.fields.map((field) => [field.label, field.display, field.isDefault])).toEqual([
      ['Scheduled reboot', 'On', false],
      ['Delay before the reboot', '2 minutes', false],
      ['How often to reboot', 'Every week', true],
      ['Time of day', 'Google default', true],
    ]);
    const unset = presentNamespace(
      { namespace: 'chrome.devices', schemas: [REBOOT_SCHEMA], resolved: [] },
      'id:grade',
      paths,
    );
    expect(unset[0]).toMatchObject({ status: 'default', source: null });
    // Same value, different source: no difference.
    const here = presentNamespace(
      {
        namespace: 'chrome.devices',
        schemas: [REBOOT_SCHEMA],
        resolved: [{ ...resolved[0], sourceKey: { targetResource: 'orgunits/grade' } }],
      },
      'id:grade',
      paths,
    );
    expect(here[0]?.status).toBe('set_here');
    expect(diffPolicies(here, [row!])[0]).toMatchObject({ differs: false, changedFields: [] });
    expect(diffPolicies(unset, [row!])[0]).toMatchObject({
      differs: true,
      changedFields: ['deviceScheduledRebootEnabled', 'rebootDelay'],
    });
  });
});

describe(`policy source limits (${backendName})`, () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(async () => {
    await testDb.cleanup();
  });

  /** A stand-in Chrome Policy client that counts calls and how many run at once. */
  function countingApi(options: { refuseApps?: boolean; delayMs?: number } = {}) {
    const stats = { resolves: 0, schemaLists: 0, running: 0, peak: 0 };
    const track = async <T>(work: () => T): Promise<T> => {
      stats.running += 1;
      stats.peak = Math.max(stats.peak, stats.running);
      await new Promise((resolve) => setTimeout(resolve, options.delayMs ?? 5));
      stats.running -= 1;
      return work();
    };
    const resolvedOne: ResolvedPolicy = {
      targetKey: { targetResource: 'orgunits/ou1' },
      sourceKey: { targetResource: 'orgunits/ou1' },
      value: { policySchema: 'chrome.devices.GuestMode', value: { guestModeEnabled: false } },
    };
    const api: PolicyApi = {
      async *iterateResolvedPolicies(query) {
        stats.resolves += 1;
        yield await track(() => {
          if (options.refuseApps && query.policySchemaFilter.startsWith('chrome.users.apps'))
            throw new GoogleInvalidInputError({ status: 400, message: 'app_id is required' });
          return resolvedOne;
        });
      },
      async *iteratePolicySchemas() {
        stats.schemaLists += 1;
        yield await track(() => ({ schemaName: 'chrome.devices.GuestMode' }) satisfies PolicySchema);
      },
    };
    return { api, stats };
  }

  it('runs at most two Google calls per organization at once and shares identical reads', async () => {
    const { api, stats } = countingApi({ delayMs: 20 });
    const source = createPolicySource({ db: testDb.database.db });
    const request = { orgId: 'org-limits', orgUnitId: 'ou1', refresh: false, api: () => api };
    await Promise.all([
      source.load(request),
      source.load(request),
      source.load({ ...request, orgUnitId: 'ou2' }),
    ]);
    expect(stats.peak).toBeLessThanOrEqual(2);
    // Three namespaces × two OUs resolved once each; schemas once per namespace.
    expect(stats.resolves).toBe(6);
    expect(stats.schemaLists).toBe(3);
  });

  it('serves the cache to a Refresh pressed again within seconds', async () => {
    const { api, stats } = countingApi();
    const source = createPolicySource({ db: testDb.database.db, minRefreshMs: 60_000 });
    const request = { orgId: 'org-refresh', orgUnitId: 'ou1', refresh: true, api: () => api };
    await source.load(request);
    const again = await source.load(request);
    expect(stats.resolves).toBe(3);
    expect(again.every((load) => load.fromCache)).toBe(true);
  });

  it('leaves out the apps namespace when Google refuses it, and keeps the rest', async () => {
    const { api } = countingApi({ refuseApps: true });
    const source = createPolicySource({ db: testDb.database.db });
    const loads = await source.load({ orgId: 'org-apps', orgUnitId: 'ou1', refresh: false, api: () => api });
    expect(loads.map((load) => [load.namespace, load.skipped])).toEqual([
      ['chrome.users', false],
      ['chrome.devices', false],
      ['chrome.users.apps', true],
    ]);
  });
});
