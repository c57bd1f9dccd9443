/**
 * `reports:countInstalledApps` over the emulated fleet (reference §2.5–2.6). An app counts on a
 * provisioned device when the Chrome policy of the device's OU installs it (`chrome.users.apps.
 * InstallType` set to a forced or normal install, nearest OU first, as resolve walks the tree), or
 * when the device's user installed it themselves (a seeded share of devices) and policy does not
 * block it. Every device has one user, so installs count as `osUserCount`; a Chromebook fleet has no
 * managed browsers, so `browserDeviceCount` is zero and, like every proto3 default, left out.
 */
import type { PolicyStore } from '../policy/policy-store.ts';
import { hashUnit } from '../state/random.ts';
import { STATUS } from '../state/device-table.ts';
import type { EmulatorState } from '../state/emulator-state.ts';
import { APP_CATALOG, type CatalogApp } from './installed-app-catalog.ts';

const INSTALL_SCHEMA = 'chrome.users.apps.InstallType';
const INSTALLS = new Set(['FORCED', 'FORCED_AND_PIN_TO_TOOLBAR', 'NORMAL', 'NORMAL_AND_PIN_TO_TOOLBAR']);
const BLOCKS = new Set(['BLOCKED', 'REMOVE']);

export interface InstalledAppRow {
  appId: string;
  appType: CatalogApp['appType'];
  appSource: CatalogApp['appSource'];
  appInstallType: 'ADMIN' | 'NORMAL' | 'MULTIPLE';
  displayName: string;
  description: string;
  homepageUri: string;
  permissions: string[];
  osUserCount: string;
}

type PolicyVerdict = 'install' | 'block' | undefined;

function policyAppId(app: CatalogApp): string {
  return `${app.appType === 'ANDROID_APP' ? 'android' : 'chrome'}:${app.appId}`;
}

/** What the nearest OU up the tree that sets the app's install type says, per OU slot. */
function verdictsBySlot(
  state: EmulatorState,
  store: PolicyStore,
  app: CatalogApp,
): Map<number, PolicyVerdict> {
  const tree = state.fleet.orgUnits;
  const keys = { app_id: policyAppId(app) };
  const byId = new Map<string, PolicyVerdict | null>();
  const verdictOf = (orgUnitId: string, depth: number): PolicyVerdict => {
    const known = byId.get(orgUnitId);
    if (known !== undefined) return known ?? undefined;
    const value = store.get(orgUnitId, INSTALL_SCHEMA, keys)?.value as
      { appInstallType?: string } | undefined;
    const type = value?.appInstallType?.replace(/^APP_INSTALL_TYPE_ENUM_/, '');
    const parent = tree.byId(orgUnitId)?.parentOrgUnitId;
    const verdict: PolicyVerdict =
      type !== undefined
        ? INSTALLS.has(type)
          ? 'install'
          : BLOCKS.has(type)
            ? 'block'
            : undefined
        : parent !== undefined && depth < 64
          ? verdictOf(parent, depth + 1)
          : undefined;
    byId.set(orgUnitId, verdict ?? null);
    return verdict;
  };
  const verdicts = new Map<number, PolicyVerdict>();
  for (const unit of tree.list()) {
    const slot = tree.byId(unit.orgUnitId)?.slot;
    if (slot !== undefined) verdicts.set(slot, verdictOf(unit.orgUnitId, 0));
  }
  return verdicts;
}

/** Every catalog app installed on at least one provisioned device (directly in `ouSlot` when given). */
export function installedApps(
  state: EmulatorState,
  store: PolicyStore,
  ouSlot: number | undefined,
): InstalledAppRow[] {
  const d = state.fleet.devices;
  const rows: InstalledAppRow[] = [];
  APP_CATALOG.forEach((app, index) => {
    const verdicts = verdictsBySlot(state, store, app);
    let admin = 0;
    let user = 0;
    for (let row = 0; row < d.count; row++) {
      if (d.status[row] !== STATUS.ACTIVE) continue;
      const slot = d.ouSlot[row] ?? -1;
      if (ouSlot !== undefined && slot !== ouSlot) continue;
      const verdict = verdicts.get(slot);
      if (verdict === 'install') admin++;
      else if (verdict !== 'block' && hashUnit(state.fleet.seed, row, 7_100 + index) < (app.userShare ?? 0))
        user++;
    }
    if (admin + user === 0) return;
    rows.push({
      appId: app.appId,
      appType: app.appType,
      appSource: app.appSource,
      appInstallType: user === 0 ? 'ADMIN' : admin === 0 ? 'NORMAL' : 'MULTIPLE',
      displayName: app.displayName,
      description: app.description,
      homepageUri: app.homepageUri,
      permissions: [...app.permissions],
      osUserCount: String(admin + user),
    });
  });
  return rows;
}
