/* eslint-disable @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-return -- response bodies are untyped JSON (`Body`); the assertions check their shape */
import {
  chromeOsDeviceSchema,
  chromeOsDevicesPageSchema,
} from '@fleetdeck/google/directory/chromeos-device.schema';
import { customerSchema } from '@fleetdeck/google/directory/customer.schema';
import { orgUnitSchema, orgUnitsResponseSchema } from '@fleetdeck/google/directory/org-unit.schema';
import { describe, expect, it } from 'vitest';
import { type Body, DEVICES, startTestEmulator } from '../testing/emulator-harness.ts';

const HOUR = 3_600_000;
const FULL_ONLY = [
  'recentUsers',
  'activeTimeRanges',
  'cpuStatusReports',
  'systemRamFreeReports',
  'diskVolumeReports',
  'lastKnownNetwork',
];

describe('chromeosdevices.list', () => {
  const t = startTestEmulator();

  it('pages through every device once, with no token on the last page', async () => {
    const all = await t.listAll(DEVICES);
    expect(all).toHaveLength(600);
    expect(new Set(all.map((d) => d.deviceId)).size).toBe(600);
    const last = await t.get(`${DEVICES}?maxResults=300&query=${encodeURIComponent('status:delinquent')}`);
    expect(last.body.nextPageToken).toBeUndefined();
  });

  it('returns Google JSON: kind, etag, int64 as strings, absent fields left out', async () => {
    const { status, body, headers } = await t.get(`${DEVICES}?maxResults=50`);
    expect(status).toBe(200);
    expect(headers['content-type']).toBe('application/json; charset=UTF-8');
    expect(chromeOsDevicesPageSchema.parse(body).chromeosdevices).toHaveLength(50);
    expect(body.kind).toBe('admin#directory#chromeosdevices');
    for (const device of body.chromeosdevices) {
      expect(
        chromeOsDeviceSchema.strict().safeParse(device).success,
        JSON.stringify(device).slice(0, 300),
      ).toBe(true);
      expect(device.kind).toBe('admin#directory#chromeosdevice');
      expect(Object.values(device)).not.toContain(null);
      if (device.systemRamTotal) expect(typeof device.systemRamTotal).toBe('string');
      if (device.lastSync) expect(device.lastSync).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(device.orgUnitId).toMatch(/^id:/);
    }
    const preProvisioned = await t.get(`${DEVICES}?query=status:pre_provisioned&maxResults=1`);
    const device = preProvisioned.body.chromeosdevices[0];
    expect(device.status).toBe('PRE_PROVISIONED');
    expect(device).not.toHaveProperty('lastSync');
    expect(device).not.toHaveProperty('osVersion');
  });

  it('drops the device list key when nothing matches', async () => {
    const { body } = await t.get(`${DEVICES}?query=${encodeURIComponent('id:zzzzzzzz')}`);
    expect(body).not.toHaveProperty('chromeosdevices');
    expect(body.kind).toBe('admin#directory#chromeosdevices');
  });

  it('accepts maxResults 1 to 300 and answers 400 invalidParameter otherwise', async () => {
    expect((await t.get(`${DEVICES}?maxResults=300`)).body.chromeosdevices).toHaveLength(300);
    expect((await t.get(`${DEVICES}?maxResults=1`)).body.chromeosdevices).toHaveLength(1);
    expect((await t.get(DEVICES)).body.chromeosdevices).toHaveLength(100);
    for (const bad of ['0', '301', '500', '-1', 'abc']) {
      const { status, body } = await t.get(`${DEVICES}?maxResults=${bad}`);
      expect(status).toBe(400);
      expect(body.error.errors[0]).toMatchObject({ domain: 'global', reason: 'invalidParameter' });
      expect(body.error.message).toBe(`Invalid value '${bad}'. Values must be within the range: [1, 300]`);
    }
  });

  it('BASIC leaves out the report lists FULL carries', async () => {
    const full = (await t.get(`${DEVICES}?maxResults=100&projection=FULL&query=status:provisioned`)).body
      .chromeosdevices;
    const basic = (await t.get(`${DEVICES}?maxResults=100&projection=basic&query=status:provisioned`)).body
      .chromeosdevices;
    expect(full.some((d: Record<string, unknown>) => 'recentUsers' in d)).toBe(true);
    for (const device of basic) for (const field of FULL_ONLY) expect(device).not.toHaveProperty(field);
    expect(basic.map((d: { deviceId: string }) => d.deviceId)).toEqual(
      full.map((d: { deviceId: string }) => d.deviceId),
    );
    expect((await t.get(`${DEVICES}?projection=PARTIAL`)).status).toBe(400);
  });

  it('filters by orgUnitPath (path or id, with or without the slash) and includeChildOrgunits', async () => {
    const school = t.emu.state.fleet.orgUnits.all()[1]!;
    const direct = await t.listAll(`${DEVICES}?orgUnitPath=${encodeURIComponent(school.orgUnitPath)}`);
    expect(direct).toEqual([]);
    const withChildren = await t.listAll(
      `${DEVICES}?orgUnitPath=${encodeURIComponent(school.orgUnitPath.slice(1).toUpperCase())}&includeChildOrgunits=true`,
    );
    expect(withChildren.length).toBeGreaterThan(0);
    for (const d of withChildren) expect(d.orgUnitPath.startsWith(`${school.orgUnitPath}/`)).toBe(true);
    const grade = t.emu.state.fleet.orgUnits.children(school)[0]!;
    const byId = await t.listAll(`${DEVICES}?orgUnitPath=${encodeURIComponent(`id:${grade.orgUnitId}`)}`);
    expect(byId.length).toBeGreaterThan(0);
    for (const d of byId) expect(d.orgUnitPath).toBe(grade.orgUnitPath);
    expect((await t.get(`${DEVICES}?includeChildOrgunits=true`)).status).toBe(400);
    expect((await t.get(`${DEVICES}?orgUnitPath=/No/Such/OU`)).status).toBe(400);
  });

  it('orders by each orderBy value, both directions, across pages', async () => {
    const sortKey: Record<string, (d: Record<string, string | undefined>) => string> = {
      serialNumber: (d) => d.serialNumber!,
      status: (d) => d.status!,
      lastSync: (d) => d.lastSync ?? '',
      annotatedUser: (d) => (d.annotatedUser ?? '').toLowerCase(),
      annotatedLocation: (d) => (d.annotatedLocation ?? '').toLowerCase(),
      notes: (d) => (d.notes ?? '').toLowerCase(),
    };
    for (const [orderBy, key] of Object.entries(sortKey)) {
      for (const sortOrder of ['ASCENDING', 'DESCENDING']) {
        const all = await t.listAll(`${DEVICES}?orderBy=${orderBy}&sortOrder=${sortOrder}&projection=BASIC`);
        expect(all).toHaveLength(600);
        const keys = all.map(key);
        const sorted = [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        expect(keys).toEqual(sortOrder === 'ASCENDING' ? sorted : sorted.reverse());
      }
    }
    expect((await t.get(`${DEVICES}?orderBy=LAST_SYNC`)).status).toBe(200);
    expect((await t.get(`${DEVICES}?orderBy=supportEndDate`)).status).toBe(400);
  });

  it('supports partial responses with fields', async () => {
    const { body } = await t.get(
      `${DEVICES}?maxResults=2&fields=${encodeURIComponent('nextPageToken,chromeosdevices(deviceId,serialNumber)')}`,
    );
    expect(Object.keys(body).sort()).toEqual(['chromeosdevices', 'nextPageToken']);
    expect(Object.keys(body.chromeosdevices[0]).sort()).toEqual(['deviceId', 'serialNumber']);
    expect((await t.get(`${DEVICES}?fields=${encodeURIComponent('chromeosdevices(')}`)).status).toBe(400);
  });

  it('builds the selected fields of a device exactly as the whole device has them', async () => {
    const kept = Object.keys(chromeOsDeviceSchema.shape).filter(
      (key) => !['activeTimeRanges', 'cpuStatusReports', 'systemRamFreeReports'].includes(key),
    );
    const without = (device: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(device).filter(([key]) => kept.includes(key)));
    const whole = await t.get(`${DEVICES}?maxResults=300&projection=FULL`);
    const fields = encodeURIComponent(`nextPageToken,chromeosdevices(${kept.join(',')})`);
    const selected = await t.get(`${DEVICES}?maxResults=300&projection=FULL&fields=${fields}`);
    expect(Object.keys(selected.body).sort()).toEqual(['chromeosdevices', 'nextPageToken']);
    expect(selected.body.chromeosdevices).toEqual(whole.body.chromeosdevices.map(without));
    const device = whole.body.chromeosdevices.find((d: Body) => d.cpuStatusReports);
    const one = await t.get(`${DEVICES}/${device.deviceId}?fields=${encodeURIComponent(kept.join(','))}`);
    expect(one.body).toEqual(without(device));
    expect(one.body.cpuInfo).toEqual(device.cpuInfo);
  });

  it('trims nested selections and leaves out what is not selected', async () => {
    const fields = encodeURIComponent('chromeosdevices(deviceId,osUpdateStatus/updateTime,cpuInfo(model))');
    const { body } = await t.get(`${DEVICES}?maxResults=20&projection=FULL&fields=${fields}`);
    expect(Object.keys(body)).toEqual(['chromeosdevices']);
    const synced = body.chromeosdevices.find((d: Body) => d.cpuInfo);
    expect(Object.keys(synced).sort()).toEqual(['cpuInfo', 'deviceId', 'osUpdateStatus']);
    expect(Object.keys(synced.osUpdateStatus)).toEqual(['updateTime']);
    expect(Object.keys(synced.cpuInfo[0])).toEqual(['model']);
    const basic = await t.get(`${DEVICES}?maxResults=20&projection=BASIC&fields=${fields}`);
    expect(basic.body.chromeosdevices.some((d: Body) => d.cpuInfo)).toBe(false);
    const tokenOnly = await t.get(`${DEVICES}?maxResults=20&fields=nextPageToken`);
    expect(Object.keys(tokenOnly.body)).toEqual(['nextPageToken']);
  });
});

describe('etags for incremental syncs', () => {
  const t = startTestEmulator({ accessTokenTtlSeconds: 30 * 86_400 });
  const ETAGS = `${DEVICES}?maxResults=300&fields=${encodeURIComponent('nextPageToken,chromeosdevices(deviceId,etag)')}`;
  const etags = async () => {
    const all = new Map<string, string>();
    for (const device of await t.listAll(ETAGS)) all.set(device.deviceId, device.etag);
    return all;
  };

  it('lists ids and etags only, matching the etag of the full device', async () => {
    const listed = await etags();
    expect(listed.size).toBe(600);
    const [id, etag] = [...listed][5]!;
    const full = await t.get(`${DEVICES}/${id}`);
    expect(full.body.etag).toBe(etag);
    const page = await t.get(ETAGS);
    expect(Object.keys(page.body.chromeosdevices[0]).sort()).toEqual(['deviceId', 'etag']);
  });

  it('changes an etag when the device changes, and only then', async () => {
    const before = await etags();
    t.emu.state.clock.advance(1_000);
    expect(await etags()).toEqual(before);
    const d = t.emu.state.fleet.devices;
    const written = d.deviceId[3]!;
    await t.send('PATCH', `${DEVICES}/${written}`, { notes: 'changed' });
    const ou = t.emu.state.fleet.orgUnits.bySlot(d.ouSlot[9]!);
    await t.send('PATCH', `/admin/directory/v1/customer/my_customer/orgunits/${ou.orgUnitId}`, {
      name: `${ou.name} (renamed)`,
    });
    const after = await etags();
    expect(after.get(written)).not.toBe(before.get(written));
    expect(after.get(d.deviceId[9]!)).not.toBe(before.get(d.deviceId[9]!));
    const fullBefore = new Map((await t.listAll(DEVICES)).map((device) => [device.deviceId, device]));
    t.emu.state.clock.advance(6 * 3_600_000);
    const later = await etags();
    const full = await t.listAll(DEVICES);
    const changed = full.filter((device) => later.get(device.deviceId) !== after.get(device.deviceId));
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.length).toBeLessThan(600);
    // Same etag, same JSON: an incremental sync that skips unchanged etags misses nothing.
    for (const device of full) {
      if (later.get(device.deviceId) === after.get(device.deviceId))
        expect(device).toEqual(fullBefore.get(device.deviceId));
    }
  });
});

