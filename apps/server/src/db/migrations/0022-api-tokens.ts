import { sql, type Kysely } from 'kysely';

/**
 * Personal API tokens: a member's scripts call the product API with `Authorization: Bearer fdk_…`.
 * Only the sha-256 of the secret is kept. The token's role and units are what its creator chose
 * (never above their own); at every use they are capped again by the creator's membership.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table if not exists api_token (
    id text primary key default gen_random_uuid()::text,
    org_id text not null references org(id) on delete cascade,
    user_id text not null,
    name text not null,
    token_hash text not null,
    token_prefix text not null,
    role text not null check (role in ('admin', 'technician', 'viewer')),
    ou_scope jsonb not null default '[]'::jsonb,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    last_used_at timestamptz,
    last_used_ip text,
    use_audited_at timestamptz,
    revoked_at timestamptz,
    revoked_by text
  )`.execute(db);
  await sql`create unique index if not exists api_token_hash_idx on api_token (token_hash)`.execute(db);
  await sql`create index if not exists api_token_org_idx on api_token (org_id, created_at desc)`.execute(db);
  await sql`create index if not exists api_token_user_idx on api_token (user_id, created_at desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists api_token`.execute(db);
}
