import { sql, type Kysely, type RawBuilder } from 'kysely';
import { quoteDeviceQueryValue } from '@fleetdeck/shared/device-query';
import type { FacetId, FacetsResponse } from '@fleetdeck/shared/fleet-contract';
import type { DB } from '../../db/schema.ts';
import { ALL_DEVICES, type DeviceRelation } from './device-relation.ts';

/**
 * Facet counts for the current query: status, model, OU, compliance, AUE year and battery health,
 * in one scan (grouping sets), each bucket with the query term that selects it.
 */

/**
 * Buckets per facet. High enough that a district's every OU and model is listed (real ones have
 * tens to a few hundred); past it, the long tail is cut after the largest buckets and the answer
 * says how many values and devices were left out (`more`), so the panel never passes a cut list
 * for the whole.
 */
export const MAX_FACET_BUCKETS = 500;

const COMPLIANCE_TERMS: Readonly<Record<string, string>> = {
  compliant: 'compliance:compliant',
  pending: 'compliance:pending_update',
  notCompliant: 'compliance:not_compliant',
  complianceUnspecified: 'compliance:unknown',
};

const BATTERY_TERMS: Readonly<Record<string, string>> = {
  BATTERY_HEALTH_NORMAL: 'battery:normal',
  BATTERY_REPLACE_SOON: 'battery:replace_soon',
  BATTERY_REPLACE_NOW: 'battery:replace_now',
  BATTERY_HEALTH_UNSPECIFIED: 'battery:unknown',
};

function termFor(facet: FacetId, value: string | null): string {
  switch (facet) {
    case 'status':
      return value === null ? '-has:status' : `status:${value}`;
    case 'model':
      return value === null ? '-has:model' : `model:${quoteDeviceQueryValue(value)}`;
    case 'orgUnit':
      return value === null ? '-has:ou' : `ou:${quoteDeviceQueryValue(`=${value}`)}`;
    case 'compliance':
      return value === null ? 'compliance:unknown' : (COMPLIANCE_TERMS[value] ?? 'has:compliance');
    case 'aueYear':
      return value === null ? '-has:aue' : `aue:${value}-01-01..${value}-12-31`;
    case 'batteryHealth':
      return value === null ? 'battery:unknown' : (BATTERY_TERMS[value] ?? 'has:battery');
  }
}

interface FacetRow {
  facet: FacetId;
  value: string | null;
  n: number;
  /** The facet's values and devices in all (the same on each of its rows). */
  values: number;
  devices: number;
}

/** Why: the filter panel shows how many devices each value would leave, for the current query. */
export async function readFacets(
  db: Kysely<DB>,
  where: RawBuilder<boolean>,
  relation: DeviceRelation = ALL_DEVICES,
  maxBuckets = MAX_FACET_BUCKETS,
): Promise<FacetsResponse> {
  const { rows } = await sql<FacetRow>`
    with m as (
      select d.status, d.model, d.org_unit_path, d.os_compliance,
        extract(year from d.aue_date)::int::text as aue_year, d.battery_health
      from ${relation} d where ${where}
    ),
    g as (
      select
        case
          when grouping(status) = 0 then 'status'
          when grouping(model) = 0 then 'model'
          when grouping(org_unit_path) = 0 then 'orgUnit'
          when grouping(os_compliance) = 0 then 'compliance'
          when grouping(aue_year) = 0 then 'aueYear'
          else 'batteryHealth'
        end as facet,
        coalesce(status, model, org_unit_path, os_compliance, aue_year, battery_health) as value,
        count(*)::int as n
      from m
      group by grouping sets ((status), (model), (org_unit_path), (os_compliance), (aue_year), (battery_health))
    )
    select facet, value, n, values, devices from (
      select facet, value, n, row_number() over (partition by facet order by n desc, value) as rank,
        count(*) over (partition by facet)::int as values,
        sum(n) over (partition by facet)::int as devices
      from g
    ) ranked where rank <= ${maxBuckets}
    order by facet, n desc, value`.execute(db);
  const facets: FacetsResponse['facets'] = {
    status: [],
    model: [],
    orgUnit: [],
    compliance: [],
    aueYear: [],
    batteryHealth: [],
  };
  const more: NonNullable<FacetsResponse['more']> = {};
  for (const row of rows) {
    const listed = facets[row.facet];
    listed.push({ value: row.value, count: row.n, term: termFor(row.facet, row.value) });
    if (listed.length === maxBuckets && row.values > maxBuckets) {
      const devices = row.devices - listed.reduce((sum, bucket) => sum + bucket.count, 0);
      more[row.facet] = { values: row.values - maxBuckets, devices };
    }
  }
  if (facets.aueYear.length > 0)
    facets.aueYear.sort((a, b) => (a.value ?? '9999').localeCompare(b.value ?? '9999'));
  return Object.keys(more).length > 0 ? { facets, more } : { facets };
}
