import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as forgetIdTokens } from '../src/db/migrations/0019-forget-google-id-tokens.ts';
import { OWNER_EMAIL, startGoogleStandIn, type GoogleStandIn } from './google-sign-in-harness.ts';
import { Browser, createSignInTestApp } from './identity-browser.ts';
import type { TestApp } from './test-app.ts';
import { backendName } from './test-database.ts';

interface StoredAccount {
  id: string;
  idToken: string | null;
  refreshToken: string | null;
  accessToken: string | null;
}

describe(`Google's ID token is not kept, on ${backendName}`, () => {
  let google: GoogleStandIn;
  let t: TestApp;
  beforeAll(async () => {
    google = await startGoogleStandIn();
    t = await createSignInTestApp(google);
  });
  afterAll(async () => {
    await t.close();
    await google.close();
  });

  const storedGoogleAccount = async () => {
    const { rows } = await sql<StoredAccount>`
      select a.id, a."idToken", a."refreshToken", a."accessToken"
      from account a join "user" u on u.id = a."userId"
      where a."providerId" = 'google' and u.email = ${OWNER_EMAIL}`.execute(t.testDb.database.db);
    expect(rows).toHaveLength(1);
    return rows[0] as StoredAccount;
  };

  it('stores the grant encrypted and no ID token, at the first sign-in and at the next', async () => {
    expect((await new Browser(t.app, '10.0.6.1').signInWithGoogle(OWNER_EMAIL)).statusCode).toBe(302);
    const first = await storedGoogleAccount();
    // The grant is kept (encrypted, so not a JWT or Google's plain token) …
    expect(first.refreshToken).not.toBeNull();
    expect(first.accessToken).not.toBeNull();
    // … the ID token, which Google sent with it, is not.
    expect(first.idToken).toBeNull();

    expect((await new Browser(t.app, '10.0.6.2').signInWithGoogle(OWNER_EMAIL)).statusCode).toBe(302);
    expect((await storedGoogleAccount()).idToken).toBeNull();
  });

  it('clears the ID tokens stored before (migration 0019)', async () => {
    const db = t.testDb.database.db;
    const { id } = await storedGoogleAccount();
    await sql`update account set "idToken" = ${'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln'} where id = ${id}`.execute(
      db,
    );
    expect((await storedGoogleAccount()).idToken).not.toBeNull();
    await forgetIdTokens(db as unknown as Kysely<unknown>);
    expect((await storedGoogleAccount()).idToken).toBeNull();
  });
});
