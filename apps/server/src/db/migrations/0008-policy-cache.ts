import { sql, type Kysely } from 'kysely';

/**
 * The policy debugger's caches: what Chrome Policy resolved for one OU and one namespace (with when
 * it was fetched, so the page can show its age), and the policy schemas of each namespace, which
 * change rarely and are shared by every OU of an organization.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table policy_resolved_cache (
      org_id text not null,
      org_unit_id text not null,
      namespace text not null,
      resolved jsonb not null,
      fetched_at timestamptz not null default now(),
      primary key (org_id, org_unit_id, namespace)
    )`.execute(db);
  await sql`
    create table policy_schema_cache (
      org_id text not null,
      namespace text not null,
      schemas jsonb not null,
      fetched_at timestamptz not null default now(),
      primary key (org_id, namespace)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists policy_schema_cache`.execute(db);
  await sql`drop table if exists policy_resolved_cache`.execute(db);
}
