import type { EmulatorOrgUnit } from '../state/org-units.ts';
import type { PolicyStore } from './policy-store.ts';
import type { PolicyValue } from './policy-value.ts';

/** Real Chrome Web Store ids, so app rows look like the Admin console's. */
export const SEEDED_APPS = {
  docsOffline: 'chrome:ghbmnnjooekpmoecnnnilnnbdlolhkhi',
  readAndWrite: 'chrome:inoeonmfapjbbkmdafoankkfajkcphgd',
} as const;

type Setter = (
  orgUnitId: string,
  schemaName: string,
  value: PolicyValue,
  keys?: Record<string, string>,
) => void;

function depthOf(unit: EmulatorOrgUnit): number {
  return unit.orgUnitPath === '/' ? 0 : unit.orgUnitPath.split('/').length - 1;
}

function seedRoot(set: Setter, root: EmulatorOrgUnit, domain: string): void {
  set(root.orgUnitId, 'chrome.users.IncognitoMode', {
    incognitoModeAvailability: 'INCOGNITO_MODE_AVAILABILITY_ENUM_UNAVAILABLE',
  });
  set(root.orgUnitId, 'chrome.users.SafeBrowsingProtectionLevel', {
    safeBrowsingProtectionLevel: 'SAFE_BROWSING_PROTECTION_LEVEL_ENUM_STANDARD_PROTECTION',
    safeBrowsingProxiedRealTimeChecksAllowed: true,
  });
  set(root.orgUnitId, 'chrome.users.DeveloperTools', {
    developerToolsAvailability: 'DEVELOPER_TOOLS_AVAILABILITY_ENUM_NEVER_ALLOW_DEVELOPER_TOOLS',
    extensionDeveloperModeSettings: 'EXTENSION_DEVELOPER_MODE_SETTINGS_ENUM_DISALLOW',
  });
  set(root.orgUnitId, 'chrome.users.UrlBlocking', {
    urlBlocklist: ['*.torrent', 'chrome://flags'],
    urlAllowlist: [],
    chromeInternalUrlsBlocked: false,
  });
  set(root.orgUnitId, 'chrome.users.ShowLogoutButton', { showLogoutButtonInTray: true });
  set(root.orgUnitId, 'chrome.users.BrowserHistoryDeletion', { allowDeletingBrowserHistory: false });
  set(root.orgUnitId, 'chrome.devices.SignInRestriction', {
    deviceAllowNewUsers: 'DEVICE_ALLOW_NEW_USERS_ENUM_RESTRICTED_LIST',
    userAllowlist: [`*@${domain}`],
  });
  set(root.orgUnitId, 'chrome.devices.GuestMode', { guestModeEnabled: false });
  set(root.orgUnitId, 'chrome.devices.ForcedReenrollment', {
    reenrollmentMode: 'REENROLLMENT_MODE_ENUM_AUTO_REENROLLMENT',
  });
  set(root.orgUnitId, 'chrome.devices.DisabledDeviceReturnInstructions', {
    deviceDisabledMessage: `This Chromebook belongs to ${domain}. If found, please return it to the district IT office.`,
  });
  set(root.orgUnitId, 'chrome.devices.AutoUpdateSettings', {
    updateDisabled: false,
    rebootAfterUpdate: false,
    autoUpdateAllowedConnectionType: 'AUTO_UPDATE_ALLOWED_CONNECTION_TYPE_ENUM_WIFI_AND_ETHERNET',
    releaseChannelWithLts: 'RELEASE_CHANNEL_WITH_LTS_ENUM_STABLE_CHANNEL',
  });
  set(root.orgUnitId, 'chrome.devices.EnableReportDeviceUsers', { reportDeviceUsers: true });
  set(root.orgUnitId, 'chrome.devices.Timezone', {
    systemTimezone: { value: 'America/Chicago' },
    timezoneDetectionType: 'TIMEZONE_DETECTION_TYPE_ENUM_DISABLED',
  });
  set(
    root.orgUnitId,
    'chrome.users.apps.InstallType',
    { appInstallType: 'APP_INSTALL_TYPE_ENUM_FORCED' },
    { app_id: SEEDED_APPS.docsOffline },
  );
}

