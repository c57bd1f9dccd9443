import { describe, expect, it } from 'vitest';
import { AuthClient, EXPIRY_MARGIN_MS, REFRESH_BACKOFF_MS } from './auth-client.ts';
import type { AuthChangeEvent, AuthSession } from './auth-session.ts';
import { fakeJwt, json, memoryStorage, principal, scriptedFetch } from './auth-test-helpers.ts';

const NOW = Date.parse('2026-11-22T12:00:00.000Z');

function setup(script: Parameters<typeof scriptedFetch>[0], tab = memoryStorage()) {
  let now = NOW;
  const sleeps: number[] = [];
  const fetcher = scriptedFetch(script);
  const client = new AuthClient({
    fetch: fetcher.fetch,
    now: () => now,
    sleep: (ms) => {
      sleeps.push(ms);
      return Promise.resolve();
    },
    tabStorage: tab,
  });
  const events: { event: AuthChangeEvent; session: AuthSession | null }[] = [];
  client.onAuthStateChange((event, session) => events.push({ event, session }));
  return {
    client,
    events,
    sleeps,
    fetcher,
    tab,
    names: () => events.map((e) => e.event),
    advance: (ms: number) => {
      now += ms;
    },
  };
}

const tokenExp = NOW / 1000 + 600;

describe('AuthClient first load', () => {
  it('emits INITIAL_SESSION with a seed-shaped session', async () => {
    const t = setup({
      '/api/auth/me': [json(principal())],
      '/api/identity/token': [json({ token: fakeJwt(tokenExp) })],
    });
    await t.client.initialize();
    expect(t.names()).toEqual(['INITIAL_SESSION']);
    const session = t.events[0]?.session;
    expect(session).toMatchObject({
      access_token: fakeJwt(tokenExp),
      token_type: 'bearer',
      expires_at: tokenExp,
      expires_in: 600,
      aal: 'aal1',
      next_level: 'aal1',
      provider_grant: false,
      user: { id: 'user-1', email: 'it-director@example.edu', organization: { role: 'owner' } },
    });
  });

  it('emits INITIAL_SESSION with null when signed out, without a failing request', async () => {
    const t = setup({ '/api/identity/get-session': [json(null)] });
    await t.client.initialize();
    expect(t.events).toEqual([{ event: 'INITIAL_SESSION', session: null }]);
    expect(t.fetcher.countOf('/api/auth/me')).toBe(0);
    expect(t.fetcher.countOf('/api/identity/token')).toBe(0);
  });

  it('treats a session that ends between the two reads (401) as signed out', async () => {
    const t = setup({ '/api/auth/me': [json({ error: 'session_missing', message: 'x', status: 401 }, 401)] });
    await t.client.initialize();
    expect(t.events).toEqual([{ event: 'INITIAL_SESSION', session: null }]);
  });

  it('tells a Google sign-in that came back from a reload: INITIAL_SESSION then SIGNED_IN with the grant marker', async () => {
    const tab = memoryStorage();
    const first = setup({ '/api/auth/me': [json({}, 401)] }, tab);
    first.client.markSocialSignInStarted();
    const t = setup(
      {
        '/api/auth/me': [json(principal())],
        '/api/identity/token': [json({ token: fakeJwt(tokenExp) })],
      },
      tab,
    );
    await t.client.initialize();
    expect(t.names()).toEqual(['INITIAL_SESSION', 'SIGNED_IN']);
    expect(t.events[1]?.session?.provider_grant).toBe(true);

    // A plain reload afterwards is only INITIAL_SESSION, still marked as the Google session.
    const reload = setup(
      {
        '/api/auth/me': [json(principal())],
        '/api/identity/token': [json({ token: fakeJwt(tokenExp) })],
      },
      tab,
    );
    await reload.client.initialize();
    expect(reload.names()).toEqual(['INITIAL_SESSION']);
    expect(reload.events[0]?.session?.provider_grant).toBe(true);
  });

  it('mints no token while the session owes its second factor', async () => {
    const t = setup({ '/api/auth/me': [json(principal({ nextLevel: 'aal2' }))] });
    await t.client.initialize();
    expect(t.events[0]?.session).toMatchObject({ access_token: null, aal: 'aal1', next_level: 'aal2' });
    expect(t.fetcher.countOf('/api/identity/token')).toBe(0);
  });

  it('gives late subscribers INITIAL_SESSION once', async () => {
    const t = setup({ '/api/auth/me': [json({}, 401)] });
    await t.client.initialize();
    const late: AuthChangeEvent[] = [];
    t.client.onAuthStateChange((event) => late.push(event));
    await Promise.resolve();
    expect(late).toEqual(['INITIAL_SESSION']);
  });
});

