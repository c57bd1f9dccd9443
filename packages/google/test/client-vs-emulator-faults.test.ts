import { afterEach, describe, expect, it } from 'vitest';
import { createCachedTokenProvider } from '../src/auth/access-token-cache.ts';
import { refreshAccessToken } from '../src/auth/oauth-token.ts';
import {
  GoogleAuthError,
  GoogleNetworkError,
  GooglePermissionError,
  GoogleUnavailableError,
} from '../src/errors.ts';
import { createGoogleClient } from '../src/google-client.ts';
import { baseUrlsForOrigin } from '../src/google-hosts.ts';
import { ALL_SCOPES, useEmulator } from './emulator-fixture.ts';

/** Faults injected through the emulator's `/__emulator` control API, and the OAuth refresh path. */

const fixture = useEmulator();

afterEach(async () => {
  const { control } = fixture();
  await control('faults', undefined, 'DELETE');
  await control('quota', { requestsPerMinute: 0, api: 'all' });
  await control('latency', { ms: 0, api: 'all' });
});

const statuses = (events: { status: number | undefined }[]) => events.map((e) => e.status);

describe('retries against injected faults', () => {
  it.each([500, 502, 503, 504])('rides out two %i answers', async (status) => {
    const { control, client } = fixture();
    const { google, events, sleeps } = client();
    await control('faults', { status, api: 'directory', count: 2 });
    expect((await google.directory.getCustomer()).id).toMatch(/^C/);
    expect(statuses(events)).toEqual([status, status, 200]);
    expect(sleeps).toHaveLength(2);
  });

  it('honours the Retry-After of a 429', async () => {
    const { control, client } = fixture();
    const { google, events, sleeps } = client();
    await control('faults', { status: 429, api: 'management', count: 1 });
    await google.management.countChromeDevicesThatNeedAttention();
    expect(statuses(events)).toEqual([429, 200]);
    expect(sleeps).toEqual([1000]);
  });

  it('waits out a per-minute quota window', async () => {
    const { control, client } = fixture();
    const { google, events, sleeps } = client();
    await control('quota', { requestsPerMinute: 2, api: 'policy' });
    for (let i = 0; i < 3; i++) await google.policy.getPolicySchema('chrome.users.IncognitoMode');
    expect(statuses(events)).toEqual([200, 200, 429, 200]);
    expect(sleeps[0]).toBeGreaterThanOrEqual(1000);
  });

  it('retries a 403 rate limit but not a 403 forbidden', async () => {
    const { control, client } = fixture();
    const limited = client();
    await control('faults', { status: 403, api: 'directory', count: 1, reason: 'userRateLimitExceeded' });
    await limited.google.directory.listOrgUnits();
    expect(statuses(limited.events)).toEqual([403, 200]);

    const forbidden = client();
    await control('faults', { status: 403, api: 'directory', count: 1, reason: 'forbidden' });
    await expect(forbidden.google.directory.listOrgUnits()).rejects.toBeInstanceOf(GooglePermissionError);
    expect(statuses(forbidden.events)).toEqual([403]);
  });

  it('gives up after the configured attempts', async () => {
    const { control, client } = fixture();
    const { google, events } = client({ retry: { maxAttempts: 3, baseDelayMs: 1 } });
    await control('faults', { status: 500, api: 'directory', count: 10 });
    await expect(google.directory.getCustomer()).rejects.toBeInstanceOf(GoogleUnavailableError);
    expect(statuses(events)).toEqual([500, 500, 500]);
  });

  it('never repeats a remote command after an outage', async () => {
    const { control, client } = fixture();
    const { google, events } = client();
    const [device] =
      (await google.directory.listChromeOsDevices({ maxResults: 100 })).chromeosdevices?.filter(
        (d) => d.status === 'ACTIVE',
      ) ?? [];
    await control('faults', { status: 503, api: 'directory', count: 1 });
    await expect(
      google.directory.issueCommand(device?.deviceId ?? '', { commandType: 'REBOOT' }),
    ).rejects.toBeInstanceOf(GoogleUnavailableError);
    expect(events.filter((e) => e.operation === 'directory.chromeosdevices.issueCommand')).toHaveLength(1);
  });

  it('refreshes the token after an injected 401', async () => {
    const { control, client } = fixture();
    const { google, events } = client();
    await control('faults', { status: 401, api: 'directory', count: 1 });
    await google.directory.getCustomer();
    expect(statuses(events)).toEqual([401, 200]);
  });

  it('times out slow answers', async () => {
    const { control, client } = fixture();
    const { google, events } = client({ retry: { maxAttempts: 2, baseDelayMs: 1 }, timeoutMs: 100 });
    await control('latency', { ms: 400, api: 'management' });
    const error = await google.management.countChromeHardwareFleetDevices().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GoogleNetworkError);
    expect((error as GoogleNetworkError).timedOut).toBe(true);
    expect(events).toHaveLength(2);
  });

  it('stops a bulk move at an outage and marks the rest skipped', async () => {
    const { control, client } = fixture();
    const { google } = client({ retry: { maxAttempts: 2, baseDelayMs: 1 } });
    const ids =
      (await google.directory.listChromeOsDevices({ maxResults: 120 })).chromeosdevices?.map(
        (d) => d.deviceId,
      ) ?? [];
    await control('faults', { status: 503, api: 'directory', count: 2 });
    const result = await google.directory.moveDevicesToOu(ids, '/');
    expect(result.results.slice(0, 50).every((r) => r.status === 'unknown')).toBe(true);
    expect(result.results.slice(50).every((r) => r.status === 'skipped')).toBe(true);
    expect(result.stoppedBy).toBeInstanceOf(GoogleUnavailableError);
  });

  it('names missing scopes', async () => {
    const { mintToken, origin } = fixture();
    const token = mintToken(['https://www.googleapis.com/auth/admin.directory.device.chromeos.readonly']);
    const google = createGoogleClient({
      getAccessToken: async () => token,
      baseUrls: baseUrlsForOrigin(origin),
    });
    const [device] = (await google.directory.listChromeOsDevices({ maxResults: 1 })).chromeosdevices ?? [];
    const error = await google.directory
      .patchChromeOsDevice(device?.deviceId ?? '', { notes: 'x' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GooglePermissionError);
    expect((error as GooglePermissionError).insufficientScopes).toBe(true);
  });
});

