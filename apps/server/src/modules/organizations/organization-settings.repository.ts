import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** The owner's domain rule and whose Google grant the organization runs on, as stored. */

export interface AutoJoinRule {
  readonly enabled: boolean;
  readonly domains: string[];
  readonly ouScope: string[];
}

export async function readAutoJoinRule(db: Kysely<DB>, orgId: string): Promise<AutoJoinRule> {
  const row = await db
    .selectFrom('org')
    .select(['auto_join_enabled', 'auto_join_domains', 'auto_join_ou_scope'])
    .where('id', '=', orgId)
    .executeTakeFirstOrThrow();
  return { enabled: row.auto_join_enabled, domains: row.auto_join_domains, ouScope: row.auto_join_ou_scope };
}

export async function writeAutoJoinRule(db: Kysely<DB>, orgId: string, rule: AutoJoinRule): Promise<void> {
  await db
    .updateTable('org')
    .set({
      auto_join_enabled: rule.enabled,
      auto_join_domains: JSON.stringify(rule.domains),
      auto_join_ou_scope: JSON.stringify(rule.ouScope),
    })
    .where('id', '=', orgId)
    .execute();
}

/** The organization's Google grant with the name and email of the member who gave it. */
export function readGoogleGrant(db: Kysely<DB>, orgId: string) {
  return db
    .selectFrom('org_google_connection')
    .leftJoin('user', 'user.id', 'org_google_connection.user_id')
    .select([
      'org_google_connection.user_id as userId',
      'org_google_connection.status as status',
      'org_google_connection.scopes as scopes',
      'org_google_connection.connected_at as since',
      'org_google_connection.last_error as lastError',
      'user.name as name',
      'user.email as email',
    ])
    .where('org_google_connection.org_id', '=', orgId)
    .executeTakeFirst();
}
