/**
 * Conformance: Google's own published Node client for the Directory API, pointed at the emulator
 * with `rootUrl`, must list (with paging) and get devices as it would against Google.
 */
import { admin, auth, type admin_directory_v1 } from '@googleapis/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../src/emulator.ts';

const SCOPES = [
  'https://www.googleapis.com/auth/admin.directory.device.chromeos.readonly',
  'https://www.googleapis.com/auth/admin.directory.orgunit.readonly',
];

describe('@googleapis/admin against the emulator', () => {
  let emu: Emulator;
  let directory: admin_directory_v1.Admin;

  beforeAll(async () => {
    emu = createEmulator({ size: 750, seed: 2024, now: Date.UTC(2026, 2, 2, 9) });
    const origin = await emu.listen(0, '127.0.0.1');
    const owner = emu.oauth.admins()[0]!;
    const client = new auth.OAuth2();
    client.setCredentials({
      access_token: emu.oauth.mintAccessToken({ email: owner.email, scopes: SCOPES }),
    });
    directory = admin({ version: 'directory_v1', rootUrl: `${origin}/`, auth: client });
  });

  afterAll(async () => {
    await emu.close();
  });

  it('lists every device across pages and gets one by id', async () => {
    const ids: string[] = [];
    let pageToken: string | undefined;
    let pages = 0;
    do {
      const response = await directory.chromeosdevices.list({
        customerId: 'my_customer',
        maxResults: 200,
        projection: 'FULL',
        orderBy: 'serialNumber',
        ...(pageToken ? { pageToken } : {}),
      });
      expect(response.status).toBe(200);
      for (const device of response.data.chromeosdevices ?? []) ids.push(device.deviceId!);
      pageToken = response.data.nextPageToken ?? undefined;
      pages++;
    } while (pageToken);
    expect(pages).toBe(4);
    expect(new Set(ids).size).toBe(750);

    const one = await directory.chromeosdevices.get({
      customerId: 'my_customer',
      deviceId: ids[123]!,
      projection: 'BASIC',
    });
    expect(one.data.deviceId).toBe(ids[123]);
    expect(one.data.kind).toBe('admin#directory#chromeosdevice');
    expect(typeof one.data.serialNumber).toBe('string');
  });

  it('passes query and OU parameters the way Google reads them', async () => {
    const ou = emu.state.fleet.orgUnits.all().find((unit) => unit.name === 'Carts')!;
    const response = await directory.chromeosdevices.list({
      customerId: emu.state.customer.id,
      orgUnitPath: ou.orgUnitPath,
      query: 'status:provisioned',
      maxResults: 300,
    });
    for (const device of response.data.chromeosdevices ?? []) {
      expect(device.orgUnitPath).toBe(ou.orgUnitPath);
      expect(device.status).toBe('ACTIVE');
    }
    const units = await directory.orgunits.list({ customerId: 'my_customer', type: 'all' });
    expect(units.data.organizationUnits?.length).toBe(emu.state.fleet.orgUnits.size - 1);
  });

  it('surfaces Google errors as the client expects them', async () => {
    await expect(
      directory.chromeosdevices.list({ customerId: 'my_customer', maxResults: 301 }),
    ).rejects.toMatchObject({
      status: 400,
    });
    await expect(
      directory.chromeosdevices.get({ customerId: 'my_customer', deviceId: 'missing' }),
    ).rejects.toMatchObject({
      status: 404,
    });
  });
});
