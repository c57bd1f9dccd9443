/**
 * The fleet query language's operators: Google's documented device operators and ours, with the
 * query words mapped to stored values. Help and autocomplete read this catalog; the parser
 * (device-query.ts) validates terms against it.
 */

/** Bounds of one query, checked by the parser in the browser and again on the server. */
export const DEVICE_QUERY_LIMITS = {
  /** Characters of one query. */
  maxChars: 2000,
  /** Terms of one query. */
  maxTerms: 50,
  /** Values of one `field:a,b,c` term. */
  maxValuesPerTerm: 50,
  /** `id:` needs this many characters, as Google's. */
  minSerialPartial: 3,
} as const;

export type ValueKind =
  | 'text'
  | 'status'
  | 'mapped'
  | 'date'
  | 'aue'
  | 'relative'
  | 'bytes'
  | 'storageFree'
  | 'boolean'
  | 'orgUnit'
  | 'has';

export interface DeviceQueryOperator {
  readonly name: string;
  readonly aliases: readonly string[];
  /** How its value is written, for help and autocomplete. */
  readonly hint: string;
  readonly description: string;
  /** Suggested values for autocomplete (enumerations). */
  readonly values: readonly string[];
  /** Whether the operator is Google's documented one (else ours). */
  readonly google: boolean;
  readonly valueKind: ValueKind;
}

export const DIRECTORY_STATUSES = [
  'ACTIVE',
  'DELINQUENT',
  'DEPROVISIONED',
  'DISABLED',
  'INACTIVE',
  'PRE_PROVISIONED',
  'RETURN_ARRIVED',
  'RETURN_REQUESTED',
  'SHIPPED',
  'UNKNOWN',
] as const;

/** Query words mapped to the values the sync stores (lower-case keys). `null` = no value stored. */
export const MAPPED_VALUES: Readonly<Record<string, Readonly<Record<string, readonly (string | null)[]>>>> = {
  battery: {
    normal: ['BATTERY_HEALTH_NORMAL'],
    battery_health_normal: ['BATTERY_HEALTH_NORMAL'],
    replace_soon: ['BATTERY_REPLACE_SOON'],
    battery_replace_soon: ['BATTERY_REPLACE_SOON'],
    replace_now: ['BATTERY_REPLACE_NOW'],
    battery_replace_now: ['BATTERY_REPLACE_NOW'],
    unknown: ['BATTERY_HEALTH_UNSPECIFIED', null],
  },
  compliance: {
    compliant: ['compliant'],
    pending_update: ['pending'],
    pending: ['pending'],
    not_compliant: ['notCompliant'],
    notcompliant: ['notCompliant'],
    unknown: ['complianceUnspecified', null],
  },
  update_status: {
    default_os_up_to_date: ['updateStateUnspecified', null],
    up_to_date: ['updateStateUnspecified', null],
    pending_update: ['updateStateNotStarted', 'updateStateDownloadInProgress', 'updateStateNeedReboot'],
    os_image_download_not_started: ['updateStateNotStarted'],
    os_image_download_in_progress: ['updateStateDownloadInProgress'],
    os_update_need_reboot: ['updateStateNeedReboot'],
  },
  boot_mode: {
    dev: ['Dev'],
    verified: ['Verified'],
    unknown: [null],
  },
  sku: {
    education: ['education', 'educationUpgrade', 'educationUpgradePerpetual', 'educationUpgradeFixedTerm'],
    enterprise: [
      'enterprise',
      'enterpriseUpgrade',
      'enterpriseUpgradePerpetual',
      'enterpriseUpgradeFixedTerm',
    ],
    kiosk: ['kioskUpgrade'],
  },
  license_sku: {
    standalone_chrome_enterprise_upgrade: [
      'enterpriseUpgrade',
      'enterpriseUpgradePerpetual',
      'enterpriseUpgradeFixedTerm',
      'educationUpgrade',
      'educationUpgradePerpetual',
      'educationUpgradeFixedTerm',
    ],
    chrome_enterprise_upgrade_bundled: ['enterprise', 'education'],
    standalone_kiosk_and_signage_upgrade: ['kioskUpgrade'],
  },
};

/** Columns `has:` can test. */
export const HAS_FIELDS = [
  'asset_id',
  'user',
  'location',
  'note',
  'model',
  'aue',
  'battery',
  'compliance',
  'sync',
  'recent_user',
  'ou',
  'status',
] as const;
export type HasField = (typeof HAS_FIELDS)[number];

function op(
  name: string,
  valueKind: ValueKind,
  hint: string,
  description: string,
  extra: { aliases?: string[]; values?: readonly string[]; google?: boolean } = {},
): DeviceQueryOperator {
  return {
    name,
    aliases: extra.aliases ?? [],
    hint,
    description,
    values: extra.values ?? (valueKind === 'mapped' ? Object.keys(MAPPED_VALUES[name] ?? {}) : []),
    google: extra.google ?? true,
    valueKind,
  };
}

