import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ComparePoliciesResponse,
  DeviceLookupResponse,
  EffectivePoliciesResponse,
  EffectivePolicy,
  MovePreviewResponse,
  PolicyOrgUnit,
  PolicyOrgUnitsResponse,
} from '@fleetdeck/shared/policy-contract';
import { startPolicyApp, type PolicyHarness } from './policy-harness.ts';
import { startSyncEmulator, syncOnce, type SyncEmulator } from './sync-harness.ts';
import { backendName, createTestDatabase, type TestDatabase } from './test-database.ts';

/**
 * The policy debugger API against the emulator's seeded policies (root → schools → grades) and a
 * synced copy of the OU tree and devices.
 */

const ORG = 'org-policy';
const depth = (unit: PolicyOrgUnit) => (unit.path === '/' ? 0 : unit.path.split('/').length - 1);
const byPath = (a: PolicyOrgUnit, b: PolicyOrgUnit) => a.path.localeCompare(b.path);
const policies = (body: EffectivePoliciesResponse): EffectivePolicy[] =>
  body.groups.flatMap((group) => group.policies);
const find = (body: EffectivePoliciesResponse, key: string) => policies(body).find((p) => p.key === key);

describe(`policy debugger API (${backendName})`, () => {
  let testDb: TestDatabase;
  let emulator: SyncEmulator;
  let harness: PolicyHarness;
  let units: PolicyOrgUnit[];
  const as = (role = 'viewer', org = ORG, extra: Record<string, string> = {}) => ({
    'x-org': org,
    'x-role': role,
    ...extra,
  });
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the body it expects
  const get = async <T>(url: string, headers = as()) => {
    const response = await harness.app.inject({ method: 'GET', url, headers });
    return { status: response.statusCode, body: response.json<T>() };
  };
  const schools = () => units.filter((unit) => depth(unit) === 1).sort(byPath);
  const gradeOf = (school: PolicyOrgUnit) => {
    const grade = units.find((unit) => unit.parentId === school.id);
    if (!grade) throw new Error(`no grade under ${school.path}`);
    return grade;
  };

  beforeAll(async () => {
    testDb = await createTestDatabase();
    emulator = await startSyncEmulator({ size: 120 });
    await syncOnce(testDb.database, emulator, ORG, 'full');
    harness = await startPolicyApp(testDb.database, emulator);
    units = (await get<PolicyOrgUnitsResponse>('/api/policy/org-units')).body.orgUnits;
  }, 60_000);
  afterAll(async () => {
    await harness.close();
    await emulator.close();
    await testDb.cleanup();
  });

  it('lists the synced OU tree, narrowed to a viewer scope, and refuses callers without a role', async () => {
    expect(units.some((unit) => unit.path === '/')).toBe(true);
    expect(schools().length).toBeGreaterThanOrEqual(2);
    const school = schools()[0]!;
    const scoped = await get<PolicyOrgUnitsResponse>(
      '/api/policy/org-units',
      as('viewer', ORG, { 'x-scope': school.path }),
    );
    expect(scoped.body.scoped).toBe(true);
    expect(scoped.body.orgUnits.length).toBeGreaterThan(0);
    expect(scoped.body.orgUnits.every((unit) => unit.path.startsWith(school.path))).toBe(true);
    const anonymous = await harness.app.inject({ method: 'GET', url: '/api/policy/org-units' });
    expect(anonymous.statusCode).toBe(401);
    const other = await get<PolicyOrgUnitsResponse>('/api/policy/org-units', as('viewer', 'org-other'));
    expect(other.body.orgUnits).toEqual([]);
  });

  it('finds a device by exact serial or asset ID, case-insensitively, and reports no match', async () => {
    const device = await testDb.database.db
      .selectFrom('fleet_device')
      .select(['device_id', 'serial_number', 'org_unit_path'])
      .where('org_id', '=', ORG)
      .where('serial_number', 'is not', null)
      .orderBy('device_id')
      .executeTakeFirstOrThrow();
    const serial = device.serial_number!;
    const found = await get<DeviceLookupResponse>(
      `/api/policy/device-lookup?serial=${encodeURIComponent(serial.toLowerCase())}`,
    );
    expect(found.status).toBe(200);
    expect(found.body.matches.map((match) => match.deviceId)).toEqual([device.device_id]);
    const partial = await get<DeviceLookupResponse>(
      `/api/policy/device-lookup?q=${encodeURIComponent(serial.slice(0, -1))}`,
    );
    expect(partial.body.matches).toEqual([]);
    const both = await get<unknown>(`/api/policy/device-lookup?serial=a&assetId=b`);
    expect(both.status).toBe(400);
    const tooLong = await get<unknown>(`/api/policy/device-lookup?serial=${'x'.repeat(101)}`);
    expect(tooLong.status).toBe(400);
  });

  it('resolves a grade OU: inherited from the root, set on its school, defaults, values in words', async () => {
    const school = schools()[0]!;
    const grade = gradeOf(school);
    const { status, body } = await get<EffectivePoliciesResponse>(
      `/api/policy/effective?orgUnitId=${encodeURIComponent(grade.id)}`,
    );
    expect(status).toBe(200);
    expect(body.orgUnit.path).toBe(grade.path);
    expect(body.namespaces.map((item) => item.namespace)).toEqual([
      'chrome.users',
      'chrome.devices',
      'chrome.users.apps',
    ]);
    const incognito = find(body, 'chrome.users.IncognitoMode');
    expect(incognito).toMatchObject({ status: 'inherited', source: { orgUnitPath: '/' } });
    expect(incognito?.fields[0]).toMatchObject({ display: 'Disallow incognito mode', isDefault: false });
    const returnMessage = find(body, 'chrome.devices.DisabledDeviceReturnInstructions');
    expect(returnMessage).toMatchObject({ status: 'inherited', source: { orgUnitPath: school.path } });
    expect(returnMessage?.fields[0]?.display).toContain(school.name);
    const bluetooth = find(body, 'chrome.devices.Bluetooth');
    expect(bluetooth).toMatchObject({ status: 'default', source: null });
    expect(bluetooth?.fields.every((field) => field.isDefault)).toBe(true);
    const logout = find(body, 'chrome.users.ShowLogoutButton');
    expect(logout?.fields[0]?.display).toBe('On');
    const app = policies(body).find((p) => p.namespace === 'chrome.users.apps');
    expect(app?.target).toMatch(/^chrome:/);
    // The school itself: its own return message is set here.
    const own = await get<EffectivePoliciesResponse>(
      `/api/policy/effective?orgUnitId=${encodeURIComponent(school.id)}`,
    );
    expect(find(own.body, 'chrome.devices.DisabledDeviceReturnInstructions')?.status).toBe('set_here');
  });

  it("names each app policy's app beside its id, from Google's installed-apps report", async () => {
    // School 1 force-installs Read&Write; the root force-installs Docs Offline everywhere.
    const school = schools()[1]!;
    const { status, body } = await get<EffectivePoliciesResponse>(
      `/api/policy/effective?orgUnitId=${encodeURIComponent(gradeOf(school).id)}`,
    );
    expect(status).toBe(200);
    const apps = policies(body).filter((p) => p.schemaName === 'chrome.users.apps.InstallType');
    expect(apps.map((p) => [p.target, p.targetName])).toEqual([
      ['chrome:ghbmnnjooekpmoecnnnilnnbdlolhkhi', 'Google Docs Offline'],
      ['chrome:inoeonmfapjbbkmdafoankkfajkcphgd', 'Read&Write for Google Chrome™'],
    ]);
    expect(policies(body).find((p) => p.key === 'chrome.users.IncognitoMode')?.targetName).toBeNull();
    const compared = await get<ComparePoliciesResponse>(
      `/api/policy/compare?a=${encodeURIComponent(schools()[0]!.id)}&b=${encodeURIComponent(school.id)}`,
    );
    const readAndWrite = compared.body.rows.find(
      (row) => row.target === 'chrome:inoeonmfapjbbkmdafoankkfajkcphgd',
    );
    expect(readAndWrite).toMatchObject({
      targetName: 'Read&Write for Google Chrome™',
      a: null,
      differs: true,
    });
  });

  it('still shows app policies, by id alone, when Google fails to list installed apps', async () => {
    // A fresh server process: no app names remembered yet.
    const fresh = await startPolicyApp(testDb.database, emulator);
    await emulator.control('faults', {
      status: 503,
      api: 'management',
      path: ':countInstalledApps',
      count: 1000,
    });
    try {
      const grade = gradeOf(schools()[1]!);
      const response = await fresh.app.inject({
        method: 'GET',
        url: `/api/policy/effective?orgUnitId=${encodeURIComponent(grade.id)}`,
        headers: as(),
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<EffectivePoliciesResponse>();
      expect(body.namespaces.every((item) => item.included)).toBe(true);
      expect(fresh.calls.get(ORG)).toBe(3); // the installed-apps report, tried three times
      const apps = policies(body).filter((p) => p.schemaName === 'chrome.users.apps.InstallType');
      expect(apps.map((p) => [p.target, p.targetName])).toEqual([
        ['chrome:ghbmnnjooekpmoecnnnilnnbdlolhkhi', null],
        ['chrome:inoeonmfapjbbkmdafoankkfajkcphgd', null],
      ]);
      expect(find(body, 'chrome.users.IncognitoMode')?.status).toBe('inherited');
    } finally {
      await emulator.emu.app.inject({ method: 'DELETE', url: '/__emulator/faults' });
      await fresh.close();
    }
  });

  it('serves the cache with its age, and Refresh asks Google again', async () => {
    const grade = gradeOf(schools()[1]!);
    const url = `/api/policy/effective?orgUnitId=${encodeURIComponent(grade.id)}`;
    const first = await get<EffectivePoliciesResponse>(url);
    const afterFirst = harness.calls.get(ORG) ?? 0;
    const second = await get<EffectivePoliciesResponse>(url);
    expect(harness.calls.get(ORG)).toBe(afterFirst);
    expect(second.body.namespaces.every((item) => item.fromCache)).toBe(true);
    expect(second.body.fetchedAt).toBe(first.body.fetchedAt);
    const refreshed = await get<EffectivePoliciesResponse>(`${url}&refresh=1`);
    expect(refreshed.body.namespaces.every((item) => !item.fromCache)).toBe(true);
    // One resolve per namespace; schemas stay cached.
    expect((harness.calls.get(ORG) ?? 0) - afterFirst).toBe(3);
    const audit = await testDb.database.db
      .selectFrom('audit_log')
      .select(['action', 'outcome', 'target_id'])
      .where('org_id', '=', ORG)
      .where('action', '=', 'policy.refresh')
      .execute();
    expect(audit).toEqual([{ action: 'policy.refresh', outcome: 'success', target_id: grade.id }]);
  });

  it('compares two schools: the seeded differences, and equal policies are not flagged', async () => {
    const [first, second] = schools() as [PolicyOrgUnit, PolicyOrgUnit];
    const { status, body } = await get<ComparePoliciesResponse>(
      `/api/policy/compare?a=${encodeURIComponent(first.id)}&b=${encodeURIComponent(second.id)}`,
    );
    expect(status).toBe(200);
    const differing = body.rows.filter((row) => row.differs).map((row) => row.schemaName);
    // School 0 sets auto-update (LTS), URL blocking and print colour; school 1 adds Read&Write.
    expect(differing).toEqual(
      expect.arrayContaining([
        'chrome.devices.DisabledDeviceReturnInstructions',
        'chrome.devices.AutoUpdateSettings',
        'chrome.users.UrlBlocking',
        'chrome.users.DefaultPrintColor',
        'chrome.users.apps.InstallType',
      ]),
    );
    expect(body.differences).toBe(differing.length);
    const incognito = body.rows.find((row) => row.key === 'chrome.users.IncognitoMode');
    expect(incognito?.differs).toBe(false);
    const update = body.rows.find((row) => row.key === 'chrome.devices.AutoUpdateSettings');
    expect(update?.changedFields).toEqual(
      expect.arrayContaining(['rebootAfterUpdate', 'releaseChannelWithLts']),
    );
    const same = await get<unknown>(
      `/api/policy/compare?a=${encodeURIComponent(first.id)}&b=${encodeURIComponent(first.id)}`,
    );
    expect(same.status).toBe(400);
  });

  it('previews a device move: only what changes, from its OU to the target', async () => {
    const [first, second] = schools() as [PolicyOrgUnit, PolicyOrgUnit];
    const device = await testDb.database.db
      .selectFrom('fleet_device')
      .select(['device_id', 'org_unit_path'])
      .where('org_id', '=', ORG)
      .where('org_unit_path', 'like', `${first.path}/%`)
      .executeTakeFirstOrThrow();
    const { status, body } = await get<MovePreviewResponse>(
      `/api/policy/move-preview?deviceId=${device.device_id}&targetOrgUnitId=${encodeURIComponent(second.id)}`,
    );
    expect(status).toBe(200);
    expect(body.from.path).toBe(device.org_unit_path);
    expect(body.to.path).toBe(second.path);
    expect(body.changes.length).toBeGreaterThan(0);
    expect(body.changes.every((row) => row.differs)).toBe(true);
    expect(body.changes.map((row) => row.schemaName)).toContain(
      'chrome.devices.DisabledDeviceReturnInstructions',
    );
  });

  it('keeps viewers to their scope and other organizations out', async () => {
    const [first, second] = schools() as [PolicyOrgUnit, PolicyOrgUnit];
    const outside = await get<{ error: string; message: string }>(
      `/api/policy/effective?orgUnitId=${encodeURIComponent(second.id)}`,
      as('viewer', ORG, { 'x-scope': first.path }),
    );
    expect(outside.status).toBe(404);
    expect(outside.body.message).toMatch(/not one you may see/);
    const foreign = await get<unknown>(
      `/api/policy/effective?orgUnitId=${encodeURIComponent(first.id)}`,
      as('admin', 'org-other'),
    );
    expect(foreign.status).toBe(404);
    const junk = await get<unknown>('/api/policy/effective?orgUnitId=%27%3B%20drop');
    expect(junk.status).toBe(400);
  });

  it('explains a Google rate limit that outlasts the retries instead of failing blank', async () => {
    await emulator.control('faults', { status: 429, api: 'policy', count: 1000 });
    try {
      const grade = units.filter((unit) => depth(unit) === 2).at(-1)!;
      const { status, body } = await get<{ error: string; message: string; details?: unknown }>(
        `/api/policy/effective?orgUnitId=${encodeURIComponent(grade.id)}&refresh=1`,
      );
      expect(status).toBe(429);
      expect(body).toMatchObject({
        error: 'google_rate_limited',
        message: 'Google is rate-limiting policy reads. Try again in a minute.',
      });
    } finally {
      await emulator.emu.app.inject({ method: 'DELETE', url: '/__emulator/faults' });
    }
  });

  it('says the Google grant was revoked and who must reconnect', async () => {
    harness.revoke(ORG);
    const grade = gradeOf(schools()[0]!);
    const { status, body } = await get<{ error: string; message: string }>(
      `/api/policy/effective?orgUnitId=${encodeURIComponent(grade.id)}&refresh=1`,
    );
    expect(status).toBe(409);
    expect(body).toMatchObject({
      error: 'google_reconsent_required',
      message:
        'Google access for this organization was revoked. An owner must reconnect Google in Settings → Google.',
    });
    const failed = await testDb.database.db
      .selectFrom('audit_log')
      .select('target_id')
      .where('org_id', '=', ORG)
      .where('action', '=', 'policy.refresh')
      .where('outcome', '=', 'failure')
      .execute();
    expect(failed.map((row) => row.target_id)).toContain(grade.id);
  });
});
