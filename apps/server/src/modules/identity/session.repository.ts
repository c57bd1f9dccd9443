import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** Sessions and the user they belong to, as stored (better-auth's tables). */

/** Why: "sign out other devices" keeps `except`; "everywhere" ends them all. */
export async function deleteSessionsOf(db: Kysely<DB>, userId: string, except?: string): Promise<void> {
  let query = db.deleteFrom('session').where('userId', '=', userId);
  if (except !== undefined) query = query.where('id', '!=', except);
  await query.execute();
}

export async function deleteSession(db: Kysely<DB>, sessionId: string): Promise<void> {
  await db.deleteFrom('session').where('id', '=', sessionId).execute();
}

export function findSession(db: Kysely<DB>, sessionId: string, userId: string) {
  return db
    .selectFrom('session')
    .select(['createdAt', 'expiresAt'])
    .where('id', '=', sessionId)
    .where('userId', '=', userId)
    .executeTakeFirst();
}

export function findUser(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('user')
    .select(['id', 'email', 'name', 'twoFactorEnabled'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}
