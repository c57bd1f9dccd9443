import { bool, enumOf, list, text, type SchemaDefinition } from './schema-definition.ts';

/*
 * ChromeOS user policies (`chrome.users.*`). Names and field shapes follow reference §3.5 (GAM's schema
 * table). Enum wire prefixes are only verified for IncognitoMode and DefaultPrintColor; the others follow
 * the same `<EnumName>_ENUM_<VALUE>` convention (UNVERIFIED). Homepage and BrowserHistoryDeletion are real
 * Admin console settings whose API field names are UNVERIFIED.
 */

const USER_SETTINGS = 'https://support.google.com/chrome/a/answer/2657289';

export const USER_SCHEMAS: readonly SchemaDefinition[] = [
  {
    schemaName: 'chrome.users.IncognitoMode',
    description: 'Controls whether users may open incognito windows.',
    categoryTitle: 'Security',
    supportUri: USER_SETTINGS,
    fields: [
      {
        name: 'incognitoModeAvailability',
        description: 'Incognito mode.',
        type: enumOf('IncognitoModeAvailabilityEnum', [
          ['AVAILABLE', 'Allow incognito mode.'],
          ['UNAVAILABLE', 'Disallow incognito mode.'],
          ['FORCED', 'Force incognito mode: every window opens in incognito.'],
        ]),
        defaultValue: 'INCOGNITO_MODE_AVAILABILITY_ENUM_AVAILABLE',
      },
    ],
  },
  {
    schemaName: 'chrome.users.ShowLogoutButton',
    description: 'Shows a large sign-out button in the system tray.',
    categoryTitle: 'User experience',
    supportUri: USER_SETTINGS,
    fields: [
      {
        name: 'showLogoutButtonInTray',
        description: 'Show a sign-out button in the tray.',
        type: bool(),
        defaultValue: false,
      },
    ],
  },
  {
    schemaName: 'chrome.users.UrlBlocking',
    description: 'Blocks URLs users may visit, with exceptions.',
    categoryTitle: 'Content',
    supportUri: USER_SETTINGS,
    fields: [
      { name: 'urlBlocklist', description: 'Blocked URLs (at most 1,000 patterns).', type: list(1000) },
      {
        name: 'urlAllowlist',
        description: 'Exceptions to the blocked URLs (at most 1,000 patterns).',
        type: list(1000),
      },
      {
        name: 'chromeInternalUrlsBlocked',
        description: 'Block chrome:// internal pages as well.',
        type: bool(),
        defaultValue: false,
      },
    ],
  },
  {
    schemaName: 'chrome.users.DefaultPrintColor',
    description: 'The default colour mode for printing.',
    categoryTitle: 'Printing',
    supportUri: USER_SETTINGS,
    fields: [
      {
        name: 'printingColorDefault',
        description: 'Default colour printing mode.',
        type: enumOf('DefaultPrintColorEnum', [
          ['COLOR', 'Colour.'],
          ['MONOCHROME', 'Black and white.'],
        ]),
        defaultValue: 'DEFAULT_PRINT_COLOR_ENUM_COLOR',
      },
    ],
  },
  {
    schemaName: 'chrome.users.DeveloperTools',
    description: 'Controls access to Chrome developer tools and extension developer mode.',
    categoryTitle: 'Security',
    supportUri: USER_SETTINGS,
    fields: [
      {
        name: 'developerToolsAvailability',
        description: 'Developer tools.',
        type: enumOf('DeveloperToolsAvailabilityEnum', [
          ['ALWAYS_ALLOW_DEVELOPER_TOOLS', 'Always allow use of built-in developer tools.'],
          [
            'ALLOW_DEVELOPER_TOOLS_EXCEPT_FORCE_INSTALLED',
            'Allow developer tools except on force-installed extensions.',
          ],
          ['NEVER_ALLOW_DEVELOPER_TOOLS', 'Never allow use of built-in developer tools.'],
        ]),
        defaultValue: 'DEVELOPER_TOOLS_AVAILABILITY_ENUM_ALLOW_DEVELOPER_TOOLS_EXCEPT_FORCE_INSTALLED',
      },
      {
        name: 'extensionDeveloperModeSettings',
        description: 'Extension developer mode on chrome://extensions.',
        type: enumOf('ExtensionDeveloperModeSettingsEnum', [
          ['UNSET', 'Follow the developer tools setting.'],
          ['ALLOW', 'Allow extension developer mode.'],
          ['DISALLOW', 'Do not allow extension developer mode.'],
        ]),
        defaultValue: 'EXTENSION_DEVELOPER_MODE_SETTINGS_ENUM_UNSET',
      },
    ],
  },
  {
    schemaName: 'chrome.users.SafeBrowsingProtectionLevel',
    description: 'The Safe Browsing protection level users get.',
    categoryTitle: 'Security',
    supportUri: USER_SETTINGS,
    fields: [
      {
        name: 'safeBrowsingProtectionLevel',
        description: 'Safe Browsing protection.',
        type: enumOf('SafeBrowsingProtectionLevelEnum', [
          ['USER_CHOICE', 'Allow the user to decide.'],
          ['NO_PROTECTION', 'Safe Browsing is never active.'],
          ['STANDARD_PROTECTION', 'Standard protection.'],
          ['ENHANCED_PROTECTION', 'Enhanced protection: faster, proactive protection.'],
        ]),
        defaultValue: 'SAFE_BROWSING_PROTECTION_LEVEL_ENUM_USER_CHOICE',
      },
      {
        name: 'safeBrowsingProxiedRealTimeChecksAllowed',
        description: 'Allow proxied real-time URL checks.',
        type: bool(),
        defaultValue: true,
      },
    ],
  },
  {
    schemaName: 'chrome.users.SecondaryGoogleAccountSignin',
    description: 'Whether users may add secondary Google accounts, and which domains they may come from.',
    categoryTitle: 'Sign-in settings',
    supportUri: USER_SETTINGS,
    fields: [
      {
        name: 'secondaryGoogleAccountSigninAllowed',
        description: 'Secondary Google account sign-in.',
        type: enumOf('SecondaryGoogleAccountSigninAllowedEnum', [
          ['UNSET', 'Allow users to sign in to secondary accounts.'],
          ['FALSE', 'Block users from signing in to or out of secondary accounts.'],
          ['TRUE', 'Allow users to sign in only to the listed domains.'],
        ]),
        defaultValue: 'SECONDARY_GOOGLE_ACCOUNT_SIGNIN_ALLOWED_ENUM_UNSET',
      },
      {
        name: 'allowedDomainsForApps',
        description: 'Domains secondary accounts may belong to.',
        type: list(1000),
      },
    ],
  },
  {
    schemaName: 'chrome.users.Homepage',
    description: 'The page Chrome opens from the Home button.',
    categoryTitle: 'Startup',
    supportUri: USER_SETTINGS,
    fields: [
      {
        name: 'homepageIsNewTabPage',
        description: 'Use the New Tab page as the homepage.',
        type: bool(),
        defaultValue: true,
      },
      {
        name: 'homepageLocation',
        description: 'Homepage URL, when the New Tab page is not used.',
        type: text(2048),
      },
    ],
  },
  {
    schemaName: 'chrome.users.BrowserHistoryDeletion',
    description: 'Whether users may delete browser and download history.',
    categoryTitle: 'User experience',
    supportUri: USER_SETTINGS,
    fields: [
      {
        name: 'allowDeletingBrowserHistory',
        description: 'Allow deleting browser history.',
        type: bool(),
        defaultValue: true,
      },
    ],
  },
  {
    schemaName: 'chrome.users.apps.InstallType',
    description: 'How an app or extension is installed for users.',
    categoryTitle: 'Apps and extensions',
    supportUri: 'https://support.google.com/chrome/a/answer/6177431',
    additionalTargetKeys: [{ key: 'app_id', keyDescription: 'App identifier, e.g. chrome:<extension id>.' }],
    fields: [
      {
        name: 'appInstallType',
        description: 'Installation policy.',
        type: enumOf('AppInstallTypeEnum', [
          ['BLOCKED', 'Block: users cannot install it.'],
          ['ALLOWED', 'Allow install: users may install it.'],
          ['FORCED', 'Force install.'],
          ['FORCED_AND_PIN_TO_TOOLBAR', 'Force install and pin to the toolbar.'],
          ['NORMAL', 'Install and allow users to remove it.'],
          ['NORMAL_AND_PIN_TO_TOOLBAR', 'Install, pin to the toolbar, allow users to remove it.'],
          ['REMOVE', 'Remove it if installed.'],
        ]),
      },
    ],
  },
];
