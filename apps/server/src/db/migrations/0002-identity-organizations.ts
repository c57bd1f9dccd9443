import { sql, type Kysely } from 'kysely';

/**
 * Organizations (one per Google Workspace customer), their members and invitations, the Google
 * connection each organization runs on, the server's generated secret and the development outbox.
 * better-auth's own tables (user, session, account, ...) are created by its migrations at start.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('server_secret')
    .ifNotExists()
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('org')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('google_customer_id', 'text', (c) => c.notNull().unique())
    .addColumn('primary_domain', 'text')
    .addColumn('managed_ou_path', 'text', (c) => c.notNull().defaultTo('/'))
    .addColumn('onboarding_completed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('org_member')
    .ifNotExists()
    .addColumn('org_id', 'text', (c) => c.notNull().references('org.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().unique())
    .addColumn('role', 'text', (c) =>
      c.notNull().check(sql`role in ('owner', 'admin', 'technician', 'viewer')`),
    )
    .addColumn('ou_scope', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('org_member_pk', ['org_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('org_invitation')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn('org_id', 'text', (c) => c.notNull().references('org.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) =>
      c.notNull().check(sql`role in ('owner', 'admin', 'technician', 'viewer')`),
    )
    .addColumn('ou_scope', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('accepted_at', 'timestamptz')
    .addColumn('accepted_by', 'text')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('org_invitation_org_idx')
    .ifNotExists()
    .on('org_invitation')
    .columns(['org_id', 'created_at desc'])
    .execute();

  await db.schema
    .createTable('org_google_connection')
    .ifNotExists()
    .addColumn('org_id', 'text', (c) => c.primaryKey().references('org.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('connected', 'needs_reconsent')`))
    .addColumn('scopes', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('connected_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_error', 'text')
    .execute();

  await db.schema
    .createTable('mail_outbox')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('link', 'text')
    .execute();
  await db.schema
    .createIndex('mail_outbox_time_idx')
    .ifNotExists()
    .on('mail_outbox')
    .columns(['created_at desc', 'id'])
    .execute();
  await db.schema
    .createIndex('audit_log_org_keyset_idx')
    .ifNotExists()
    .on('audit_log')
    .columns(['org_id', 'occurred_at desc', 'id desc'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audit_log_org_keyset_idx').ifExists().execute();
  for (const table of [
    'mail_outbox',
    'org_google_connection',
    'org_invitation',
    'org_member',
    'org',
    'server_secret',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
