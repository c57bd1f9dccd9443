import { describe, expect, it, vi } from 'vitest';
import { AuthClient } from './auth-client.ts';
import {
  handleSignedIn,
  handleSignedOut,
  installAuthNavigation,
  NEXT_PATH_KEY,
  ONBOARDING_FLAG_KEY,
  safeNext,
  SIGNED_OUT_NOTICE_KEY,
  type AuthNavigationOptions,
} from './auth-navigation.ts';
import type { AuthSession } from './auth-session.ts';
import { fakeJwt, json, memoryStorage, scriptedFetch } from './auth-test-helpers.ts';

const session = (overrides: Partial<AuthSession> = {}): AuthSession => ({
  access_token: fakeJwt(2_000_000_000),
  token_type: 'bearer',
  expires_at: 2_000_000_000,
  expires_in: 600,
  user: { id: 'u1', email: 'it-director@example.edu', name: 'Dana', organization: null },
  session_id: 's1',
  aal: 'aal1',
  next_level: 'aal1',
  provider_grant: true,
  ...overrides,
});

function options(
  script: Parameters<typeof scriptedFetch>[0],
  path = '/dashboard',
  storage = memoryStorage(),
) {
  const fetcher = scriptedFetch(script);
  const navigations: string[] = [];
  const logged: string[] = [];
  const tabStorage = memoryStorage();
  const opts: AuthNavigationOptions = {
    client: new AuthClient({
      fetch: fetcher.fetch,
      now: () => 0,
      sleep: () => Promise.resolve(),
      tabStorage,
    }),
    fetch: fetcher.fetch,
    storage,
    tabStorage,
    navigate: (p) => navigations.push(p),
    currentPath: () => path,
    logError: (message) => logged.push(message),
  };
  return { opts, fetcher, navigations, logged, storage, tabStorage };
}

describe('on SIGNED_IN', () => {
  it('asks session-status with the bearer token; onboarded sets the flag and goes to /dashboard', async () => {
    const t = options({ '/api/auth/session-status': [json({ onboarded: true })] });
    await handleSignedIn(t.opts, session());
    const call = t.fetcher.calls[0];
    expect(call?.path).toBe('/api/auth/session-status');
    expect(call?.init?.method).toBe('POST');
    expect((call?.init?.headers as Record<string, string>).Authorization).toBe(
      `Bearer ${fakeJwt(2_000_000_000)}`,
    );
    expect(t.storage.getItem(ONBOARDING_FLAG_KEY)).toBe('1');
    expect(t.navigations).toEqual(['/dashboard']);
  });

  it('an onboarded Google sign-in lands on the deep link taken before it, with or without TOTP', async () => {
    const deepLink = '/devices/chromebook/dev-1?tab=timeline';
    const plain = options({ '/api/auth/session-status': [json({ onboarded: true })] }, deepLink);
    plain.tabStorage.setItem(NEXT_PATH_KEY, deepLink);
    await handleSignedIn(plain.opts, session());
    expect(plain.navigations).toEqual([deepLink]);
    expect(plain.storage.getItem(ONBOARDING_FLAG_KEY)).toBe('1');

    const totp = options({ '/api/auth/session-status': [json({ onboarded: true })] }, deepLink);
    totp.tabStorage.setItem(NEXT_PATH_KEY, deepLink);
    await handleSignedIn(totp.opts, session({ access_token: null, next_level: 'aal2' }));
    expect(totp.navigations).toEqual([`/login?step=second-factor&next=${encodeURIComponent(deepLink)}`]);
    await handleSignedIn(totp.opts, session({ aal: 'aal2', next_level: 'aal2' }));
    expect(totp.navigations.at(-1)).toBe(deepLink);
  });

  it('not onboarded goes to /onboarding without setting the flag', async () => {
    const t = options({ '/api/auth/session-status': [json({ onboarded: false })] });
    await handleSignedIn(t.opts, session());
    expect(t.storage.getItem(ONBOARDING_FLAG_KEY)).toBeNull();
    expect(t.navigations).toEqual(['/onboarding']);
  });

  it('not onboarded but signing in from an invitation link goes back to the invitation', async () => {
    const t = options({ '/api/auth/session-status': [json({ onboarded: false })] });
    t.tabStorage.setItem(NEXT_PATH_KEY, '/invitations/accept?token=abc');
    await handleSignedIn(t.opts, session());
    expect(t.fetcher.calls).toHaveLength(1);
    expect(t.storage.getItem(ONBOARDING_FLAG_KEY)).toBeNull();
    expect(t.navigations).toEqual(['/invitations/accept?token=abc']);
  });

  it('skips the check when the flag is already set', async () => {
    const t = options({}, '/dashboard', memoryStorage({ [ONBOARDING_FLAG_KEY]: '1' }));
    await handleSignedIn(t.opts, session());
    expect(t.fetcher.calls).toEqual([]);
    expect(t.navigations).toEqual([]);
  });

  it('skips the check when the session carries no provider grant, and leaves /login for next', async () => {
    const t = options({}, '/login');
    t.tabStorage.setItem(NEXT_PATH_KEY, '/devices/fleetStatus?q=status%3AACTIVE');
    await handleSignedIn(t.opts, session({ provider_grant: false }));
    expect(t.fetcher.calls).toEqual([]);
    expect(t.navigations).toEqual(['/devices/fleetStatus?q=status%3AACTIVE']);
    expect(t.tabStorage.getItem(NEXT_PATH_KEY)).toBeNull();
  });

  it.each([
    ['an HTTP failure', json({ error: 'x', message: 'y', status: 500 }, 500)],
    ['a network failure', new TypeError('Failed to fetch')],
  ])('logs %s to the console with no visible effect', async (_name, answer) => {
    const t = options({ '/api/auth/session-status': [answer] });
    await handleSignedIn(t.opts, session());
    expect(t.logged).toHaveLength(1);
    expect(t.navigations).toEqual([]);
    expect(t.storage.getItem(ONBOARDING_FLAG_KEY)).toBeNull();
  });

  it('sends a session that owes its second factor to the challenge first', async () => {
    const t = options({});
    t.tabStorage.setItem(NEXT_PATH_KEY, '/settings/team');
    await handleSignedIn(t.opts, session({ access_token: null, next_level: 'aal2' }));
    expect(t.fetcher.calls).toEqual([]);
    expect(t.navigations).toEqual(['/login?step=second-factor&next=%2Fsettings%2Fteam']);
  });
});