/** The term catalog, in the order help lists it. */
export const DEVICE_QUERY_OPERATORS = [
  op('status', 'status', 'ACTIVE | DISABLED | DEPROVISIONED | provisioned | managed', 'Directory status', {
    values: [...DIRECTORY_STATUSES, 'provisioned', 'managed'],
  }),
  op('id', 'text', 'serial, at least 3 characters', 'Serial number, partial match'),
  op('serial', 'text', 'serial number', 'Serial number, exact match', { google: false }),
  op('asset_id', 'text', 'asset ID', 'Asset ID, partial match', { aliases: ['asset'] }),
  op('user', 'text', 'name or "phrase"', 'Assigned user, word or phrase match'),
  op('location', 'text', 'text or "phrase"', 'Location, partial match'),
  op('note', 'text', 'text or "phrase"', 'Notes, partial match', { aliases: ['notes'] }),
  op('model', 'text', '"model name"', 'Model, exact match (any case)', { google: false }),
  op('public_model_name', 'text', '"model name"', 'Model, partial match'),
  op('recent_user', 'text', 'user@example.com', 'Most recent user (email), exact match'),
  op('ou', 'orgUnit', '/Path or =/Path', 'Organizational unit and its sub-units (= for that unit only)', {
    aliases: ['orgunitpath', 'org_unit'],
    google: false,
  }),
  op('sync', 'date', 'YYYY-MM-DD, ..YYYY-MM-DD, YYYY-MM-DD.., A..B', 'Last policy sync'),
  op('register', 'date', 'YYYY-MM-DD, A..B', 'Enrollment date (last enrollment)'),
  op('last_user_activity', 'date', 'YYYY-MM-DD, A..B', 'Last user activity (last sync as reported)'),
  op('aue', 'aue', 'expired | <6m | <12m | YYYY-MM-DD..YYYY-MM-DD', 'Auto-update expiration', {
    values: ['expired', '<6m', '<12m', 'unknown'],
  }),
  op('stale', 'relative', '30d | 90d | 8w | 6m | 1y', 'No sync for that long, or never synced', {
    values: ['7d', '30d', '90d'],
    google: false,
  }),
  op('active', 'relative', '7d | 30d', 'Synced within that span', { values: ['7d', '30d'], google: false }),
  op('battery', 'mapped', 'normal | replace_soon | replace_now | unknown', 'Battery health', {
    google: false,
  }),
  op('compliance', 'mapped', 'compliant | pending_update | not_compliant', 'OS version compliance'),
  op('update_status', 'mapped', 'pending_update | os_update_need_reboot | ...', 'OS update status'),
  op('boot_mode', 'mapped', 'verified | dev', 'Boot mode'),
  op('chrome_version', 'text', '111 or 111;prefix', 'Chrome OS version, partial (;prefix for a prefix)'),
  op(
    'storage',
    'bytes',
    '32GB, ..64GB, 32GB..128GB',
    'Total storage (bytes, optional KB/MB/GB/TB; 32GB: a 32 GB device)',
  ),
  op('storage_free', 'storageFree', '..10% or ..5GB', 'Free storage, share of total or bytes', {
    google: false,
  }),
  op('ram', 'bytes', '4GB, 4GB.., ..8GB', 'Total memory (bytes, optional units; 4GB: a 4 GB device)'),
  op('wifi_mac', 'text', '6c2995724c50', 'Wi-Fi MAC, exact (colons optional)'),
  op('ethernet_mac', 'text', 'e8ea6a157981', 'Ethernet MAC, exact (colons optional)'),
  op('cpu_model_name', 'text', 'Intel', 'CPU model, partial match'),
  op('meid', 'text', 'digits', 'MEID/IMEI, partial match'),
  op('sku', 'mapped', 'education | enterprise', 'Device license type'),
  op('license_sku', 'mapped', 'standalone_chrome_enterprise_upgrade | ...', 'Upgrade license type'),
  op(
    'policy_status',
    'boolean',
    'true | false',
    'OS still supports policies (false = past auto-update expiration)',
    {
      values: ['true', 'false'],
    },
  ),
  op('device_id', 'text', 'Directory device ID', 'Device ID, exact match', { google: false }),
  op('has', 'has', HAS_FIELDS.join(' | '), 'The field has a value (-has: for none)', {
    values: HAS_FIELDS,
    google: false,
  }),
] as const satisfies readonly DeviceQueryOperator[];

export type DeviceQueryOperatorName = (typeof DEVICE_QUERY_OPERATORS)[number]['name'];

export const OPERATOR_BY_NAME = new Map<string, DeviceQueryOperator>();
for (const operator of DEVICE_QUERY_OPERATORS) {
  OPERATOR_BY_NAME.set(operator.name, operator);
  for (const alias of operator.aliases) OPERATOR_BY_NAME.set(alias, operator);
}

/** Why: autocomplete and help look operators up by name or alias, in any case. */
export function findDeviceQueryOperator(name: string): DeviceQueryOperator | undefined {
  return OPERATOR_BY_NAME.get(name.toLowerCase());
}

/** Why: autocomplete offers the operators that start with what was typed. */
export function suggestDeviceQueryOperators(prefix: string): DeviceQueryOperator[] {
  const lower = prefix.toLowerCase();
  return DEVICE_QUERY_OPERATORS.filter(
    (operator) =>
      operator.name.startsWith(lower) || operator.aliases.some((alias) => alias.startsWith(lower)),
  );
}
