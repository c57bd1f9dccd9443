import { DEVICE_QUERY_OPERATORS, type DeviceQueryOperator } from './device-query-operators.ts';

/**
 * The query help's groups: every operator of the catalog in the group an admin would look in
 * (identity, who and where, when, health and hardware), and a filter over names and descriptions.
 */

export const HELP_GROUPS = [
  {
    title: 'Identity',
    names: [
      'id',
      'serial',
      'asset_id',
      'device_id',
      'status',
      'model',
      'public_model_name',
      'sku',
      'license_sku',
      'wifi_mac',
      'ethernet_mac',
      'meid',
    ],
  },
  { title: 'People and places', names: ['user', 'recent_user', 'location', 'note', 'ou'] },
  {
    title: 'Dates and sync',
    names: ['sync', 'stale', 'active', 'register', 'last_user_activity', 'aue', 'policy_status'],
  },
  {
    title: 'Health and hardware',
    names: [
      'battery',
      'compliance',
      'update_status',
      'chrome_version',
      'boot_mode',
      'storage',
      'storage_free',
      'ram',
      'cpu_model_name',
    ],
  },
  { title: 'Any field', names: ['has'] },
] as const;

export interface HelpGroup {
  readonly title: string;
  readonly operators: readonly DeviceQueryOperator[];
}

const BY_NAME = new Map(DEVICE_QUERY_OPERATORS.map((operator) => [operator.name, operator]));

/** Why: a typed word finds an operator by its name, an alias, what it matches or its group ("battery", "mac", "date"). */
export function helpGroups(filter: string): HelpGroup[] {
  const needle = filter.trim().toLowerCase().replace(/:$/, '');
  const matches = (operator: DeviceQueryOperator) =>
    needle === '' ||
    [operator.name, ...operator.aliases, operator.description].some((text) =>
      text.toLowerCase().includes(needle),
    );
  return HELP_GROUPS.map((group) => {
    // "date" shows the whole "Dates and sync" group, not only the operators that say "date".
    const wholeGroup = group.title.toLowerCase().includes(needle);
    return {
      title: group.title,
      operators: group.names
        .map((name) => BY_NAME.get(name))
        .filter(
          (operator): operator is DeviceQueryOperator =>
            operator !== undefined && (wholeGroup || matches(operator)),
        ),
    };
  }).filter((group) => group.operators.length > 0);
}
