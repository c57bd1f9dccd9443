import type { Kysely } from 'kysely';
import type { MemberRole } from '@fleetdeck/shared/permissions';
import type { DB } from '../../db/schema.ts';
import { appErrors } from '../../errors/app-error.ts';
import { isWithinOu, scopeWithin } from './ou-scope.ts';

/** The member granting access: nobody grants more than they hold. */
export interface Granter {
  readonly role: MemberRole;
  /** The units the granter was given; empty for the whole managed tree. */
  readonly grantedUnits: readonly string[];
}

/**
 * Why: a misspelt unit limits a member to nothing, silently, and a granter limited to one school
 * must not hand out the district. So a scope is refused for owners (they hold the whole tree),
 * outside the unit Fleetdeck manages, beyond the granter's own units, and (once a sync has copied
 * the organization's units) for a unit the organization does not have.
 */
export async function checkMemberScope(
  db: Kysely<DB>,
  orgId: string,
  role: MemberRole,
  ouScope: readonly string[],
  granter?: Granter,
): Promise<void> {
  if (granter && granter.role !== 'owner' && granter.grantedUnits.length > 0) {
    if (ouScope.length === 0)
      throw appErrors.forbidden(
        `You are limited to ${granter.grantedUnits.join(', ')}, so you can only grant access within those units. Choose one or more of them (or units below them).`,
      );
    const beyond = ouScope.find((path) => !scopeWithin([path], granter.grantedUnits));
    if (beyond)
      throw appErrors.forbidden(
        `${beyond} is outside your own units (${granter.grantedUnits.join(', ')}): nobody can grant more than they hold. Choose a unit within yours.`,
      );
  }
  if (ouScope.length === 0) return;
  if (role === 'owner')
    throw appErrors.invalidRequest(
      'Owners work on every device Fleetdeck manages and cannot be limited to units. Clear the units, or choose another role.',
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
