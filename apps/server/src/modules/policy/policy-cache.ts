import type { Kysely } from 'kysely';
import type { PolicySchema } from '@fleetdeck/google/policy/policy-schema.schema';
import type { ResolvedPolicy } from '@fleetdeck/google/policy/policy.schema';
import type { DB } from '../../db/schema.ts';

/**
 * The policy caches of migration 0008: resolved values per organization + OU + namespace, and
 * schemas per organization + namespace, each with the time Google answered.
 */

export interface Cached<T> {
  readonly items: T[];
  readonly fetchedAt: Date;
}

/** Why: the debugger serves a recent answer instead of spending Google's quota on every view. */
export async function readResolved(
  db: Kysely<DB>,
  orgId: string,
  orgUnitId: string,
  namespace: string,
): Promise<Cached<ResolvedPolicy> | undefined> {
  const row = await db
    .selectFrom('policy_resolved_cache')
    .select(['resolved', 'fetched_at'])
    .where('org_id', '=', orgId)
    .where('org_unit_id', '=', orgUnitId)
    .where('namespace', '=', namespace)
    .executeTakeFirst();
  return row ? { items: row.resolved as ResolvedPolicy[], fetchedAt: new Date(row.fetched_at) } : undefined;
}

export async function writeResolved(
  db: Kysely<DB>,
  orgId: string,
  orgUnitId: string,
  namespace: string,
  items: readonly ResolvedPolicy[],
  fetchedAt: Date,
): Promise<void> {
  const resolved = JSON.stringify(items);
  await db
    .insertInto('policy_resolved_cache')
    .values({ org_id: orgId, org_unit_id: orgUnitId, namespace, resolved, fetched_at: fetchedAt })
    .onConflict((oc) =>
      oc.columns(['org_id', 'org_unit_id', 'namespace']).doUpdateSet({ resolved, fetched_at: fetchedAt }),
    )
    .execute();
}

export async function readSchemas(
  db: Kysely<DB>,
  orgId: string,
  namespace: string,
): Promise<Cached<PolicySchema> | undefined> {
  const row = await db
    .selectFrom('policy_schema_cache')
    .select(['schemas', 'fetched_at'])
    .where('org_id', '=', orgId)
    .where('namespace', '=', namespace)
    .executeTakeFirst();
  return row ? { items: row.schemas as PolicySchema[], fetchedAt: new Date(row.fetched_at) } : undefined;
}

export async function writeSchemas(
  db: Kysely<DB>,
  orgId: string,
  namespace: string,
  items: readonly PolicySchema[],
  fetchedAt: Date,
): Promise<void> {
  const schemas = JSON.stringify(items);
  await db
    .insertInto('policy_schema_cache')
    .values({ org_id: orgId, namespace, schemas, fetched_at: fetchedAt })
    .onConflict((oc) => oc.columns(['org_id', 'namespace']).doUpdateSet({ schemas, fetched_at: fetchedAt }))
    .execute();
}
