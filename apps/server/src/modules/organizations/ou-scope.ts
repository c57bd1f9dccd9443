import type { Kysely } from 'kysely';
import type { MemberRole } from '@fleetdeck/shared/permissions';
import type { DB } from '../../db/schema.ts';

/**
 * Whether `path` is `root` or lies under it (`/A` covers `/A/B`, not `/AB`). Google's OU paths are
 * case-insensitive, and so is this, as the fleet table's scope (fleet-scope.ts) is: a viewer's
 * unit saved as `/schools/north` covers a device in `/Schools/North` on every page alike.
 */
export function isWithinOu(path: string, root: string): boolean {
  if (root === '/') return true;
  const [lowerPath, lowerRoot] = [path.toLowerCase(), root.toLowerCase()];
  return lowerPath === lowerRoot || lowerPath.startsWith(`${lowerRoot}/`);
}

export interface MemberScope {
  readonly role: MemberRole;
  /** The OU subtrees the member may see and act in. */
  readonly paths: string[];
  /** Whether they are the organization's whole managed tree (an owner, or a member given no units). */
  readonly wholeTree: boolean;
}

/**
 * Why: one rule for what a member may see, wherever it is read: owners work on the whole tree
 * Fleetdeck manages; every other role on the units they were given (none given: the whole
 * managed tree), kept inside the managed tree.
 */
export function scopeOf(role: MemberRole, granted: readonly string[], managed: string): MemberScope {
  if (role === 'owner' || granted.length === 0) return { role, paths: [managed], wholeTree: true };
  return { role, paths: granted.filter((path) => isWithinOu(path, managed)), wholeTree: false };
}

/** Why: whether every unit of `inner` lies within one of `outer`'s (a grant never exceeds its granter). */
export function scopeWithin(inner: readonly string[], outer: readonly string[]): boolean {
  return inner.every((path) => outer.some((root) => isWithinOu(path, root)));
}

/**
 * Why: fleet queries must show a member only the OU subtrees they may see (`scopeOf`), read
 * afresh (the realtime socket asks again while it is open). Undefined for someone who is not a member.
 */
export async function memberScope(
  db: Kysely<DB>,
  principal: { orgId: string; userId: string },
): Promise<MemberScope | undefined> {
  const row = await db
    .selectFrom('org_member')
    .innerJoin('org', 'org.id', 'org_member.org_id')
    .select(['org.managed_ou_path as managed', 'org_member.role as role', 'org_member.ou_scope as scope'])
    .where('org_member.org_id', '=', principal.orgId)
    .where('org_member.user_id', '=', principal.userId)
    .executeTakeFirst();
  return row ? scopeOf(row.role, row.scope, row.managed) : undefined;
}
