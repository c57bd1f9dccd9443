import type { Kysely } from 'kysely';
import type { MemberRole } from '@fleetdeck/shared/permissions';
import type { DB } from '../../db/schema.ts';
import { appErrors } from '../../errors/app-error.ts';
import { isWithinOu } from './ou-scope.ts';

/**
 * Why: an OU scope limits only viewers, and a misspelt unit limits a viewer to nothing, silently.
 * So a scope is refused for other roles, outside the unit Fleetdeck manages, and (once a sync has
 * copied the organization's units) for a unit the organization does not have.
 */
export async function checkMemberScope(
  db: Kysely<DB>,
  orgId: string,
  role: MemberRole,
  ouScope: readonly string[],
): Promise<void> {
  if (ouScope.length === 0) return;
  if (role !== 'viewer')
    throw appErrors.invalidRequest(
      'Only viewers are limited to organizational units; technicians, admins and owners work on every device Fleetdeck manages. Clear the OU scope, or choose the Viewer role.',
    );
  const org = await db.selectFrom('org').select('managed_ou_path').where('id', '=', orgId).executeTakeFirst();
  const managed = org?.managed_ou_path ?? '/';
  const outside = ouScope.find((path) => !isWithinOu(path, managed));
  if (outside)
    throw appErrors.invalidRequest(
      `${outside} is outside ${managed}, the part of your organization Fleetdeck manages. Choose a unit within ${managed}.`,
    );
  // Only the units named are read (an organization may have tens of thousands), plus whether a
  // sync has copied any unit yet: before that there is nothing to check against.
  const named = [...new Set(ouScope.map((path) => path.toLowerCase()))];
  const [units, copied] = await Promise.all([
    db
      .selectFrom('fleet_org_unit')
      .select((eb) => eb.fn<string>('lower', ['org_unit_path']).as('path'))
      .where('org_id', '=', orgId)
      .where('deleted_at', 'is', null)
      .where((eb) => eb(eb.fn('lower', ['org_unit_path']), 'in', named))
      .execute(),
    db
      .selectFrom('fleet_org_unit')
      .select('org_unit_id')
      .where('org_id', '=', orgId)
      .where('deleted_at', 'is', null)
      .limit(1)
      .executeTakeFirst(),
  ]);
  if (!copied) return;
  const known = new Set(units.map((unit) => unit.path));
  const unknown = ouScope.find((path) => path !== '/' && !known.has(path.toLowerCase()));
  if (unknown)
    throw appErrors.invalidRequest(
      `Your organization has no organizational unit ${unknown} (as of the last sync). Check the spelling, or run a sync if the unit is new.`,
    );
}