describe('page tokens', () => {
  it('expire after the configured time on the emulator clock', async () => {
    const t = startTestEmulator({ pageTokenTtlMs: HOUR, accessTokenTtlSeconds: 86_400 });
    const first = await t.get(`${DEVICES}?maxResults=10`);
    const token = encodeURIComponent(first.body.nextPageToken);
    t.emu.state.clock.advance(HOUR - 1_000);
    expect((await t.get(`${DEVICES}?maxResults=10&pageToken=${token}`)).status).toBe(200);
    t.emu.state.clock.advance(2_000);
    const expired = await t.get(`${DEVICES}?maxResults=10&pageToken=${token}`);
    expect(expired.status).toBe(400);
    expect(expired.body.error).toMatchObject({
      code: 400,
      message: 'Request contains an invalid argument.',
      status: 'INVALID_ARGUMENT',
    });
  });

  it('expire on demand through the control API, and reject foreign or edited tokens', async () => {
    const t = startTestEmulator();
    const first = await t.get(`${DEVICES}?maxResults=10`);
    const token = first.body.nextPageToken as string;
    expect(
      (
        await t.get(
          `${DEVICES}?maxResults=10&query=status:provisioned&pageToken=${encodeURIComponent(token)}`,
        )
      ).body.error.errors[0].reason,
    ).toBe('invalid');
    expect(
      (await t.get(`${DEVICES}?pageToken=${encodeURIComponent(`x${token}`)}`)).body.error.errors[0].reason,
    ).toBe('invalid');
    expect((await t.send('POST', '/__emulator/page-tokens/expire')).status).toBe(200);
    const expired = await t.get(`${DEVICES}?maxResults=10&pageToken=${encodeURIComponent(token)}`);
    expect(expired.body.error.message).toBe('Request contains an invalid argument.');
  });
});