describe('on SIGNED_OUT', () => {
  it('removes the flag, calls logout with no body, and goes to /', async () => {
    const t = options(
      { '/api/auth/logout': [new Response(null, { status: 204 })] },
      '/dashboard',
      memoryStorage({ [ONBOARDING_FLAG_KEY]: '1' }),
    );
    await handleSignedOut(t.opts);
    expect(t.storage.getItem(ONBOARDING_FLAG_KEY)).toBeNull();
    expect(t.fetcher.calls[0]?.path).toBe('/api/auth/logout');
    expect(t.fetcher.calls[0]?.init?.method).toBe('POST');
    expect(t.fetcher.calls[0]?.init?.body).toBeUndefined();
    expect(t.navigations).toEqual(['/']);
    expect(t.tabStorage.getItem(SIGNED_OUT_NOTICE_KEY)).toBe('1');
    expect(t.logged).toEqual([]);
  });

  it.each([401, 403, 404])('ignores %s', async (status) => {
    const t = options({ '/api/auth/logout': [json({}, status)] });
    await handleSignedOut(t.opts);
    expect(t.logged).toEqual([]);
    expect(t.navigations).toEqual(['/']);
  });

  it('logs other failures but still leaves', async () => {
    const t = options({ '/api/auth/logout': [json({}, 500)] });
    await handleSignedOut(t.opts);
    expect(t.logged).toHaveLength(1);
    expect(t.navigations).toEqual(['/']);
  });
});

describe('installAuthNavigation', () => {
  it('reacts to the client events', async () => {
    const t = options({
      '/api/auth/logout': [new Response(null, { status: 204 })],
    });
    const unsubscribe = installAuthNavigation(t.opts);
    t.opts.client.signOut();
    await vi.waitFor(() => expect(t.navigations).toEqual(['/']));
    unsubscribe();
    t.opts.client.signOut();
    await Promise.resolve();
    expect(t.navigations).toEqual(['/']);
  });
});

describe('safeNext', () => {
  it('follows only same-app paths', () => {
    expect(safeNext('/dashboard')).toBe('/dashboard');
    expect(safeNext('//evil.example')).toBeUndefined();
    expect(safeNext('/\\evil.example')).toBeUndefined();
    expect(safeNext('https://evil.example')).toBeUndefined();
    expect(safeNext('/login?next=/x')).toBeUndefined();
    // Browsers drop tabs and line breaks from URLs: `/\t/host` is `//host`, another site.
    expect(safeNext('/\t/evil.example')).toBeUndefined();
    expect(safeNext('/\n/evil.example/x')).toBeUndefined();
    expect(safeNext('/\r\\evil.example')).toBeUndefined();
    expect(safeNext('/ /evil.example')).toBe('/%20/evil.example');
    expect(safeNext('/devices/fleetStatus?q=a%20b#top')).toBe('/devices/fleetStatus?q=a%20b#top');
    expect(safeNext('/./login')).toBeUndefined();
    expect(safeNext(null)).toBeUndefined();
  });
});
