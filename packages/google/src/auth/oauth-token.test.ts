import { describe, expect, it } from 'vitest';
import { createFakeFetch, json, networkFailure } from '../../test/fake-fetch.ts';
import { GoogleAuthError, GoogleUnexpectedResponseError } from '../errors.ts';
import { refreshAccessToken } from './oauth-token.ts';

const TOKEN_URL = 'https://oauth.test/token';

function options(fetch: typeof globalThis.fetch) {
  return {
    tokenUrl: TOKEN_URL,
    clientId: 'client-1',
    clientSecret: 's3cret',
    refreshToken: '1//refresh',
    fetch,
    sleep: async () => {},
    random: () => 0.5,
    now: () => 1_000_000,
  };
}

describe('refreshAccessToken', () => {
  it('posts a form-encoded refresh grant and returns the token with its expiry and scopes', async () => {
    const fake = createFakeFetch(
      json(200, {
        access_token: 'ya29.new',
        expires_in: 3599,
        token_type: 'Bearer',
        scope: 'https://www.googleapis.com/auth/admin.directory.device.chromeos openid',
      }),
    );
    const token = await refreshAccessToken(options(fake.fetch));
    expect(token).toEqual({
      accessToken: 'ya29.new',
      expiresAt: 1_000_000 + 3_599_000,
      scopes: ['https://www.googleapis.com/auth/admin.directory.device.chromeos', 'openid'],
      tokenType: 'Bearer',
      refreshToken: undefined,
      idToken: undefined,
    });
    const sent = fake.requests[0];
    expect(sent?.method).toBe('POST');
    expect(sent?.url.href).toBe(TOKEN_URL);
    expect(sent?.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(sent?.headers.has('authorization')).toBe(false);
    expect(Object.fromEntries(new URLSearchParams(sent?.body))).toEqual({
      grant_type: 'refresh_token',
      refresh_token: '1//refresh',
      client_id: 'client-1',
      client_secret: 's3cret',
    });
  });

  it('maps invalid_grant to GoogleAuthError with needsReconsent, without retrying', async () => {
    const fake = createFakeFetch(
      json(400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' }),
    );
    const error = await refreshAccessToken(options(fake.fetch)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GoogleAuthError);
    expect((error as GoogleAuthError).needsReconsent).toBe(true);
    expect((error as GoogleAuthError).message).toBe('Token has been expired or revoked.');
    expect(fake.calls).toHaveBeenCalledTimes(1);
  });

  it('maps invalid_client to an auth error that re-consent would not fix', async () => {
    const fake = createFakeFetch(
      json(401, { error: 'invalid_client', error_description: 'The OAuth client was not found.' }),
    );
    const error = await refreshAccessToken(options(fake.fetch)).catch((e: unknown) => e);
    expect((error as GoogleAuthError).needsReconsent).toBe(false);
  });

  it('retries outages and network errors of the token endpoint', async () => {
    const fake = createFakeFetch(
      json(503, { error: 'temporarily_unavailable' }),
      networkFailure(),
      json(200, { access_token: 'a', expires_in: 3599 }),
    );
    const token = await refreshAccessToken(options(fake.fetch));
    expect(token.accessToken).toBe('a');
    expect(fake.calls).toHaveBeenCalledTimes(3);
  });

  it('rejects a success body without an access token', async () => {
    const fake = createFakeFetch(json(200, { expires_in: 3599 }));
    await expect(refreshAccessToken(options(fake.fetch))).rejects.toBeInstanceOf(
      GoogleUnexpectedResponseError,
    );
  });
});
