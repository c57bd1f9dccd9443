import {
  bool,
  enumOf,
  int32,
  int64,
  list,
  message,
  text,
  type SchemaDefinition,
} from './schema-definition.ts';

/*
 * ChromeOS device policies (`chrome.devices.*`), from reference §3.5. AutoUpdateSettings carries a subset
 * of its real fields (the rollout plan and time restrictions are left out). Enum wire prefixes follow
 * the `<EnumName>_ENUM_<VALUE>` convention and are UNVERIFIED for these schemas.
 */

const DEVICE_SETTINGS = 'https://support.google.com/chrome/a/answer/1375678';
const DAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
const TELEMETRY = [
  'report_network_status',
  'report_activity_times',
  'report_power_status',
  'report_storage_status',
  'report_cpu_info',
  'report_memory_info',
  'report_peripherals',
] as const;

export const DEVICE_SCHEMAS: readonly SchemaDefinition[] = [
  {
    schemaName: 'chrome.devices.SignInRestriction',
    description: 'Who may sign in to the device.',
    categoryTitle: 'Sign-in settings',
    supportUri: DEVICE_SETTINGS,
    fields: [
      {
        name: 'deviceAllowNewUsers',
        description: 'Sign-in restriction.',
        type: enumOf('DeviceAllowNewUsersEnum', [
          ['RESTRICTED_LIST', 'Restrict sign-in to a list of users.'],
          ['ANY_USER', 'Allow any user to sign in.'],
          ['NO_USERS', 'Do not allow any user to sign in.'],
        ]),
        defaultValue: 'DEVICE_ALLOW_NEW_USERS_ENUM_ANY_USER',
      },
      {
        name: 'userAllowlist',
        description: 'Users allowed to sign in; `*@domain` matches a whole domain.',
        type: list(1000),
      },
    ],
  },
  {
    schemaName: 'chrome.devices.GuestMode',
    description: 'Whether guest browsing is offered on the sign-in screen.',
    categoryTitle: 'Sign-in settings',
    supportUri: DEVICE_SETTINGS,
    fields: [
      { name: 'guestModeEnabled', description: 'Allow guest mode.', type: bool(), defaultValue: true },
    ],
  },
  {
    schemaName: 'chrome.devices.ForcedReenrollment',
    description: 'What happens when a device is wiped: re-enrol automatically, manually, or not at all.',
    categoryTitle: 'Enrollment and access',
    supportUri: DEVICE_SETTINGS,
    fields: [
      {
        name: 'reenrollmentMode',
        description: 'Forced re-enrollment.',
        type: enumOf('ReenrollmentModeEnum', [
          ['AUTO_REENROLLMENT', 'Force the device to re-enrol automatically after a wipe.'],
          ['MANUAL_REENROLLMENT', 'Force the device to re-enrol with user credentials after a wipe.'],
          ['NO_REENROLLMENT', 'The device is not forced to re-enrol after a wipe.'],
        ]),
        defaultValue: 'REENROLLMENT_MODE_ENUM_AUTO_REENROLLMENT',
      },
    ],
  },
  {
    schemaName: 'chrome.devices.DisabledDeviceReturnInstructions',
    description: 'The message a disabled (lost or stolen) device shows on its screen.',
    categoryTitle: 'Enrollment and access',
    supportUri: DEVICE_SETTINGS,
    fields: [
      {
        name: 'deviceDisabledMessage',
        description: 'Disabled device return instructions.',
        type: text(4096),
      },
    ],
  },
  {
    schemaName: 'chrome.devices.AutoUpdateSettings',
    description: 'How and when ChromeOS updates itself.',
    categoryTitle: 'Device update settings',
    supportUri: DEVICE_SETTINGS,
    fields: [
      { name: 'updateDisabled', description: 'Stop auto-updates.', type: bool(), defaultValue: false },
      {
        name: 'rebootAfterUpdate',
        description: 'Reboot automatically after an update.',
        type: bool(),
        defaultValue: false,
      },
      {
        name: 'autoUpdateAllowedConnectionType',
        description: 'Connections updates may download over.',
        type: enumOf('AutoUpdateAllowedConnectionTypeEnum', [
          ['WIFI_AND_ETHERNET', 'Wi-Fi and Ethernet only.'],
          ['ALL_CONNECTIONS', 'All connections, cellular included.'],
        ]),
        defaultValue: 'AUTO_UPDATE_ALLOWED_CONNECTION_TYPE_ENUM_WIFI_AND_ETHERNET',
      },
      {
        name: 'deviceRollbackToTargetVersion',
        description: 'Roll back to the target version when it is older than the installed one.',
        type: enumOf('DeviceRollbackToTargetVersionEnum', [
          ['ROLLBACK_DISABLED', 'Do not roll back.'],
          ['ROLLBACK_AND_RESTORE_IF_POSSIBLE', 'Roll back and keep data and settings where possible.'],
        ]),
        defaultValue: 'DEVICE_ROLLBACK_TO_TARGET_VERSION_ENUM_ROLLBACK_DISABLED',
      },
      {
        name: 'releaseChannelWithLts',
        description: 'Release channel.',
        type: enumOf('ReleaseChannelWithLtsEnum', [
          ['ALLOW_USER_CHOICE', 'Allow the user to choose.'],
          ['STABLE_CHANNEL', 'Stable channel.'],
          ['BETA_CHANNEL', 'Beta channel.'],
          ['LTS_CHANNEL', 'Long-term support channel.'],
          ['LTC_CHANNEL', 'Long-term support candidate channel.'],
          ['DEV_CHANNEL', 'Dev channel (not recommended).'],
        ]),
        defaultValue: 'RELEASE_CHANNEL_WITH_LTS_ENUM_ALLOW_USER_CHOICE',
      },
      {
        name: 'deviceMinimumVersion',
        description: 'Enforce a minimum ChromeOS version.',
        type: message('DeviceMinimumVersion', [
          {
            name: 'chromeosVersion',
            description: 'Minimum version, e.g. 124 or 124.0.6367.',
            type: text(32),
          },
          {
            name: 'warningPeriodDays',
            description: 'Days before an out-of-date device is blocked.',
            type: int64(0, 365),
          },
          {
            name: 'aueWarningPeriodDays',
            description: 'Days of warning for devices past their Auto Update Expiration.',
            type: int64(0, 365),
          },
        ]),
      },
      {
        name: 'deviceMinimumVersionAueMessage',
        description: 'Message shown on devices past their AUE date.',
        type: text(4096),
      },
      {
        name: 'autoUpdateHttpDownloadsEnabled',
        description: 'Allow update downloads over HTTP.',
        type: bool(),
        defaultValue: false,
      },
    ],
  },
  {
    schemaName: 'chrome.devices.DeviceExtendedAutoUpdateEnabled',
    description: 'Opt eligible devices in to extended auto-updates.',
    categoryTitle: 'Device update settings',
    supportUri: 'https://support.google.com/chrome/a/answer/14328032',
    fields: [
      {
        name: 'deviceExtendedAutoUpdateEnabled',
        description: 'Extended auto-updates.',
        type: bool(),
        defaultValue: false,
      },
    ],
  },
  {
    schemaName: 'chrome.devices.DeviceScheduledReboot',
    description: 'Reboot devices on a schedule.',
    categoryTitle: 'Power and shutdown',
    supportUri: DEVICE_SETTINGS,
    fields: [
      {
        name: 'deviceScheduledRebootEnabled',
        description: 'Scheduled reboot.',
        type: bool(),
        defaultValue: false,
      },
      {
        name: 'deviceScheduledRebootTimeOfDay',
        description: 'Time of day of the reboot.',
        type: message('DeviceScheduledRebootTimeOfDay', [
          {
            name: 'timeOfDay',
            description: 'Local time.',
            type: message('TimeOfDay', [
              { name: 'hours', description: 'Hours (0–23).', type: int32(0, 23) },
              { name: 'minutes', description: 'Minutes (0–59).', type: int32(0, 59) },
              { name: 'seconds', description: 'Seconds (0–59).', type: int32(0, 59) },
              { name: 'nanos', description: 'Nanoseconds.', type: int32(0, 999_999_999) },
            ]),
          },
        ]),
      },
      {
        name: 'deviceScheduledRebootFrequency',
        description: 'How often to reboot.',
        type: enumOf('DeviceScheduledRebootFrequencyEnum', [
          ['DAILY', 'Every day.'],
          ['WEEKLY', 'Every week.'],
          ['MONTHLY', 'Every month.'],
        ]),
      },
      {
        name: 'deviceScheduledRebootDayOfWeek',
        description: 'Day of the week, for weekly reboots.',
        type: enumOf(
          'DeviceScheduledRebootDayOfWeekEnum',
          DAYS.map((day) => [day, `${day.charAt(0)}${day.slice(1).toLowerCase()}.`] as const),
        ),
      },
      {
        name: 'deviceScheduledRebootDayOfMonth',
        description: 'Day of the month, for monthly reboots.',
        type: int64(1, 31),
      },
    ],
  },
  {
    schemaName: 'chrome.devices.Timezone',
    description: 'The device time zone and how it is detected.',
    categoryTitle: 'Other settings',
    supportUri: DEVICE_SETTINGS,
    fields: [
      // A `SystemTimezone` wrapper message, `{ "value": "…" }` on the wire (reference §3.5).
      {
        name: 'systemTimezone',
        description: 'Time zone.',
        type: message('SystemTimezone', [
          { name: 'value', description: 'IANA time zone id.', type: text(64) },
        ]),
      },
      {
        name: 'timezoneDetectionType',
        description: 'Automatic time zone detection.',
        type: enumOf('TimezoneDetectionTypeEnum', [
          ['USERS_DECIDE', 'Let users decide.'],
          ['DISABLED', 'Never detect the time zone automatically.'],
          ['IP_ONLY', 'Use only the IP address.'],
          ['SEND_WIFI_ACCESS_POINTS', 'Send Wi-Fi access points to the server.'],
          ['SEND_ALL_LOCATION_INFO', 'Send all location information.'],
        ]),
        defaultValue: 'TIMEZONE_DETECTION_TYPE_ENUM_USERS_DECIDE',
      },
    ],
  },
  {
    schemaName: 'chrome.devices.EnableReportDeviceUsers',
    description: 'Report which users signed in to the device (fills `recentUsers`).',
    categoryTitle: 'Device reporting',
    supportUri: DEVICE_SETTINGS,
    fields: [
      { name: 'reportDeviceUsers', description: 'Report device users.', type: bool(), defaultValue: true },
    ],
  },
  {
    schemaName: 'chrome.devices.EnableGranularDeviceTelemetryReporting',
    description: 'Which device telemetry is reported to the Admin console and the Chrome Management API.',
    categoryTitle: 'Device reporting',
    supportUri: DEVICE_SETTINGS,
    fields: [
      {
        name: 'reportingTelemetryBehavior',
        description: 'Device telemetry reporting.',
        type: enumOf('ReportingTelemetryBehaviorEnum', [
          ['REPORTING_DISABLE_ALL', 'Report nothing.'],
          ['REPORTING_ENABLE_ALL', 'Report all telemetry.'],
          ['REPORTING_CUSTOM_WITH_ALLOWLIST', 'Report only the listed telemetry.'],
        ]),
        defaultValue: 'REPORTING_TELEMETRY_BEHAVIOR_ENUM_REPORTING_ENABLE_ALL',
      },
      {
        name: 'reportTelemetryCustomAllowlist',
        description: 'Telemetry to report with the custom setting.',
        type: list(TELEMETRY.length, TELEMETRY),
      },
    ],
  },
  {
    schemaName: 'chrome.devices.Bluetooth',
    description: 'Whether Bluetooth can be used on the device.',
    categoryTitle: 'Hardware',
    supportUri: DEVICE_SETTINGS,
    fields: [{ name: 'allowBluetooth', description: 'Allow Bluetooth.', type: bool(), defaultValue: true }],
  },
];
