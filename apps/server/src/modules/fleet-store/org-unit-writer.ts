import { sql } from 'kysely';
import type { OrgUnit } from '@fleetdeck/google/directory/org-unit.schema';
import type { Executor } from './device-page-writer.ts';

/**
 * The OU tree of an organization. Google returns it whole in one call, so one transaction replaces
 * it: every listed OU upserted and stamped with the run, the others marked deleted.
 */

export interface StoredOrgUnit {
  readonly orgUnitId: string;
  readonly orgUnitPath: string;
  readonly parentOrgUnitId: string | null;
}

/** The root OU, which `orgunits.list?type=allIncludingParent` returns first. */
export const ROOT_ORG_UNIT_PATH = '/';

/** Why: shards of a sync are the OUs; they must be stored before any device page points at them. */
export async function replaceOrgUnits(
  db: Executor,
  orgId: string,
  runId: string,
  units: readonly OrgUnit[],
): Promise<void> {
  const rows = units.map((ou) => ({
    org_unit_id: ou.orgUnitId,
    org_unit_path: ou.orgUnitPath,
    parent_org_unit_id: ou.parentOrgUnitId ?? null,
    name: ou.name ?? (ou.orgUnitPath === ROOT_ORG_UNIT_PATH ? '' : (ou.orgUnitPath.split('/').at(-1) ?? '')),
    description: ou.description ?? null,
    raw: ou,
  }));
  await sql`
    insert into fleet_org_unit (org_id, org_unit_id, org_unit_path, parent_org_unit_id, name, description, raw,
      seen_run_id, updated_at, deleted_at)
    select ${orgId}, r.org_unit_id, r.org_unit_path, r.parent_org_unit_id, r.name, r.description, r.raw,
      ${runId}::uuid, now(), null
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as r(org_unit_id text, org_unit_path text, parent_org_unit_id text, name text, description text, raw jsonb)
    on conflict (org_id, org_unit_id) do update set org_unit_path = excluded.org_unit_path,
      parent_org_unit_id = excluded.parent_org_unit_id, name = excluded.name, description = excluded.description,
      raw = excluded.raw, seen_run_id = excluded.seen_run_id, updated_at = now(), deleted_at = null`.execute(
    db,
  );
  await sql`
    update fleet_org_unit set deleted_at = now()
    where org_id = ${orgId} and deleted_at is null and seen_run_id is distinct from ${runId}::uuid`.execute(
    db,
  );
}

/** Why: the shard list of a resumed run must be the one its first attempt stored. */
export async function listLiveOrgUnits(db: Executor, orgId: string): Promise<StoredOrgUnit[]> {
  const result = await sql<{ org_unit_id: string; org_unit_path: string; parent_org_unit_id: string | null }>`
    select org_unit_id, org_unit_path, parent_org_unit_id from fleet_org_unit
    where org_id = ${orgId} and deleted_at is null order by org_unit_path`.execute(db);
  return result.rows.map((row) => ({
    orgUnitId: row.org_unit_id,
    orgUnitPath: row.org_unit_path,
    parentOrgUnitId: row.parent_org_unit_id,
  }));
}

/** Why: the last sync's devices per OU size the next sync's shards; undefined before a first sync. */
export async function countDevicesPerOrgUnit(
  db: Executor,
  orgId: string,
): Promise<Map<string, number> | undefined> {
  const result = await sql<{ org_unit_id: string | null; devices: number }>`
    select org_unit_id, count(*)::int as devices from fleet_device
    where org_id = ${orgId} and deleted_at is null group by org_unit_id`.execute(db);
  if (result.rows.length === 0) return undefined;
  return new Map(
    result.rows.flatMap((row) => (row.org_unit_id ? [[row.org_unit_id, row.devices] as const] : [])),
  );
}
