import { describe, expect, it } from 'vitest';
import type { AuthSession } from '../lib/auth/auth-session.ts';
import { createAuthGuard, type AuthGuardDependencies } from './guards.ts';

const session = (overrides: Partial<AuthSession> = {}): AuthSession => ({
  access_token: 'a.b.c',
  token_type: 'bearer',
  expires_at: 2_000_000_000,
  expires_in: 600,
  user: { id: 'u1', email: 'tech@example.edu', name: 'Priya', organization: null },
  session_id: 's1',
  aal: 'aal1',
  next_level: 'aal1',
  provider_grant: false,
  ...overrides,
});

async function run(path: string, deps: Partial<AuthGuardDependencies>): Promise<string | undefined> {
  const guard = createAuthGuard({
    getSession: () => Promise.resolve(session()),
    peekSession: () => null,
    isOnboarded: () => Promise.resolve(true),
    ...deps,
  });
  const url = new URL(path, 'https://fleetdeck.example');
  try {
    await guard({ request: new Request(url), url, params: {} });
    return undefined;
  } catch (error) {
    if (error instanceof Response) return error.headers.get('Location') ?? 'no location';
    throw error;
  }
}

describe('the auth guard', () => {
  it('lets an onboarded session through', async () => {
    expect(await run('/dashboard', {})).toBeUndefined();
  });

  it('sends a signed-out visitor to /login with the path and query as next', async () => {
    expect(
      await run('/devices/fleetStatus?q=aue%3Aexpired', { getSession: () => Promise.resolve(null) }),
    ).toBe('/login?next=%2Fdevices%2FfleetStatus%3Fq%3Daue%253Aexpired');
  });

  it('sends a session owing its second factor to the challenge before anything else', async () => {
    let askedOnboarding = false;
    const location = await run('/settings/team', {
      getSession: () => Promise.resolve(session({ access_token: null, next_level: 'aal2' })),
      isOnboarded: () => ((askedOnboarding = true), Promise.resolve(false)),
    });
    expect(location).toBe('/login?step=second-factor&next=%2Fsettings%2Fteam');
    expect(askedOnboarding).toBe(false);
  });

  it('sends a member of an organization not set up yet to /onboarding', async () => {
    expect(await run('/dashboard', { isOnboarded: () => Promise.resolve(false) })).toBe('/onboarding');
  });

  it('lets onboarding and invitation acceptance through before onboarding', async () => {
    const deps = { isOnboarded: () => Promise.resolve(false) };
    expect(await run('/onboarding', deps)).toBeUndefined();
    expect(await run('/invitations/accept?token=abc', deps)).toBeUndefined();
  });

  it('keeps the last session when a refresh failed on a retryable error', async () => {
    expect(
      await run('/dashboard', {
        getSession: () => Promise.reject(new Error('502')),
        peekSession: () => session(),
      }),
    ).toBeUndefined();
  });
});