describe('chromeosdevices get, update, patch', () => {
  const t = startTestEmulator();
  const id = t.emu.state.fleet.devices.deviceId[10]!;

  it('gets one device and answers 404 notFound for an unknown id', async () => {
    const { status, body } = await t.get(`${DEVICES}/${id}?projection=BASIC`);
    expect(status).toBe(200);
    expect(body.deviceId).toBe(id);
    const missing = await t.get(`${DEVICES}/00000000-0000-4000-8000-000000000000`);
    expect(missing.status).toBe(404);
    expect(missing.body.error.errors[0].reason).toBe('notFound');
  });

  it('patches annotated fields within Google limits and rejects longer values', async () => {
    const patched = await t.send('PATCH', `${DEVICES}/${id}`, {
      annotatedUser: 'Loaner 12',
      notes: 'n'.repeat(500),
      model: 'ignored',
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ annotatedUser: 'Loaner 12', notes: 'n'.repeat(500) });
    expect(patched.body.model).not.toBe('ignored');
    for (const [field, length] of [
      ['annotatedUser', 101],
      ['annotatedLocation', 201],
      ['notes', 501],
    ] as const) {
      const { status, body } = await t.send('PATCH', `${DEVICES}/${id}`, { [field]: 'x'.repeat(length) });
      expect(status, field).toBe(400);
      expect(body.error.errors[0].reason).toBe('invalidInput');
    }
    const updated = await t.send('PUT', `${DEVICES}/${id}`, { annotatedLocation: 'Library' });
    expect(updated.body).toMatchObject({ annotatedLocation: 'Library', annotatedUser: 'Loaner 12' });
    const cleared = await t.send('PATCH', `${DEVICES}/${id}`, { annotatedUser: '' });
    expect(cleared.body).not.toHaveProperty('annotatedUser');
  });

  it('moves a device with orgUnitPath and/or orgUnitId and rejects inconsistent pairs', async () => {
    const [a, b] = t.emu.state.fleet.orgUnits.all().slice(2, 4);
    const moved = await t.send('PATCH', `${DEVICES}/${id}`, {
      orgUnitPath: a!.orgUnitPath,
      orgUnitId: `id:${a!.orgUnitId}`,
    });
    expect(moved.body).toMatchObject({ orgUnitPath: a!.orgUnitPath, orgUnitId: `id:${a!.orgUnitId}` });
    const inconsistent = await t.send('PATCH', `${DEVICES}/${id}`, {
      orgUnitPath: a!.orgUnitPath,
      orgUnitId: `id:${b!.orgUnitId}`,
    });
    expect(inconsistent.status).toBe(400);
    expect(inconsistent.body.error.message).toBe(
      'Invalid Input: Inconsistent Orgunit id and path in request',
    );
  });

  it('needs the device scope: readonly reads but cannot write', async () => {
    const readonly = t.tokenWith([
      'https://www.googleapis.com/auth/admin.directory.device.chromeos.readonly',
    ]);
    expect((await t.get(`${DEVICES}/${id}`, readonly)).status).toBe(200);
    expect((await t.send('PATCH', `${DEVICES}/${id}`, { notes: 'x' }, readonly)).status).toBe(403);
    expect((await t.get(`${DEVICES}/${id}`, 'not-a-token')).status).toBe(401);
  });
});

