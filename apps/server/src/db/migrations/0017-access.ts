import { sql, type Kysely } from 'kysely';

/**
 * Access you can trust: people join an organization only by invitation, by an access request an
 * owner or admin approved, or by the owner's domain rule (off by default); a session's step-up
 * (a fresh second factor, the spec's re-authentication) is recorded against that session.
 * Every role but owner may now be limited to units, so `ou_scope` is no longer viewers' alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table if not exists org_access_request (
    id text primary key default gen_random_uuid()::text,
    org_id text not null references org(id) on delete cascade,
    user_id text not null,
    email text not null,
    name text not null default '',
    message text not null default '',
    status text not null check (status in ('pending', 'approved', 'declined', 'withdrawn')),
    role text check (role in ('admin', 'technician', 'viewer')),
    ou_scope jsonb not null default '[]'::jsonb,
    decided_by text,
    decided_at timestamptz,
    created_at timestamptz not null default now()
  )`.execute(db);
  // One open request per person and organization: asking again updates the message.
  await sql`create unique index if not exists org_access_request_pending_idx
    on org_access_request (org_id, user_id) where status = 'pending'`.execute(db);
  await sql`create index if not exists org_access_request_org_idx
    on org_access_request (org_id, created_at desc)`.execute(db);
  await sql`create index if not exists org_access_request_user_idx
    on org_access_request (user_id, created_at desc)`.execute(db);

  await sql`alter table org add column if not exists auto_join_enabled boolean not null default false`.execute(
    db,
  );
  await sql`alter table org add column if not exists auto_join_domains jsonb not null default '[]'::jsonb`.execute(
    db,
  );
  await sql`alter table org add column if not exists auto_join_ou_scope jsonb not null default '[]'::jsonb`.execute(
    db,
  );

  // A step-up code mailed to a member without an authenticator is kept hashed beside the proof.
  await sql`create table if not exists session_step_up (
    session_id text primary key,
    user_id text not null,
    method text check (method in ('totp', 'email_code')),
    verified_at timestamptz,
    code_hash text,
    code_sent_at timestamptz,
    code_attempts integer not null default 0
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists session_step_up`.execute(db);
  await sql`alter table org drop column if exists auto_join_ou_scope`.execute(db);
  await sql`alter table org drop column if exists auto_join_domains`.execute(db);
  await sql`alter table org drop column if exists auto_join_enabled`.execute(db);
  await sql`drop table if exists org_access_request`.execute(db);
}
