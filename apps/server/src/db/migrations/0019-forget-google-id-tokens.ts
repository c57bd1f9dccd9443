import { sql, type Kysely } from 'kysely';

/**
 * Google's ID token is no longer kept (identity-auth.ts, `databaseHooks.account`): better-auth
 * stored it in plaintext next to the encrypted grant, and nothing reads it after sign-in. This
 * clears the ones stored before. better-auth creates its `account` table after these migrations,
 * so on a new database there is nothing to clear.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const table = await sql<{ name: string | null }>`select to_regclass('account')::text as name`.execute(db);
  if (!table.rows[0]?.name) return;
  await sql`update account set "idToken" = null where "idToken" is not null`.execute(db);
}

/** A cleared token cannot come back; the next sign-in would not store one either. */
export async function down(): Promise<void> {
  // Nothing to undo.
}
