import {
  type InstalledApp,
  installedAppsPageSchema,
} from '@fleetdeck/google/management/installed-apps.schema';
import { describe, expect, it } from 'vitest';
import { SEEDED_APPS } from '../policy/policy-seed.ts';
import { startTestEmulator } from '../testing/emulator-harness.ts';

const APPS = '/v1/customers/my_customer/reports:countInstalledApps';
const POLICIES = '/v1/customers/my_customer/policies/orgunits';
const bare = (policyAppId: string) => policyAppId.replace(/^chrome:/, '');

describe('installed apps report', () => {
  const t = startTestEmulator();
  const list = async (query = ''): Promise<InstalledApp[]> => {
    const { status, body } = await t.get(`${APPS}${query ? `?${query}` : ''}`);
    expect(status).toBe(200);
    return installedAppsPageSchema.parse(body).installedApps ?? [];
  };
  const provisioned = async () =>
    (
      await t.listAll(
        '/admin/directory/v1/customer/my_customer/devices/chromeos?projection=BASIC&query=status:provisioned',
      )
    ).length;

  it('names the apps the seeded policies install, counted on the devices their OUs reach', async () => {
    const apps = await list();
    const docs = apps.find((app) => app.appId === bare(SEEDED_APPS.docsOffline));
    expect(docs).toMatchObject({
      displayName: 'Google Docs Offline',
      appType: 'EXTENSION',
      appSource: 'CHROME_WEBSTORE',
      appInstallType: 'ADMIN',
    });
    // Forced at the root: on every provisioned device, one user each; no managed browsers.
    expect(Number(docs?.osUserCount)).toBe(await provisioned());
    expect(docs).not.toHaveProperty('browserDeviceCount');
    const readAndWrite = apps.find((app) => app.appId === bare(SEEDED_APPS.readAndWrite));
    expect(readAndWrite?.displayName).toBe('Read&Write for Google Chrome™');
    expect(Number(readAndWrite?.osUserCount)).toBeGreaterThan(0);
    expect(Number(readAndWrite?.osUserCount)).toBeLessThan(Number(docs?.osUserCount));
    expect(apps.find((app) => app.appType === 'ANDROID_APP')?.appSource).toBe('PLAY_STORE');
    const counts = apps.map((app) => Number(app.osUserCount));
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('pages with opaque tokens up to 100 a page and reports the total', async () => {
    const seen: string[] = [];
    let token = '';
    let pages = 0;
    do {
      const { body } = await t.get(
        `${APPS}?pageSize=2${token ? `&pageToken=${encodeURIComponent(token)}` : ''}`,
      );
      expect(body.installedApps.length).toBeLessThanOrEqual(2);
      const page = installedAppsPageSchema.parse(body);
      seen.push(...(page.installedApps ?? []).map((app) => app.appId ?? ''));
      expect(body.totalSize).toBeGreaterThanOrEqual(4);
      token = body.nextPageToken ?? '';
      pages++;
    } while (token);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual((await list()).map((app) => app.appId));
    expect(pages).toBe(Math.ceil(seen.length / 2));
    expect((await t.get(`${APPS}?pageSize=101`)).status).toBe(400);
    expect((await t.get(`${APPS}?pageSize=2&pageToken=bogus`)).status).toBe(400);
  });

  it('filters on the documented fields with AND, and refuses anything else as Google does', async () => {
    const extensions = await list(`filter=${encodeURIComponent('app_type=EXTENSION')}`);
    expect(extensions.length).toBeGreaterThan(1);
    expect(extensions.every((app) => app.appType === 'EXTENSION')).toBe(true);
    const named = await list(`filter=${encodeURIComponent('app_name="google docs offline"')}`);
    expect(named.map((app) => app.appId)).toEqual([bare(SEEDED_APPS.docsOffline)]);
    const both = await list(
      `filter=${encodeURIComponent('install_type=NORMAL AND number_of_permissions>=4')}`,
    );
    expect(both.every((app) => app.appInstallType === 'NORMAL' && (app.permissions?.length ?? 0) >= 4)).toBe(
      true,
    );
    const byId = await list(`filter=${encodeURIComponent(`app_id=${bare(SEEDED_APPS.readAndWrite)}`)}`);
    expect(byId).toHaveLength(1);
    for (const bad of ['colour=blue', 'app_type=EXTENSION OR app_type=APP', 'total_install_count>many']) {
      const { status, body } = await t.get(`${APPS}?filter=${encodeURIComponent(bad)}`);
      expect(status).toBe(400);
      expect(body.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
    }
  });

  it('orders by a documented field, limits to a direct OU, and needs the reports scope', async () => {
    const names = (await list('orderBy=app_name')).map((app) => app.displayName ?? '');
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect((await t.get(`${APPS}?orderBy=colour`)).status).toBe(400);
    const grade = t.emu.state.fleet.orgUnits.all().find((ou) => ou.name === 'Grade 3')!;
    const inGrade = await list(`orgUnitId=${grade.orgUnitId}`);
    const docs = (apps: InstalledApp[]) =>
      Number(apps.find((app) => app.appId === bare(SEEDED_APPS.docsOffline))?.osUserCount ?? 0);
    expect(docs(inGrade)).toBeLessThan(docs(await list()));
    const telemetryOnly = t.tokenWith([
      'https://www.googleapis.com/auth/chrome.management.telemetry.readonly',
    ]);
    expect((await t.get(APPS, telemetryOnly)).status).toBe(403);
  });

  it('follows policy changes: a blocked app leaves the report, a forced one becomes an admin install', async () => {
    const root = t.emu.state.fleet.orgUnits.root.orgUnitId;
    const install = (appId: string, type: string) => ({
      policyTargetKey: { targetResource: `orgunits/${root}`, additionalTargetKeys: { app_id: appId } },
      policyValue: {
        policySchema: 'chrome.users.apps.InstallType',
        value: { appInstallType: `APP_INSTALL_TYPE_ENUM_${type}` },
      },
      updateMask: 'appInstallType',
    });
    const before = await list();
    expect(before.find((app) => app.displayName === 'Google Translate')?.appInstallType).toBe('NORMAL');
    const modified = await t.send('POST', `${POLICIES}:batchModify`, {
      requests: [install('chrome:aapbdbdomjkkjkaonfhkkikfgjllcleb', 'BLOCKED')],
    });
    expect(modified.status).toBe(200);
    await t.send('POST', `${POLICIES}:batchModify`, {
      requests: [install('chrome:mmfbcljfglbokpmkimbfghdkjmjhdgbg', 'FORCED')],
    });
    const after = await list();
    expect(after.find((app) => app.displayName === 'Google Translate')).toBeUndefined();
    const text = after.find((app) => app.appId === 'mmfbcljfglbokpmkimbfghdkjmjhdgbg');
    expect(text?.appInstallType).toBe('ADMIN');
    expect(Number(text?.osUserCount)).toBe(await provisioned());
  });
});
