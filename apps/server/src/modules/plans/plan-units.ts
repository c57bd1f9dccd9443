import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { inScope, type DeviceTenant } from '../devices/device-tenant.ts';
import type { UnitLookup } from './csv-update.ts';

/**
 * The organization's live units as a plan reads them: an OU path written in any case finds the
 * unit's stored spelling (Google's paths are case-insensitive), and whether the author may move
 * devices there. Read once per plan (an organization has at most 40,000 units).
 */
export async function loadUnits(db: Kysely<DB>, tenant: DeviceTenant): Promise<UnitLookup> {
  const rows = await db
    .selectFrom('fleet_org_unit')
    .select('org_unit_path')
    .where('org_id', '=', tenant.orgId)
    .where('deleted_at', 'is', null)
    .execute();
  const byLower = new Map(rows.map((row) => [row.org_unit_path.toLowerCase(), row.org_unit_path]));
  return {
    find: (path) => byLower.get(trimPath(path).toLowerCase()),
    inAuthorUnits: (path) => inScope(tenant, path),
  };
}

/** "/Students/Grade 6/" and "/Students/Grade 6" are one unit; "/" stays "/". */
export function trimPath(path: string): string {
  const trimmed = path.trim();
  return trimmed.length > 1 ? trimmed.replace(/\/+$/, '') : trimmed;
}
