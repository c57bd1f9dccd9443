import { sql, type Kysely } from 'kysely';

/**
 * A device shard may be listed from both ends (ascending and descending by serial number) by two
 * page chains that stop where they meet. Each chain's checkpoint keeps the id of the last device
 * its last committed page listed, so a run resumed after a crash knows where the other chain's
 * committed pages begin and stops there, instead of listing them again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sync_checkpoint add column last_item text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sync_checkpoint drop column if exists last_item`.execute(db);
}
