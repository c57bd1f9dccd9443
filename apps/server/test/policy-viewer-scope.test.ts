import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personOrgUnit } from '@fleetdeck/google-emulator/directory/user-routes';
import type { PolicyOrgUnit, PolicyOrgUnitsResponse } from '@fleetdeck/shared/policy-contract';
import { startPolicyApp, type PolicyHarness } from './policy-harness.ts';
import { startSyncEmulator, syncOnce, type SyncEmulator } from './sync-harness.ts';
import { backendName, createTestDatabase, type TestDatabase } from './test-database.ts';

/**
 * A viewer limited to one school does not learn, through the policy debugger's user
 * lookup, the organizational units of another school (nor which of them a person belongs to).
 */
const ORG = 'org-policy-review';

describe(`the policy debugger keeps a viewer inside their OUs (${backendName})`, () => {
  let testDb: TestDatabase;
  let emulator: SyncEmulator;
  let harness: PolicyHarness;
  let units: PolicyOrgUnit[];

  beforeAll(async () => {
    testDb = await createTestDatabase();
    emulator = await startSyncEmulator({ size: 120 });
    await syncOnce(testDb.database, emulator, ORG, 'full');
    harness = await startPolicyApp(testDb.database, emulator);
    const response = await harness.app.inject({
      method: 'GET',
      url: '/api/policy/org-units',
      headers: { 'x-org': ORG, 'x-role': 'viewer' },
    });
    units = response.json<PolicyOrgUnitsResponse>().orgUnits;
  }, 60_000);
  afterAll(async () => {
    await harness.close();
    await emulator.close();
    await testDb.cleanup();
  });

  it("does not name another school's OU of a user in its answer to a scoped viewer", async () => {
    const state = emulator.emu.state;
    const schools = units
      .filter((u) => u.path.split('/').length === 2 && u.path !== '/')
      .sort((a, b) => a.path.localeCompare(b.path));
    const mine = schools[0]!;
    const otherSchool = state.fleet.schools.find(
      (s) => state.fleet.orgUnits.bySlot(s.ouSlot).orgUnitPath !== mine.path,
    )!;
    const student = otherSchool.studentStart + 1;
    const hiddenPath = personOrgUnit(state, student)!.orgUnitPath;
    const response = await harness.app.inject({
      method: 'GET',
      url: `/api/policy/effective?orgUnitId=${encodeURIComponent(mine.id)}&user=${encodeURIComponent(state.emailOf(student))}`,
      headers: { 'x-org': ORG, 'x-role': 'viewer', 'x-scope': mine.path },
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain(hiddenPath);
    const hidden = response.json<{ error: string; message: string }>();
    expect(hidden.message).toMatch(/among the organizational units you may see/);

    // An address nobody has gets the same answer: the viewer cannot tell the two apart.
    const nobody = `nobody-${Date.now()}@${state.emailOf(student).split('@')[1] ?? ''}`;
    const unknown = await harness.app.inject({
      method: 'GET',
      url: `/api/policy/effective?orgUnitId=${encodeURIComponent(mine.id)}&user=${encodeURIComponent(nobody)}`,
      headers: { 'x-org': ORG, 'x-role': 'viewer', 'x-scope': mine.path },
    });
    expect(unknown.statusCode).toBe(404);
    const answer = unknown.json<{ error: string; message: string }>();
    expect(answer.error).toBe(hidden.error);
    expect(answer.message.replace(nobody, '<email>')).toBe(
      hidden.message.replace(state.emailOf(student), '<email>'),
    );
  });
});
