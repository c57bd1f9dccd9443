/**
 * The fleet-table query behind each dashboard number, next to the SQL predicate that counts it, so
 * a number and the table it opens always use one definition. Predicates read the `fleet_device`
 * columns of a live device; `now()` and `current_date` are the database's clock, as in the table.
 */

/** Every tile and chart except "devices by status" counts devices in service (status ACTIVE). */
export const IN_SERVICE = 'status:ACTIVE';

export interface Measure {
  readonly sql: string;
  readonly query: string;
}

/** Why: the tiles of the dashboard, each a predicate over an ACTIVE device and its query. */
export const TILE_MEASURES = {
  active7: { sql: `last_sync >= now() - interval '7 days'`, query: `${IN_SERVICE} active:7d` },
  active30: { sql: `last_sync >= now() - interval '30 days'`, query: `${IN_SERVICE} active:30d` },
  ghost30: {
    sql: `(last_sync < now() - interval '30 days' or last_sync is null)`,
    query: `${IN_SERVICE} stale:30d`,
  },
  ghost90: {
    sql: `(last_sync < now() - interval '90 days' or last_sync is null)`,
    query: `${IN_SERVICE} stale:90d`,
  },
  compliant: { sql: `os_compliance = 'compliant'`, query: `${IN_SERVICE} compliance:compliant` },
  aueExpired: { sql: `aue_date < current_date`, query: `${IN_SERVICE} aue:expired` },
  aue6m: {
    sql: `aue_date >= current_date and aue_date < current_date + interval '6 months'`,
    query: `${IN_SERVICE} aue:<6m`,
  },
  aue12m: {
    sql: `aue_date >= current_date and aue_date < current_date + interval '12 months'`,
    query: `${IN_SERVICE} aue:<12m`,
  },
  batteryReplaceSoon: {
    sql: `battery_health = 'BATTERY_REPLACE_SOON'`,
    query: `${IN_SERVICE} battery:replace_soon`,
  },
  batteryReplaceNow: {
    sql: `battery_health = 'BATTERY_REPLACE_NOW'`,
    query: `${IN_SERVICE} battery:replace_now`,
  },
  lowStorage: {
    sql: `storage_total_bytes > 0 and storage_free_bytes * 10 < storage_total_bytes`,
    query: `${IN_SERVICE} storage_free:..10%`,
  },
  devMode: { sql: `boot_mode = 'Dev'`, query: `${IN_SERVICE} boot_mode:dev` },
} as const satisfies Record<string, Measure>;

/**
 * Google's needs-attention categories counted from our copy ("no recent" = 28 days). The copy has
 * no user-activity times nor a policy-support flag, so those two use the fleet table's stand-ins:
 * the last sync for activity, and "past its AUE date" for unsupported policy.
 */
export const ATTENTION_MEASURES = {
  noPolicySync: {
    sql: `(last_sync < now() - interval '28 days' or last_sync is null)`,
    query: `${IN_SERVICE} stale:28d`,
  },
  noUserActivity: {
    // `last_user_activity:..D` is "before the day after D", D being 29 days before today (UTC).
    sql: `last_sync < (((now() at time zone 'UTC')::date - 28)::timestamp at time zone 'UTC')`,
    query: '',
  },
  osNotCompliant: { sql: `os_compliance = 'notCompliant'`, query: `${IN_SERVICE} compliance:not_compliant` },
  pendingUpdate: { sql: `os_compliance = 'pending'`, query: `${IN_SERVICE} compliance:pending_update` },
  unsupportedPolicy: { sql: `aue_date < current_date`, query: `${IN_SERVICE} policy_status:false` },
} as const satisfies Record<string, Measure>;

/** The no-user-activity query for rollups computed on `utcDay` (days since 1970-01-01, UTC). */
export function noUserActivityQuery(utcDay: number): string {
  const cutoff = new Date((utcDay - 29) * 86_400_000).toISOString().slice(0, 10);
  return `${IN_SERVICE} last_user_activity:..${cutoff}`;
}

/** Directory status values as the table's `status:` term spells them. */
export function statusQuery(status: string): string | null {
  return /^[A-Z_]+$/.test(status) ? `status:${status}` : null;
}

export const COMPLIANCE_QUERIES: Readonly<Record<string, string>> = {
  compliant: `${IN_SERVICE} compliance:compliant`,
  pending: `${IN_SERVICE} compliance:pending_update`,
  notCompliant: `${IN_SERVICE} compliance:not_compliant`,
};

export const BATTERY_QUERIES: Readonly<Record<string, string>> = {
  BATTERY_HEALTH_NORMAL: `${IN_SERVICE} battery:normal`,
  BATTERY_REPLACE_SOON: `${IN_SERVICE} battery:replace_soon`,
  BATTERY_REPLACE_NOW: `${IN_SERVICE} battery:replace_now`,
};

/** `model:"…"`; null for a name the quoted form cannot carry. */
export function modelTerm(model: string): string | null {
  return model.includes('"') || model.includes('\\') ? null : `model:"${model}"`;
}

export function modelQuery(model: string): string | null {
  const term = modelTerm(model);
  return term ? `${IN_SERVICE} ${term}` : null;
}

/** AUE dates of one school year (July 1 – June 30), in Google's date-range syntax. */
export function schoolYearRange(startYear: number): { from: string; to: string; term: string } {
  const from = `${startYear}-07-01`;
  const to = `${startYear + 1}-06-30`;
  return { from, to, term: `aue:${from}..${to}` };
}

export function osMajorQuery(major: number): string {
  return `${IN_SERVICE} chrome_version:${major};prefix`;
}

/**
 * Why: the tile and attention measures are counted in one pass as columns (`filters`), then turned
 * into (dimension, bucket, count) rows of `c` (`unpivot`); the organization's and the units'
 * rollups count them alike.
 */
export function measureColumns(): { filters: string[]; unpivot: string[] } {
  const measures = { ...TILE_MEASURES, ...ATTENTION_MEASURES };
  return {
    filters: Object.entries(measures).map(
      ([key, measure]) => `count(*) filter (where ${measure.sql})::int as "${key}"`,
    ),
    unpivot: Object.keys(measures).map(
      (key) => `('${key in TILE_MEASURES ? 'tile' : 'attention'}', '${key}', c."${key}")`,
    ),
  };
}
