import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personOrgUnit } from '@fleetdeck/google-emulator/directory/user-routes';
import type {
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
 * The policy debugger with a user: user namespaces resolved at the OU of the user's account (from
 * Google's Directory), device namespaces at the chosen OU, and what happens when Google does not
 * know the user or the grant cannot read users.
 */

const ORG = 'org-policy-user';
const NO_USER_SCOPE = 'org-no-user-scope';
const policies = (body: EffectivePoliciesResponse): EffectivePolicy[] =>
  body.groups.flatMap((group) => group.policies);
const find = (body: EffectivePoliciesResponse, key: string) => policies(body).find((p) => p.key === key);
const within = (path: string, root: string) => root === '/' || path === root || path.startsWith(`${root}/`);

describe(`policy debugger with a user (${backendName})`, () => {
  let testDb: TestDatabase;
  let emulator: SyncEmulator;
  let harness: PolicyHarness;
  let units: PolicyOrgUnit[];
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the body it expects
  const get = async <T>(url: string, org = ORG) => {
    const response = await harness.app.inject({
      method: 'GET',
      url,
      headers: { 'x-org': org, 'x-role': 'viewer' },
    });
    return { status: response.statusCode, body: response.json<T>() };
  };
  /** A student of one school, and a grade OU of another school for the device side. */
  const scenario = () => {
    const state = emulator.emu.state;
    // The first school by path sets a URL blocklist (the seed's school 0).
    const deviceSchool = units
      .filter((unit) => unit.path.split('/').length === 2 && unit.path !== '/')
      .sort((x, y) => x.path.localeCompare(y.path))[0]!;
    const deviceUnit = units.find((unit) => unit.parentId === deviceSchool.id)!;
    const userSchool = state.fleet.schools.find(
      (school) => state.fleet.orgUnits.bySlot(school.ouSlot).orgUnitPath !== deviceSchool.path,
    )!;
    const student = userSchool.studentStart + 1;
    const userOu = personOrgUnit(state, student)!;
    return {
      email: state.emailOf(student),
      userOu,
      deviceUnit,
      deviceSchool: deviceSchool.path,
      userSchool: state.fleet.orgUnits.bySlot(userSchool.ouSlot).orgUnitPath,
    };
  };

  beforeAll(async () => {
    testDb = await createTestDatabase();
    emulator = await startSyncEmulator({ size: 120 });
    await syncOnce(testDb.database, emulator, ORG, 'full');
    await syncOnce(testDb.database, emulator, NO_USER_SCOPE, 'full');
    harness = await startPolicyApp(testDb.database, emulator, { withoutUserScope: [NO_USER_SCOPE] });
    units = (await get<PolicyOrgUnitsResponse>('/api/policy/org-units')).body.orgUnits;
  }, 60_000);
  afterAll(async () => {
    await harness.close();
    await emulator.close();
    await testDb.cleanup();
  });

  it("resolves user policies at the user's OU and device policies at the chosen OU", async () => {
    const { email, userOu, deviceUnit, deviceSchool, userSchool } = scenario();
    expect(userOu.orgUnitPath).toMatch(new RegExp(`^${userSchool}/(Kindergarten|Grade \\d+)$`));
    const base = `/api/policy/effective?orgUnitId=${encodeURIComponent(deviceUnit.id)}`;
    const alone = await get<EffectivePoliciesResponse>(base);
    expect(alone.body.user).toBeNull();
    // Without a user, the device's school supplies its URL blocklist.
    expect(find(alone.body, 'chrome.users.UrlBlocking')?.source?.orgUnitPath).toBe(deviceSchool);

    const { status, body } = await get<EffectivePoliciesResponse>(
      `${base}&user=${encodeURIComponent(email.toUpperCase())}`,
    );
    expect(status).toBe(200);
    expect(body.orgUnit.path).toBe(deviceUnit.path);
    expect(body.user).toMatchObject({ email, orgUnit: { path: userOu.orgUnitPath } });
    expect(body.user?.name).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
    expect(body.namespaces.map((item) => item.namespace)).toEqual([
      'chrome.users',
      'chrome.devices',
      'chrome.users.apps',
    ]);
    const rows = policies(body);
    const userRows = rows.filter((row) => row.namespace !== 'chrome.devices' && row.source);
    const deviceRows = rows.filter((row) => row.namespace === 'chrome.devices' && row.source);
    expect(userRows.length).toBeGreaterThan(0);
    for (const row of userRows)
      expect(within(userOu.orgUnitPath, row.source!.orgUnitPath!), row.key).toBe(true);
    for (const row of deviceRows)
      expect(within(deviceUnit.path, row.source!.orgUnitPath!), row.key).toBe(true);
    // The blocklist set on the device's school no longer applies to this user.
    expect(find(body, 'chrome.users.UrlBlocking')?.source?.orgUnitPath).not.toBe(deviceSchool);
    expect(find(body, 'chrome.devices.DisabledDeviceReturnInstructions')?.source?.orgUnitPath).toBe(
      deviceSchool,
    );
    const setHere = userRows.filter((row) => row.source?.orgUnitPath === userOu.orgUnitPath);
    expect(setHere.every((row) => row.status === 'set_here')).toBe(true);
  });

  it('previews a device move for a user: only device settings change', async () => {
    const { email, userOu } = scenario();
    const device = await testDb.database.db
      .selectFrom('fleet_device')
      .select(['device_id', 'org_unit_path'])
      .where('org_id', '=', ORG)
      .where('org_unit_path', 'like', '/%/%')
      .orderBy('device_id')
      .executeTakeFirstOrThrow();
    const school = `/${device.org_unit_path!.split('/')[1]}`;
    const target = units.find(
      (unit) => unit.path.split('/').length === 2 && unit.path !== school && unit.path !== '/',
    )!;
    const base = `/api/policy/move-preview?deviceId=${device.device_id}&targetOrgUnitId=${encodeURIComponent(target.id)}`;
    // A device nobody has signed in to: no user to name.
    await testDb.database.db
      .updateTable('fleet_device')
      .set({ recent_user: null, annotated_user: null })
      .where('org_id', '=', ORG)
      .where('device_id', '=', device.device_id)
      .execute();
    const alone = await get<MovePreviewResponse>(base);
    expect(alone.body.user).toBeNull();
    expect(alone.body.userSettings).toBe(
      "User settings are not compared: they come from each person's account, not from the device's unit.",
    );
    const { status, body } = await get<MovePreviewResponse>(`${base}&user=${email}`);
    expect(status).toBe(200);
    expect(body.user?.orgUnit.path).toBe(userOu.orgUnitPath);
    expect(body.namespaces).toEqual(['chrome.devices']);
    expect(body.changes.map((row) => row.schemaName)).toContain(
      'chrome.devices.DisabledDeviceReturnInstructions',
    );
    expect(body.changes.every((row) => row.namespace === 'chrome.devices')).toBe(true);
    expect(body.userSettings).toBe(
      `User settings are not compared: ${email}'s come from their account's unit, ${userOu.orgUnitPath}, wherever the device is.`,
    );
  });

  it("without a user, a move preview names the device's own user and counts no user setting as changing", async () => {
    const { email, userOu } = scenario();
    const device = await testDb.database.db
      .selectFrom('fleet_device')
      .select(['device_id', 'org_unit_path'])
      .where('org_id', '=', ORG)
      .where('org_unit_path', 'like', '/%/%')
      .orderBy('device_id')
      .executeTakeFirstOrThrow();
    // The device's most recent user is a student of another school, whose URL blocklist differs.
    await testDb.database.db
      .updateTable('fleet_device')
      .set({ recent_user: email })
      .where('org_id', '=', ORG)
      .where('device_id', '=', device.device_id)
      .execute();
    const school = `/${device.org_unit_path!.split('/')[1]}`;
    const target = units.find(
      (unit) => unit.path.split('/').length === 2 && unit.path !== school && unit.path !== '/',
    )!;
    const { status, body } = await get<MovePreviewResponse>(
      `/api/policy/move-preview?deviceId=${device.device_id}&targetOrgUnitId=${encodeURIComponent(target.id)}`,
    );
    expect(status).toBe(200);
    expect(body.device.recentUser).toBe(email);
    expect(body.user).toMatchObject({ email, orgUnit: { path: userOu.orgUnitPath } });
    expect(body.namespaces).toEqual(['chrome.devices']);
    // Schools differ in user settings too (URL blocklists, print colour): none of them moves with the device.
    expect(body.changes.length).toBeGreaterThan(0);
    expect(body.changes.filter((row) => row.namespace !== 'chrome.devices')).toEqual([]);
    expect(body.userSettings).toContain(`${email}'s come from their account's unit, ${userOu.orgUnitPath}`);
  });

  it('reuses the lookup for a few minutes instead of asking Google each time', async () => {
    const { email, deviceUnit } = scenario();
    const url = `/api/policy/effective?orgUnitId=${encodeURIComponent(deviceUnit.id)}&user=${email}`;
    await get<EffectivePoliciesResponse>(url);
    const before = harness.calls.get(ORG) ?? 0;
    await get<EffectivePoliciesResponse>(url);
    expect(harness.calls.get(ORG)).toBe(before);
  });

  it('says when Google has no such user, and refuses what is not an email', async () => {
    const { deviceUnit } = scenario();
    const base = `/api/policy/effective?orgUnitId=${encodeURIComponent(deviceUnit.id)}`;
    const domain = emulator.emu.state.customer.domain;
    const missing = await get<{ error: string; message: string }>(`${base}&user=zz.qq@${domain}`);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('policy_user_not_found');
    expect(missing.body.message).toBe(
      `No user zz.qq@${domain} in this Google Workspace. Check the address (it must be the primary email).`,
    );
    expect((await get<unknown>(`${base}&user=not-an-email`)).status).toBe(400);
    expect((await get<unknown>(`${base}&user=${'a'.repeat(250)}@b.example`)).status).toBe(400);
  });

  it('explains a grant without the user directory scope, and still works without a user', async () => {
    const { email, deviceUnit } = scenario();
    const base = `/api/policy/effective?orgUnitId=${encodeURIComponent(deviceUnit.id)}`;
    const refused = await get<{ error: string; message: string }>(`${base}&user=${email}`, NO_USER_SCOPE);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      error: 'google_user_scope_missing',
      message:
        'Fleetdeck cannot read users: Google access was granted without the user directory scope. An owner can reconnect Google in Settings → Google to add it.',
    });
    expect((await get<EffectivePoliciesResponse>(base, NO_USER_SCOPE)).status).toBe(200);
  });
});