describe('AuthClient expiry and refresh', () => {
  const signedIn = (extra: Parameters<typeof scriptedFetch>[0] = {}) =>
    setup({
      '/api/auth/me': [json(principal())],
      '/api/identity/token': [json({ token: fakeJwt(tokenExp) })],
      ...extra,
    });

  it('counts the session as expired inside the 30-second margin', async () => {
    const t = signedIn();
    await t.client.initialize();
    const session = t.client.peekSession();
    if (!session) throw new Error('no session');
    t.advance(600_000 - EXPIRY_MARGIN_MS - 1);
    expect(t.client.isExpired(session)).toBe(false);
    t.advance(1);
    expect(t.client.isExpired(session)).toBe(true);
  });

  it('getSession refreshes an expired token and emits TOKEN_REFRESHED', async () => {
    const t = setup({
      '/api/auth/me': [json(principal())],
      '/api/identity/token': [json({ token: fakeJwt(tokenExp) }), json({ token: fakeJwt(tokenExp + 600) })],
    });
    await t.client.initialize();
    expect((await t.client.getSession())?.expires_at).toBe(tokenExp);
    t.advance(580_000);
    const refreshed = await t.client.getSession();
    expect(refreshed?.expires_at).toBe(tokenExp + 600);
    expect(t.names()).toEqual(['INITIAL_SESSION', 'TOKEN_REFRESHED']);
  });

  it('retries retryable failures with exponential backoff from 200 ms, 3 retries at most', async () => {
    const t = setup({
      '/api/auth/me': [json(principal()), json({}, 503), new TypeError('Failed to fetch'), json(principal())],
      '/api/identity/token': [json({ token: fakeJwt(tokenExp) }), json({ token: fakeJwt(tokenExp + 600) })],
    });
    await t.client.initialize();
    const session = await t.client.refreshSession();
    expect(session?.expires_at).toBe(tokenExp + 600);
    expect(t.fetcher.countOf('/api/auth/me')).toBe(4);
    expect(t.sleeps).toEqual([REFRESH_BACKOFF_MS, REFRESH_BACKOFF_MS * 2]);
    expect(t.names()).toEqual(['INITIAL_SESSION', 'TOKEN_REFRESHED']);
  });

  it('retries 3 times after the first attempt (200, 400, 800 ms) before it succeeds', async () => {
    const t = setup({
      '/api/auth/me': [json(principal()), json({}, 502), json({}, 504), json({}, 503), json(principal())],
      '/api/identity/token': [json({ token: fakeJwt(tokenExp) }), json({ token: fakeJwt(tokenExp + 600) })],
    });
    await t.client.initialize();
    const session = await t.client.refreshSession();
    expect(session?.expires_at).toBe(tokenExp + 600);
    expect(t.fetcher.countOf('/api/auth/me')).toBe(5);
    expect(t.sleeps).toEqual([200, 400, 800]);
  });

  it('gives up after 3 retries of retryable failures and keeps the session', async () => {
    const t = setup({
      '/api/auth/me': [
        json(principal()),
        json({}, 502),
        json({}, 504),
        json({}, 503),
        json({}, 502),
        json(principal()),
      ],
      '/api/identity/token': [json({ token: fakeJwt(tokenExp) })],
    });
    await t.client.initialize();
    await expect(t.client.refreshSession()).rejects.toMatchObject({ status: 502 });
    expect(t.fetcher.countOf('/api/auth/me')).toBe(5);
    expect(t.sleeps).toEqual([200, 400, 800]);
    expect(t.client.peekSession()).not.toBeNull();
    expect(t.names()).toEqual(['INITIAL_SESSION']);
  });

  it.each([500, 400, 429])('does not retry HTTP %s and removes the session (SIGNED_OUT)', async (status) => {
    const t = setup({
      '/api/auth/me': [json(principal()), json({ error: 'x', message: 'nope', status }, status)],
      '/api/identity/token': [json({ token: fakeJwt(tokenExp) })],
    });
    await t.client.initialize();
    expect(await t.client.refreshSession()).toBeNull();
    expect(t.fetcher.countOf('/api/auth/me')).toBe(2);
    expect(t.sleeps).toEqual([]);
    expect(t.client.peekSession()).toBeNull();
    expect(t.names()).toEqual(['INITIAL_SESSION', 'SIGNED_OUT']);
  });

  it('a session ended on the server (401 on refresh) is removed', async () => {
    const t = setup({
      '/api/auth/me': [json(principal()), json({}, 401)],
      '/api/identity/token': [json({ token: fakeJwt(tokenExp) })],
    });
    await t.client.initialize();
    await t.client.refreshSession();
    expect(t.names()).toEqual(['INITIAL_SESSION', 'SIGNED_OUT']);
  });

  it('concurrent callers share one refresh', async () => {
    const t = signedIn();
    await t.client.initialize();
    const before = t.fetcher.countOf('/api/auth/me');
    await Promise.all([t.client.refreshSession(), t.client.refreshSession(), t.client.refreshSession()]);
    expect(t.fetcher.countOf('/api/auth/me') - before).toBe(1);
  });

  it('emits USER_UPDATED when a refresh shows a changed user', async () => {
    const t = setup({
      '/api/auth/me': [json(principal()), json(principal({}, 'Dana W. Whitaker'))],
      '/api/identity/token': [json({ token: fakeJwt(tokenExp) })],
    });
    await t.client.initialize();
    await t.client.refreshSession();
    expect(t.names()).toEqual(['INITIAL_SESSION', 'TOKEN_REFRESHED', 'USER_UPDATED']);
  });

  it('the auto-refresh tick refreshes only when few ticks remain', async () => {
    const t = setup({
      '/api/auth/me': [json(principal())],
      '/api/identity/token': [json({ token: fakeJwt(tokenExp) }), json({ token: fakeJwt(tokenExp + 600) })],
    });
    await t.client.initialize();
    await t.client.tick();
    expect(t.fetcher.countOf('/api/identity/token')).toBe(1);
    t.advance(600_000 - 90_000);
    await t.client.tick();
    expect(t.fetcher.countOf('/api/identity/token')).toBe(2);
    expect(t.names()).toEqual(['INITIAL_SESSION', 'TOKEN_REFRESHED']);
  });
});

