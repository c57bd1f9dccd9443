/* eslint-disable @typescript-eslint/no-unsafe-argument -- response bodies are untyped JSON (`Body`) */
import { describe, expect, it } from 'vitest';
import { DEVICES, startTestEmulator, type Body } from '../testing/emulator-harness.ts';

function ids(devices: Body[]): string[] {
  return devices.map((device) => device.deviceId as string);
}

describe('ordered device listings', () => {
  const t = startTestEmulator();

  /** Device ids of a listing from `pageToken` (or its start) to its last page. */
  async function listIds(query: string, pageToken = ''): Promise<string[]> {
    const out: string[] = [];
    let token = pageToken;
    do {
      const { status, body } = await t.get(
        `${query}${token ? `&pageToken=${encodeURIComponent(token)}` : ''}`,
      );
      expect(status).toBe(200);
      out.push(...ids(body.chromeosdevices ?? []));
      token = body.nextPageToken ?? '';
    } while (token);
    return out;
  }

  it('lists descending exactly as ascending backwards, ties included, across pages', async () => {
    const school = t.emu.state.fleet.orgUnits.children(t.emu.state.fleet.orgUnits.root)[0]!;
    const scope = `orgUnitPath=${encodeURIComponent(school.orgUnitPath)}&includeChildOrgunits=true`;
    // `status` has many ties, so the tie order matters there.
    for (const orderBy of ['serialNumber', 'status', 'lastSync']) {
      const listing = (sortOrder: string) =>
        listIds(
          `${DEVICES}?${scope}&orderBy=${orderBy}&sortOrder=${sortOrder}&maxResults=7&projection=BASIC`,
        );
      const ascending = await listing('ASCENDING');
      const descending = await listing('DESCENDING');
      expect(ascending.length).toBeGreaterThan(14);
      expect(new Set(ascending).size).toBe(ascending.length);
      expect(descending).toEqual([...ascending].reverse());
    }
  });

  it('keeps a listing on its page tokens while many other listings come and go', async () => {
    const first = await t.get(`${DEVICES}?orderBy=serialNumber&maxResults=100&projection=BASIC`);
    // More ordered listings than the emulator keeps orders for.
    for (const ou of t.emu.state.fleet.orgUnits.all().slice(0, 20)) {
      const path = encodeURIComponent(ou.orgUnitPath);
      expect(
        (await t.get(`${DEVICES}?orgUnitPath=${path}&orderBy=serialNumber&sortOrder=DESCENDING`)).status,
      ).toBe(200);
    }
    const query = `${DEVICES}?orderBy=serialNumber&maxResults=100&projection=BASIC`;
    const rest = await listIds(query, first.body.nextPageToken as string);
    expect([...ids(first.body.chromeosdevices), ...rest]).toEqual(await listIds(query));
  });

  it('sorts a new listing afresh, so it sees devices moved since an earlier one', async () => {
    const slots = new Set(t.emu.state.fleet.devices.ouSlot);
    const [from, to] = t.emu.state.fleet.orgUnits.all().filter((ou) => slots.has(ou.slot));
    const listing = (path: string) =>
      listIds(`${DEVICES}?orgUnitPath=${encodeURIComponent(path)}&orderBy=serialNumber&projection=BASIC`);
    const before = await listing(from!.orgUnitPath);
    await listing(to!.orgUnitPath);
    const moved = before[0]!;
    const patched = await t.send('PATCH', `${DEVICES}/${moved}`, { orgUnitPath: to!.orgUnitPath });
    expect(patched.status).toBe(200);
    expect(await listing(from!.orgUnitPath)).not.toContain(moved);
    expect(await listing(to!.orgUnitPath)).toContain(moved);
  });
});
