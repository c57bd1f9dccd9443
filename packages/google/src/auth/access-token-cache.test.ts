import { describe, expect, it } from 'vitest';
import { createCachedTokenProvider } from './access-token-cache.ts';
import type { AccessToken } from './oauth-token.ts';

function token(accessToken: string, expiresAt: number): AccessToken {
  return {
    accessToken,
    expiresAt,
    scopes: [],
    tokenType: 'Bearer',
    refreshToken: undefined,
    idToken: undefined,
  };
}

describe('createCachedTokenProvider', () => {
  it('reuses a token until shortly before it expires', async () => {
    let clock = 0;
    let fetched = 0;
    const provider = createCachedTokenProvider({
      fetchToken: async () => token(`t${++fetched}`, clock + 3_600_000),
      refreshMarginMs: 60_000,
      now: () => clock,
    });
    expect(await provider({ forceRefresh: false, signal: undefined })).toBe('t1');
    clock = 3_500_000;
    expect(await provider({ forceRefresh: false, signal: undefined })).toBe('t1');
    clock = 3_540_001;
    expect(await provider({ forceRefresh: false, signal: undefined })).toBe('t2');
  });

  it('shares one refresh among concurrent callers', async () => {
    let fetched = 0;
    let release: (() => void) | undefined;
    const provider = createCachedTokenProvider({
      fetchToken: () =>
        new Promise<AccessToken>((resolve) => {
          fetched++;
          release = () => resolve(token('shared', Date.now() + 3_600_000));
        }),
    });
    const all = Promise.all([1, 2, 3].map(() => provider({ forceRefresh: false, signal: undefined })));
    await Promise.resolve();
    release?.();
    expect(await all).toEqual(['shared', 'shared', 'shared']);
    expect(fetched).toBe(1);
  });

  it('drops the cached token when forced to refresh', async () => {
    let fetched = 0;
    const provider = createCachedTokenProvider({
      fetchToken: async () => token(`t${++fetched}`, Date.now() + 3_600_000),
    });
    expect(await provider({ forceRefresh: false, signal: undefined })).toBe('t1');
    expect(await provider({ forceRefresh: true, signal: undefined })).toBe('t2');
  });

  it('lets a failed refresh be tried again', async () => {
    let calls = 0;
    const provider = createCachedTokenProvider({
      fetchToken: async () => {
        calls++;
        if (calls === 1) throw new Error('boom');
        return token('ok', Date.now() + 3_600_000);
      },
    });
    await expect(provider({ forceRefresh: false, signal: undefined })).rejects.toThrow('boom');
    expect(await provider({ forceRefresh: false, signal: undefined })).toBe('ok');
  });
});