describe('AuthClient sign-in steps', () => {
  it('completeSignIn emits SIGNED_IN, completeSecondFactor emits MFA_CHALLENGE_VERIFIED once aal2', async () => {
    const t = setup({
      '/api/auth/me': [
        json({}, 401),
        json(principal({ nextLevel: 'aal2' })),
        json(principal({ aal: 'aal2', nextLevel: 'aal2' })),
      ],
      '/api/identity/token': [json({ token: fakeJwt(tokenExp) })],
    });
    await t.client.initialize();
    const first = await t.client.completeSignIn();
    expect(first?.access_token).toBeNull();
    const second = await t.client.completeSecondFactor();
    expect(second?.aal).toBe('aal2');
    expect(t.names()).toEqual(['INITIAL_SESSION', 'SIGNED_IN', 'MFA_CHALLENGE_VERIFIED']);
  });

  it('signOut and password recovery emit their events', async () => {
    const t = setup({
      '/api/auth/me': [json(principal())],
      '/api/identity/token': [json({ token: fakeJwt(tokenExp) })],
    });
    await t.client.initialize();
    t.client.signOut();
    t.client.notifyPasswordRecovery();
    expect(t.names()).toEqual(['INITIAL_SESSION', 'SIGNED_OUT', 'PASSWORD_RECOVERY']);
    expect(t.client.peekSession()).toBeNull();
  });

  it('reloadUser emits USER_UPDATED', async () => {
    const t = setup({
      '/api/auth/me': [json(principal())],
      '/api/identity/token': [json({ token: fakeJwt(tokenExp) })],
    });
    await t.client.initialize();
    await t.client.reloadUser();
    expect(t.names()).toEqual(['INITIAL_SESSION', 'USER_UPDATED']);
  });
});