describe('OAuth refresh against the emulator', () => {
  async function grantRefreshToken(): Promise<string> {
    const { emulator, origin, ownerEmail } = fixture();
    const redirectUri = 'http://app.test/callback';
    const code = emulator.oauth.issueCode({
      email: ownerEmail,
      clientId: 'fleetdeck-test',
      redirectUri,
      scopes: ALL_SCOPES,
      offline: true,
      forceConsent: true,
      includeGrantedScopes: false,
    });
    const response = await fetch(`${origin}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: 'fleetdeck-test',
        client_secret: 's',
      }),
    });
    const body = (await response.json()) as { refresh_token?: string };
    if (!body.refresh_token) throw new Error('no refresh token issued');
    return body.refresh_token;
  }

  it('turns a refresh token into access tokens the APIs accept', async () => {
    const { origin } = fixture();
    const refreshToken = await grantRefreshToken();
    const tokenUrl = baseUrlsForOrigin(origin).oauthToken;
    const getAccessToken = createCachedTokenProvider({
      fetchToken: () =>
        refreshAccessToken({ tokenUrl, clientId: 'fleetdeck-test', clientSecret: 's', refreshToken }),
    });
    const google = createGoogleClient({ getAccessToken, baseUrls: baseUrlsForOrigin(origin) });
    expect((await google.directory.getCustomer()).id).toMatch(/^C/);
    const token = await refreshAccessToken({
      tokenUrl,
      clientId: 'fleetdeck-test',
      clientSecret: 's',
      refreshToken,
    });
    expect(token.scopes).toEqual(expect.arrayContaining(ALL_SCOPES));
    expect(token.expiresAt).toBeGreaterThan(Date.now());
  });

  it('asks for re-consent once the grant is revoked', async () => {
    const { origin, ownerEmail, control } = fixture();
    const refreshToken = await grantRefreshToken();
    await control('oauth/revoke-grant', { email: ownerEmail, clientId: 'fleetdeck-test' });
    const error = await refreshAccessToken({
      tokenUrl: `${origin}/token`,
      clientId: 'fleetdeck-test',
      clientSecret: 's',
      refreshToken,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GoogleAuthError);
    expect((error as GoogleAuthError).needsReconsent).toBe(true);
  });
});
