import { lowerRole } from '@fleetdeck/shared/api-tokens';
import type { MemberRole } from '@fleetdeck/shared/permissions';
import { isWithinOu, scopeOf } from '../organizations/ou-scope.ts';
import type { MemberContext } from './principal.ts';

/** What a token was given when it was created. */
export interface TokenGrant {
  readonly role: MemberRole;
  /** Empty: every unit its creator may see. */
  readonly units: readonly string[];
}

/** Why: the subtrees both lists cover: a unit of one that lies within a unit of the other. */
export function intersectUnits(a: readonly string[], b: readonly string[]): string[] {
  const both = [
    ...a.filter((path) => b.some((root) => isWithinOu(path, root))),
    ...b.filter((path) => a.some((root) => isWithinOu(path, root))),
  ];
  const seen = new Set<string>();
  return both.filter((path) => {
    const key = path.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Why: a token never holds more than its creator holds now. Its role is the lower of the two;
 * its units are those within the creator's current units (a token given no units follows the
 * creator's). Undefined when nothing is left: the creator no longer holds any unit of the token.
 */
export function narrowToToken(creator: MemberContext, grant: TokenGrant): MemberContext | undefined {
  const role = lowerRole(grant.role, creator.role);
  const units = creator.wholeTree
    ? [...grant.units]
    : grant.units.length === 0
      ? [...creator.ouPaths]
      : intersectUnits(grant.units, creator.ouPaths);
  if (!creator.wholeTree && units.length === 0) return undefined;
  const scope = scopeOf(role, units, creator.managedOuPath);
  if (scope.paths.length === 0) return undefined;
  return {
    ...creator,
    role,
    grantedUnits: scope.wholeTree ? [] : scope.paths,
    ouPaths: scope.paths,
    wholeTree: scope.wholeTree,
  };
}
