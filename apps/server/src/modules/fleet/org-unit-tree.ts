import { sql, type Kysely } from 'kysely';
import type { OrgUnitNode } from '@fleetdeck/shared/fleet-contract';
import type { DB } from '../../db/schema.ts';
import { isWithinOu } from '../organizations/ou-scope.ts';
import type { FleetScope } from './fleet-scope.ts';
import { sortByOrgUnitPath } from '@fleetdeck/shared/org-unit-order';

/** Why: the OU filter tree, from our copy of the tree, with each OU's live device count, viewer-scoped. */
export async function readOrgUnitTree(db: Kysely<DB>, scope: FleetScope): Promise<OrgUnitNode[]> {
  const { rows } = await sql<{
    org_unit_id: string;
    org_unit_path: string;
    name: string;
    parent_org_unit_id: string | null;
    n: number;
  }>`
    select o.org_unit_id, o.org_unit_path, o.name, o.parent_org_unit_id, coalesce(c.n, 0)::int as n
    from fleet_org_unit o
    left join (
      select org_unit_path, count(*)::int as n from fleet_device
      where org_id = ${scope.orgId} and deleted_at is null group by org_unit_path
    ) c on c.org_unit_path = o.org_unit_path
    where o.org_id = ${scope.orgId} and o.deleted_at is null
    order by o.org_unit_path`.execute(db);
  const within = (path: string) =>
    scope.ouPaths.some((root) => isWithinOu(path.toLowerCase(), root.toLowerCase()));
  return sortByOrgUnitPath(rows, (row) => row.org_unit_path)
    .filter((row) => within(row.org_unit_path))
    .map((row) => ({
      orgUnitId: row.org_unit_id,
      orgUnitPath: row.org_unit_path,
      name: row.name,
      parentOrgUnitId: row.parent_org_unit_id,
      deviceCount: row.n,
    }));
}
