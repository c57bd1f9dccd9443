import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * Who is asking, for every fleet query: the organization and the OU subtrees the caller may see
 * (`['/']`: all of it). Every predicate this module builds starts from `scopePredicate`, so no
 * route can forget the tenant, deleted devices or a viewer's OU scope.
 */
export interface FleetScope {
  readonly orgId: string;
  /** From `allowedOuPaths`: `['/']` for the whole fleet, else the subtrees the caller may see. */
  readonly ouPaths: readonly string[];
}

/** Why: LIKE patterns built from user text must match it literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/**
 * Why: OU paths are case-insensitive at Google and devices carry the stored spelling; we match
 * our copy of the tree (`fleet_org_unit`) and compare devices by exact path, which the
 * (org_id, org_unit_path, device_id) index serves. The path itself is kept even if the tree copy
 * does not know it yet.
 */
export async function expandOuPath(
  db: Kysely<DB>,
  orgId: string,
  path: string,
  subtree: boolean,
): Promise<string[]> {
  const lower = path.toLowerCase();
  const rows = await db
    .selectFrom('fleet_org_unit')
    .select('org_unit_path')
    .where('org_id', '=', orgId)
    .where('deleted_at', 'is', null)
    .where((eb) =>
      subtree
        ? eb.or([
            eb(eb.fn('lower', ['org_unit_path']), '=', lower),
            eb(eb.fn('lower', ['org_unit_path']), 'like', `${escapeLike(lower)}/%`),
          ])
        : eb(eb.fn('lower', ['org_unit_path']), '=', lower),
    )
    .execute();
  return [...new Set([path, ...rows.map((row) => row.org_unit_path)])];
}

/**
 * Why: the paths `expandOuPath` finds, looked up by the database inside the statement that filters
 * on them, so an `ou:` term costs no statement of its own (each statement is a round trip and, on
 * PGlite, a plan made in WebAssembly). The same rule: the path as written, then every live OU of
 * our tree copy equal to it (or under it) in any case; devices compare by exact path.
 */
export function ouPathMatch(orgId: string, path: string, subtree: boolean): RawBuilder<boolean> {
  const lower = path.toLowerCase();
  const match = subtree
    ? sql`(lower(o.org_unit_path) = ${lower} or lower(o.org_unit_path) like ${`${escapeLike(lower)}/%`})`
    : sql`lower(o.org_unit_path) = ${lower}`;
  return sql<boolean>`d.org_unit_path = any(array_prepend(${path}::text, array(
    select o.org_unit_path from fleet_org_unit o
    where o.org_id = ${orgId} and o.deleted_at is null and ${match})))`;
}

/** Why: one IN list for several paths (a viewer's subtrees, `ou:a,b`). */
export function pathInList(paths: readonly string[]): RawBuilder<boolean> {
  if (paths.length === 0) return sql<boolean>`false`;
  return sql<boolean>`d.org_unit_path in (${sql.join(paths.map((path) => sql`${path}`))})`;
}

/** Why: the tenant, live devices and the viewer's OU subtrees, in front of every fleet query. */
export async function scopePredicate(db: Kysely<DB>, scope: FleetScope): Promise<RawBuilder<boolean>> {
  const base = sql<boolean>`d.org_id = ${scope.orgId} and d.deleted_at is null`;
  if (scope.ouPaths.includes('/')) return base;
  const paths = new Set<string>();
  for (const root of scope.ouPaths) {
    for (const path of await expandOuPath(db, scope.orgId, root, true)) paths.add(path);
  }
  return sql<boolean>`${base} and ${pathInList([...paths])}`;
}