function seedSchool(set: Setter, school: EmulatorOrgUnit, index: number): void {
  // Every school sets its own return message, so each grade below inherits it from its school.
  set(school.orgUnitId, 'chrome.devices.DisabledDeviceReturnInstructions', {
    deviceDisabledMessage: `This Chromebook belongs to ${school.name}. If found, please return it to the ${school.name} front office.`,
  });
  if (index % 2 === 0) {
    set(school.orgUnitId, 'chrome.devices.AutoUpdateSettings', {
      updateDisabled: false,
      rebootAfterUpdate: true,
      autoUpdateAllowedConnectionType: 'AUTO_UPDATE_ALLOWED_CONNECTION_TYPE_ENUM_WIFI_AND_ETHERNET',
      releaseChannelWithLts:
        index % 4 === 0
          ? 'RELEASE_CHANNEL_WITH_LTS_ENUM_LTS_CHANNEL'
          : 'RELEASE_CHANNEL_WITH_LTS_ENUM_STABLE_CHANNEL',
    });
  }
  if (index % 3 === 0) {
    set(school.orgUnitId, 'chrome.users.UrlBlocking', {
      urlBlocklist: ['*.torrent', 'chrome://flags', 'youtube.com'],
      urlAllowlist: ['youtube.com/edu'],
      chromeInternalUrlsBlocked: false,
    });
    set(school.orgUnitId, 'chrome.users.DefaultPrintColor', {
      printingColorDefault: 'DEFAULT_PRINT_COLOR_ENUM_MONOCHROME',
    });
  }
  if (index % 3 === 1) {
    set(
      school.orgUnitId,
      'chrome.users.apps.InstallType',
      { appInstallType: 'APP_INSTALL_TYPE_ENUM_FORCED_AND_PIN_TO_TOOLBAR' },
      { app_id: SEEDED_APPS.readAndWrite },
    );
  }
}

function seedGrade(set: Setter, grade: EmulatorOrgUnit, index: number): void {
  if (index % 3 !== 0) return;
  set(grade.orgUnitId, 'chrome.users.SafeBrowsingProtectionLevel', {
    safeBrowsingProtectionLevel: 'SAFE_BROWSING_PROTECTION_LEVEL_ENUM_ENHANCED_PROTECTION',
    safeBrowsingProxiedRealTimeChecksAllowed: true,
  });
  set(grade.orgUnitId, 'chrome.devices.DeviceScheduledReboot', {
    deviceScheduledRebootEnabled: true,
    deviceScheduledRebootTimeOfDay: { timeOfDay: { hours: 3, minutes: 0 } },
    deviceScheduledRebootFrequency: 'DEVICE_SCHEDULED_REBOOT_FREQUENCY_ENUM_DAILY',
  });
}

/**
 * Deterministic starting values: district-wide settings at the root, overrides at each school (depth 1)
 * and a few at grades (depth 2), so a grade's device inherits from both the root and its school.
 */
export function seedPolicies(store: PolicyStore, orgUnits: readonly EmulatorOrgUnit[], domain: string): void {
  const set: Setter = (orgUnitId, schemaName, value, keys = {}) =>
    store.set({ orgUnitId, schemaName, value, additionalTargetKeys: keys });
  const sorted = [...orgUnits].sort((a, b) => a.orgUnitPath.localeCompare(b.orgUnitPath));
  const root = sorted.find((unit) => unit.orgUnitPath === '/');
  if (root !== undefined) seedRoot(set, root, domain);
  sorted.filter((unit) => depthOf(unit) === 1).forEach((school, index) => seedSchool(set, school, index));
  sorted.filter((unit) => depthOf(unit) === 2).forEach((grade, index) => seedGrade(set, grade, index));
}
