import { sql, type Kysely } from 'kysely';
import { humanizeGoogleValue } from '@fleetdeck/shared/google-values';
import {
  type AttentionItem,
  type DashboardCount,
  type DashboardResponse,
  TILE_LABELS,
  type TileKey,
  type TrendPoint,
} from '@fleetdeck/shared/dashboard-contract';
import type { DB } from '../../db/schema.ts';
import {
  computeScopedRollups,
  readRollups,
  readScopedRollups,
  readScopedSnapshots,
  type RollupRow,
} from '../fleet-store/fleet-rollups.ts';
import {
  ATTENTION_MEASURES,
  BATTERY_QUERIES,
  COMPLIANCE_QUERIES,
  IN_SERVICE,
  modelQuery,
  noUserActivityQuery,
  osMajorQuery,
  statusQuery,
  TILE_MEASURES,
} from './fleet-queries.ts';
import { aueForecast } from './aue-forecast.ts';
import { readCostBook } from './replacement-costs.ts';

/**
 * Builds the dashboard from what the sync maintains: rollups (for a member limited to OU
 * subtrees, the sum of their units' rollups), the daily snapshots (theirs likewise), Google's
 * needs-attention report (whole-organization callers only: it counts every unit), the
 * replacement costs and the last sync run. A handful of small reads.
 */

export interface DashboardScope {
  readonly orgId: string;
  /** OU subtrees the caller may see; `['/']` is the whole fleet. */
  readonly ouPaths: readonly string[];
  /** `live` aggregates the device table now instead of reading the rollups (the reference tests compare). */
  readonly source?: 'rollups' | 'live' | undefined;
}

const COMPLIANCE_LABELS: Record<string, string> = {
  compliant: 'Compliant',
  pending: 'Pending update',
  notCompliant: 'Not compliant',
  Unknown: 'Not reported',
};
const BATTERY_LABELS: Record<string, string> = {
  BATTERY_HEALTH_NORMAL: 'Normal',
  BATTERY_REPLACE_SOON: 'Replace soon',
  BATTERY_REPLACE_NOW: 'Replace now',
  Unknown: 'Not reported',
};
const GOOGLE_ATTENTION_FIELDS = {
  noPolicySync: 'noRecentPolicySyncCount',
  noUserActivity: 'noRecentUserActivityCount',
  osNotCompliant: 'osVersionNotCompliantCount',
  pendingUpdate: 'pendingUpdate',
  unsupportedPolicy: 'unsupportedPolicyCount',
} as const;
const ATTENTION_LABELS = {
  noPolicySync: 'No policy sync in 28 days',
  noUserActivity: 'No user activity in 28 days',
  osNotCompliant: 'OS version not compliant',
  pendingUpdate: 'Pending update',
  unsupportedPolicy: 'Unsupported policy',
} as const;
const TREND_DAYS = 180;

/** Why: the one read behind `GET /api/dashboard`. */
export interface DashboardDeps {
  readonly db: Kysely<DB>;
}

/** Why: the dashboard API's one read: the caller's organization, within their units. */
export function dashboardOf(deps: DashboardDeps, scope: DashboardScope): Promise<DashboardResponse> {
  return loadDashboard(deps.db, { orgId: scope.orgId, ouPaths: scope.ouPaths });
}

export async function loadDashboard(
  db: Kysely<DB>,
  scope: DashboardScope,
  now = new Date(),
): Promise<DashboardResponse> {
  const whole = scope.ouPaths.includes('/');
  const [rows, runs, attentionReport, costs, trends] = await Promise.all([
    scope.source === 'live'
      ? computeScopedRollups(db, scope.orgId, scope.ouPaths)
      : whole
        ? readRollups(db, scope.orgId)
        : readScopedRollups(db, scope.orgId, scope.ouPaths),
    readRunState(db, scope.orgId),
    whole ? readAttentionReport(db, scope.orgId) : Promise.resolve(undefined),
    readCostBook(db, scope.orgId),
    whole ? readTrends(db, scope.orgId) : readScopedTrends(db, scope.orgId, scope.ouPaths),
  ]);
  const counts = indexRows(rows);
  const get = (dimension: string, bucket: string) => counts.get(dimension)?.get(bucket) ?? 0;
  const total = get('total', 'all');
  const state =
    runs.lastSucceededAt === null
      ? runs.running && total === 0
        ? 'first_sync'
        : total === 0
          ? 'never_synced'
          : 'ready'
      : total === 0
        ? 'no_devices'
        : 'ready';
  const bucketsOf = (dimension: string) => [...(counts.get(dimension) ?? new Map<string, number>())];

  return {
    state,
    asOf: runs.lastSucceededAt,
    syncRunning: runs.running,
    scopeOuPaths: whole ? [] : [...scope.ouPaths],
    total: { key: 'total', label: 'Devices', count: total, query: '' },
    inService: { key: 'inService', label: 'In service', count: get('inService', 'all'), query: IN_SERVICE },
    statuses: bucketsOf('status').map(([status, count]) => ({
      key: status,
      label: statusLabel(status),
      count,
      query: statusQuery(status),
    })),
    tiles: (Object.keys(TILE_MEASURES) as TileKey[]).map((key) => ({
      key,
      label: TILE_LABELS[key],
      count: get('tile', key),
      query: TILE_MEASURES[key].query,
    })),
    attention: attentionItems(get, attentionReport?.data, get('meta', 'utcDay')),
    attentionFetchedAt: attentionReport?.fetchedAt ?? null,
    compliance: segments(bucketsOf('compliance'), COMPLIANCE_LABELS, COMPLIANCE_QUERIES),
    battery: segments(bucketsOf('battery'), BATTERY_LABELS, BATTERY_QUERIES),
    aue: aueForecast(bucketsOf('aueYearModel'), costs, now),
    os: osVersions(bucketsOf('osMajor')),
    models: bucketsOf('model').map(([model, count]) => ({
      key: model,
      label: model,
      count,
      query: model === 'Unknown' ? null : modelQuery(model),
    })),
    trends,
  };
}

