/**
 * The apps and extensions the emulated fleet has installed, with their real Web Store / Play ids
 * and names, so the installed-apps report reads like the Admin console's. The first two are the apps
 * the seeded Chrome policies force-install (policy-seed.ts `SEEDED_APPS`); the others are installed
 * by users on a share of the devices.
 */
import { SEEDED_APPS } from '../policy/policy-seed.ts';

export interface CatalogApp {
  /** The report's `appId`: an extension id (no `chrome:`) or an Android package name. */
  readonly appId: string;
  readonly appType: 'EXTENSION' | 'APP' | 'ANDROID_APP';
  readonly appSource: 'CHROME_WEBSTORE' | 'PLAY_STORE';
  readonly displayName: string;
  readonly description: string;
  readonly homepageUri: string;
  readonly permissions: readonly string[];
  /** Share of provisioned devices whose user installed it; undefined: only where policy forces it. */
  readonly userShare?: number;
}

const bare = (policyAppId: string) => policyAppId.replace(/^chrome:/, '');
const webStore = (id: string) => `https://chromewebstore.google.com/detail/${id}`;

export const APP_CATALOG: readonly CatalogApp[] = [
  {
    appId: bare(SEEDED_APPS.docsOffline),
    appType: 'EXTENSION',
    appSource: 'CHROME_WEBSTORE',
    displayName: 'Google Docs Offline',
    description:
      'Edit, create, and view your documents, spreadsheets, and presentations — all without internet access.',
    homepageUri: webStore(bare(SEEDED_APPS.docsOffline)),
    permissions: ['alarms', 'storage', 'unlimitedStorage'],
  },
  {
    appId: bare(SEEDED_APPS.readAndWrite),
    appType: 'EXTENSION',
    appSource: 'CHROME_WEBSTORE',
    displayName: 'Read&Write for Google Chrome™',
    description: 'Literacy support for reading and writing across the web, Google Docs and PDFs.',
    homepageUri: webStore(bare(SEEDED_APPS.readAndWrite)),
    permissions: ['activeTab', 'identity', 'storage', 'tabs', 'tts', 'https://*/*'],
  },
  {
    appId: 'aapbdbdomjkkjkaonfhkkikfgjllcleb',
    appType: 'EXTENSION',
    appSource: 'CHROME_WEBSTORE',
    displayName: 'Google Translate',
    description: 'View translations easily as you browse the web.',
    homepageUri: webStore('aapbdbdomjkkjkaonfhkkikfgjllcleb'),
    permissions: ['activeTab', 'contextMenus', 'storage'],
    userShare: 0.34,
  },
  {
    appId: 'kbfnbcaeplbcioakkpcpgfkobkghlhen',
    appType: 'EXTENSION',
    appSource: 'CHROME_WEBSTORE',
    displayName: 'Grammarly: AI Writing and Grammar Checker App',
    description: 'Improve your writing with all-in-one assistance.',
    homepageUri: webStore('kbfnbcaeplbcioakkpcpgfkobkghlhen'),
    permissions: ['cookies', 'notifications', 'scripting', 'storage', 'tabs', '<all_urls>'],
    userShare: 0.12,
  },
  {
    appId: 'mmfbcljfglbokpmkimbfghdkjmjhdgbg',
    appType: 'APP',
    appSource: 'CHROME_WEBSTORE',
    displayName: 'Text',
    description: 'A text editor for ChromeOS.',
    homepageUri: webStore('mmfbcljfglbokpmkimbfghdkjmjhdgbg'),
    permissions: ['clipboardRead', 'clipboardWrite', 'fileSystem', 'storage'],
    userShare: 0.6,
  },
  {
    appId: 'com.google.android.apps.classroom',
    appType: 'ANDROID_APP',
    appSource: 'PLAY_STORE',
    displayName: 'Google Classroom',
    description: 'Classroom helps classes communicate, save time, and stay organized.',
    homepageUri: 'https://play.google.com/store/apps/details?id=com.google.android.apps.classroom',
    permissions: ['android.permission.CAMERA', 'android.permission.INTERNET'],
    userShare: 0.2,
  },
];
