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
  /** The OU subtrees the member may see. */
  readonly paths: string[];
  /** Whether they are the organization's whole managed tree (anyone but a viewer given units). */
  readonly wholeTree: boolean;
}

/**
 * Why: fleet queries must show a member only the OU subtrees they may see: the organization's
 * managed tree, narrowed to a viewer's granted subtrees when they have any. Undefined for someone
 * who is not a member.
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
  if (!row) return undefined;
  if (row.role !== 'viewer' || row.scope.length === 0)
    return { role: row.role, paths: [row.managed], wholeTree: true };
  return {
    role: row.role,
    paths: row.scope.filter((path) => isWithinOu(path, row.managed)),
    wholeTree: false,
  };
}

/** Why: the OU subtrees of `memberScope`; none for someone who is not a member. */
export async function allowedOuPaths(
  db: Kysely<DB>,
  principal: { orgId: string; userId: string },
): Promise<string[]> {
  return (await memberScope(db, principal))?.paths ?? [];
}