function indexRows(rows: readonly RollupRow[]): Map<string, Map<string, number>> {
  const index = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const buckets = index.get(row.dimension) ?? new Map<string, number>();
    buckets.set(row.bucket, row.count);
    index.set(row.dimension, buckets);
  }
  return index;
}

async function readRunState(
  db: Kysely<DB>,
  orgId: string,
): Promise<{ lastSucceededAt: string | null; running: boolean }> {
  const result = await sql<{ finished_at: Date | string | null; running: boolean }>`
    select
      (select max(finished_at) from sync_run where org_id = ${orgId} and status = 'succeeded') as finished_at,
      exists (select 1 from sync_run where org_id = ${orgId} and status in ('queued', 'running')) as running`.execute(
    db,
  );
  const row = result.rows[0];
  const finished = row?.finished_at ?? null;
  return {
    lastSucceededAt: finished === null ? null : new Date(finished).toISOString(),
    running: row?.running ?? false,
  };
}

async function readAttentionReport(
  db: Kysely<DB>,
  orgId: string,
): Promise<{ data: Record<string, unknown>; fetchedAt: string } | undefined> {
  const row = await db
    .selectFrom('fleet_report')
    .select(['data', 'fetched_at'])
    .where('org_id', '=', orgId)
    .where('report', '=', 'needsAttention')
    .executeTakeFirst();
  if (!row) return undefined;
  return { data: row.data as Record<string, unknown>, fetchedAt: new Date(row.fetched_at).toISOString() };
}

async function readTrends(db: Kysely<DB>, orgId: string): Promise<TrendPoint[]> {
  const rows = await db
    .selectFrom('fleet_daily_snapshot')
    .select([sql<string>`day::text`.as('day'), 'counts'])
    .where('org_id', '=', orgId)
    .orderBy('day', 'desc')
    .limit(TREND_DAYS)
    .execute();
  return rows.reverse().map(trendPoint);
}

async function readScopedTrends(
  db: Kysely<DB>,
  orgId: string,
  ouPaths: readonly string[],
): Promise<TrendPoint[]> {
  return (await readScopedSnapshots(db, orgId, ouPaths, TREND_DAYS)).map(trendPoint);
}

function trendPoint(row: { day: string; counts: Record<string, number> }): TrendPoint {
  const c = row.counts;
  const n = (key: string) => Math.max(0, Math.trunc(c[key] ?? 0));
  return {
    day: row.day,
    active: n('active'),
    active7: n('active7'),
    active30: n('active30'),
    compliant: n('compliant'),
    notCompliant: n('notCompliant'),
    pendingUpdate: n('pendingUpdate'),
    batteryReplaceSoon: n('batteryReplaceSoon'),
    batteryReplaceNow: n('batteryReplaceNow'),
  };
}

function attentionItems(
  get: (dimension: string, bucket: string) => number,
  report: Record<string, unknown> | undefined,
  utcDay: number,
): AttentionItem[] {
  const googleCount = (key: keyof typeof GOOGLE_ATTENTION_FIELDS) => {
    const value = Number(report?.[GOOGLE_ATTENTION_FIELDS[key]]);
    return report && Number.isFinite(value) && value >= 0 ? Math.trunc(value) : report ? 0 : null;
  };
  return (Object.keys(ATTENTION_LABELS) as (keyof typeof ATTENTION_LABELS)[]).map((key) => ({
    key,
    label: ATTENTION_LABELS[key],
    count: get('attention', key),
    googleCount: googleCount(key),
    query: key === 'noUserActivity' ? noUserActivityQuery(utcDay) : ATTENTION_MEASURES[key].query,
  }));
}

function segments(
  buckets: readonly [string, number][],
  labels: Record<string, string>,
  queries: Readonly<Record<string, string>>,
): DashboardCount[] {
  return buckets.map(([key, count]) => ({
    key,
    label: labels[key] ?? key,
    count,
    query: queries[key] ?? null,
  }));
}

function osVersions(buckets: readonly [string, number][]): DashboardResponse['os'] {
  let unknown = 0;
  const majors: { major: number; count: number }[] = [];
  for (const [bucket, count] of buckets) {
    if (bucket === 'Unknown') unknown += count;
    else majors.push({ major: Number(bucket), count });
  }
  majors.sort((a, b) => b.major - a.major);
  const reference = majors[0]?.major ?? null;
  return {
    referenceMajor: reference,
    versions: majors.map((m) => ({
      major: m.major,
      count: m.count,
      query: osMajorQuery(m.major),
      behind: reference === null ? 0 : reference - m.major,
    })),
    unknown,
  };
}

function statusLabel(status: string): string {
  return humanizeGoogleValue(status);
}
