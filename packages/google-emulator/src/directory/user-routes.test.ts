/* eslint-disable @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call -- response bodies are untyped JSON (`Body`) */
import { describe, expect, it } from 'vitest';
import { startTestEmulator } from '../testing/emulator-harness.ts';

const USERS = '/admin/directory/v1/users';
const USER_SCOPE = 'https://www.googleapis.com/auth/admin.directory.user.readonly';

describe('users.get', () => {
  const t = startTestEmulator();
  const state = t.emu.state;
  const token = t.tokenWith([USER_SCOPE]);

  it('places a student in a grade OU of their school, with the asked fields only', async () => {
    const school = state.fleet.schools[1]!;
    const email = state.emailOf(school.studentStart + 1);
    const { status, body } = await t.get(
      `${USERS}/${encodeURIComponent(email)}?projection=basic&fields=primaryEmail,name,orgUnitPath,suspended`,
      token,
    );
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['name', 'orgUnitPath', 'primaryEmail', 'suspended']);
    expect(body.primaryEmail).toBe(email);
    const schoolPath = state.fleet.orgUnits.bySlot(school.ouSlot).orgUnitPath;
    expect(body.orgUnitPath).toMatch(new RegExp(`^${schoolPath}/(Kindergarten|Grade \\d+)$`));
    expect(body.name.fullName.toLowerCase().replace(' ', '.')).toBe(email.split('@')[0]);
    expect(typeof body.suspended).toBe('boolean');
  });

  it('places school staff in the school OU and district staff in District Office', async () => {
    const school = state.fleet.schools[0]!;
    const staff = await t.get(`${USERS}/${state.emailOf(school.staffStart)}`, token);
    expect(staff.body.orgUnitPath).toBe(state.fleet.orgUnits.bySlot(school.ouSlot).orgUnitPath);
    const office = await t.get(`${USERS}/${state.emailOf(state.fleet.districtStaff.start)}`, token);
    expect(office.body.orgUnitPath).toBe('/District Office');
  });

  it("answers Google's 404 for people outside the district", async () => {
    for (const key of ['nobody@example.com', `zz.qq@${state.customer.domain}`]) {
      const { status, body } = await t.get(`${USERS}/${encodeURIComponent(key)}`, token);
      expect(status).toBe(404);
      expect(body.error.message).toBe('Resource Not Found: userKey');
    }
  });

  it('needs the user scope', async () => {
    const email = state.emailOf(state.fleet.schools[0]!.studentStart);
    const { status, body } = await t.get(`${USERS}/${email}`, t.token);
    expect(status).toBe(403);
    expect(JSON.stringify(body)).toContain('insufficient');
  });
});
