import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { MatchCount } from '@fleetdeck/shared/fleet-contract';
import { FLEET_LIST_LIMITS } from '@fleetdeck/shared/fleet-columns';
import type { DB } from '../../db/schema.ts';
import { ALL_DEVICES, type DeviceRelation } from './device-relation.ts';

/**
 * Why: `count(*)` over a million rows is slow; below the threshold the count is exact, above it
 * the planner's estimate (`exact: false`) unless the caller asks for the exact number.
 */
export async function countDevices(
  db: Kysely<DB>,
  where: RawBuilder<boolean>,
  mode: 'auto' | 'exact' | 'none',
  relation: DeviceRelation = ALL_DEVICES,
): Promise<MatchCount | null> {
  if (mode === 'none') return null;
  if (mode === 'auto') {
    const estimate = await estimateMatches(db, where, relation);
    if (estimate >= FLEET_LIST_LIMITS.exactCountThreshold) return { value: estimate, exact: false };
  }
  const { rows } = await sql<{
    n: number;
  }>`select count(*)::int as n from ${relation} d where ${where}`.execute(db);
  return { value: rows[0]?.n ?? 0, exact: true };
}

/**
 * The planner's estimate for a WHERE, kept a minute per query text and parameters: it depends only
 * on the table's statistics, which change when the table is analyzed, not with each write, so a
 * minute-old estimate is as good as a fresh one and every first page skips a planning round trip.
 * (So is the tree behind an `ou:` term's estimate: a minute old at most.)
 */
const ESTIMATE_TTL_MS = 60_000;
const ESTIMATE_CACHE_SIZE = 1_000;
const estimates = new Map<string, { readonly value: number; readonly at: number }>();

/** WHEREs that look values up while they run, each with its listed form (see `withListedForm`). */
const listedForms = new WeakMap<RawBuilder<boolean>, () => Promise<RawBuilder<boolean>>>();

/**
 * Why: a WHERE that looks values up while it runs (`ou:` paths) gives the planner nothing to
 * estimate from; `listed` builds the same predicate with those values listed, for the estimate
 * (only when it is not cached) and for plans that depend on it. Returns `where`.
 */
export function withListedForm(
  where: RawBuilder<boolean>,
  listed: () => Promise<RawBuilder<boolean>>,
): RawBuilder<boolean> {
  listedForms.set(where, listed);
  return where;
}

/** The listed form of a WHERE given one by `withListedForm`. */
export function listedFormOf(where: RawBuilder<boolean>): (() => Promise<RawBuilder<boolean>>) | undefined {
  return listedForms.get(where);
}

export async function estimateMatches(
  db: Kysely<DB>,
  where: RawBuilder<boolean>,
  relation: DeviceRelation = ALL_DEVICES,
): Promise<number> {
  const explain = (predicate: RawBuilder<boolean>) =>
    sql`explain (format json) select 1 from ${relation} d where ${predicate}`.compile(db);
  const keyQuery = explain(where);
  const key = `${keyQuery.sql}\u0000${JSON.stringify(keyQuery.parameters)}`;
  const now = Date.now();
  const cached = estimates.get(key);
  if (cached && now - cached.at < ESTIMATE_TTL_MS) return cached.value;
  const listed = listedForms.get(where);
  const compiled = listed ? explain(await listed()) : keyQuery;
  const { rows } = await db.executeQuery<Record<string, unknown>>(compiled);
  const first = rows[0] ? Object.values(rows[0])[0] : undefined;
  const plan = (typeof first === 'string' ? JSON.parse(first) : first) as
    [{ Plan: { 'Plan Rows': number } }] | undefined;
  const value = Math.round(plan?.[0]?.Plan['Plan Rows'] ?? 0);
  estimates.delete(key);
  estimates.set(key, { value, at: now });
  // Maps iterate in insertion order: the first key is the least recently stored.
  if (estimates.size > ESTIMATE_CACHE_SIZE) estimates.delete(estimates.keys().next().value as string);
  return value;
}