describe('orgunits and customers', () => {
  const t = startTestEmulator();
  const OUS = '/admin/directory/v1/customer/my_customer/orgunits';

  it('lists children, all, and allIncludingParent in one unpaged response', async () => {
    const children = await t.get(OUS);
    const all = await t.get(`${OUS}?type=all`);
    const withRoot = await t.get(`${OUS}?type=allIncludingParent`);
    expect(orgUnitsResponseSchema.parse(all.body).organizationUnits!.length).toBe(
      t.emu.state.fleet.orgUnits.size - 1,
    );
    expect(withRoot.body.organizationUnits).toHaveLength(t.emu.state.fleet.orgUnits.size);
    expect(
      children.body.organizationUnits.every(
        (ou: { parentOrgUnitPath: string }) => ou.parentOrgUnitPath === '/',
      ),
    ).toBe(true);
  });

  it('gets, inserts, renames and deletes OUs by path or id', async () => {
    const school = (await t.get(`${OUS}?type=children`)).body.organizationUnits[0];
    const byPath = await t.get(`${OUS}/${encodeURIComponent(school.orgUnitPath.slice(1))}`);
    expect(orgUnitSchema.parse(byPath.body).orgUnitId).toBe(school.orgUnitId);
    expect((await t.get(`${OUS}/${school.orgUnitId}`)).body.orgUnitPath).toBe(school.orgUnitPath);
    const created = await t.send('POST', OUS, {
      name: 'Summer School',
      parentOrgUnitPath: school.orgUnitPath,
    });
    expect(created.body.orgUnitPath).toBe(`${school.orgUnitPath}/Summer School`);
    const renamed = await t.send('PATCH', `${OUS}/${created.body.orgUnitId}`, { name: 'Summer Camp' });
    expect(renamed.body.orgUnitPath).toBe(`${school.orgUnitPath}/Summer Camp`);
    expect((await t.send('DELETE', `${OUS}/${created.body.orgUnitId}`)).status).toBe(204);
    expect((await t.get(`${OUS}/${created.body.orgUnitId}`)).status).toBe(404);
    expect((await t.send('DELETE', `${OUS}/${school.orgUnitId}`)).status).toBe(400);
  });

  it('resolves my_customer on customers.get and refuses another customer', async () => {
    const own = await t.get('/admin/directory/v1/customers/my_customer');
    expect(customerSchema.parse(own.body).id).toBe(t.emu.state.customer.id);
    expect((await t.get('/admin/directory/v1/customers/C0otherxx')).status).toBe(403);
    expect((await t.get('/admin/directory/v1/customer/C0otherxx/devices/chromeos')).status).toBe(403);
  });
});
