import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

const SECRET_NAME = 'identity';

/**
 * The secret that signs session cookies and encrypts Google tokens, TOTP secrets and JWT keys.
 * AUTH_SECRET wins when set. Otherwise 48 random bytes are generated once and kept in the
 * database: a secret generated per process would sign every user out at each restart, and
 * several processes on one PostgreSQL must agree on it or they cannot read each other's
 * cookies or decrypt each other's tokens. `on conflict do nothing` makes concurrent first
 * starts agree on whichever row landed first.
 */
export async function resolveAuthSecret(db: Kysely<DB>, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insertInto('server_secret')
    .values({ name: SECRET_NAME, value: randomBytes(48).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_secret')
    .select('value')
    .where('name', '=', SECRET_NAME)
    .executeTakeFirstOrThrow();
  return row.value;
}
