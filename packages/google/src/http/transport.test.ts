import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  apiaryError,
  createFakeFetch,
  hang,
  json,
  networkFailure,
  type Responder,
} from '../../test/fake-fetch.ts';
import {
  GoogleAuthError,
  GoogleInvalidInputError,
  GoogleNetworkError,
  GoogleNotFoundError,
  GooglePermissionError,
  GoogleRateLimitError,
  GoogleUnavailableError,
  GoogleUnexpectedResponseError,
} from '../errors.ts';
import type { RetryEvent } from './retry-loop.ts';
import { buildUrl, GoogleTransport, type RequestEvent, type TransportOptions } from './transport.ts';

const okSchema = z.object({ ok: z.boolean() });
const ok = json(200, { ok: true });

function setup(responders: Responder[], options: Partial<TransportOptions> = {}) {
  const fake = createFakeFetch(...responders);
  const sleeps: number[] = [];
  const tokens: boolean[] = [];
  const requests: RequestEvent[] = [];
  const retries: RetryEvent[] = [];
  const transport = new GoogleTransport({
    getAccessToken: async ({ forceRefresh }) => {
      tokens.push(forceRefresh);
      return forceRefresh ? 'fresh' : 'cached';
    },
    fetch: fake.fetch,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    onRequest: (event) => requests.push(event),
    onRetry: (event) => retries.push(event),
    ...options,
  });
  const get = (extra: { safety?: 'idempotent' | 'once'; signal?: AbortSignal; timeoutMs?: number } = {}) =>
    transport.request({
      operation: 'test.get',
      method: 'GET',
      url: 'https://api.test/v1/thing',
      schema: okSchema,
      safety: extra.safety ?? 'idempotent',
      signal: extra.signal,
      timeoutMs: extra.timeoutMs,
    });
  return { fake, transport, sleeps, tokens, requests, retries, get };
}

describe('GoogleTransport request shape', () => {
  it('sends the bearer token, query and JSON body, and validates the response', async () => {
    const { fake, transport } = setup([ok]);
    const result = await transport.request({
      operation: 'test.post',
      method: 'POST',
      url: 'https://api.test/v1/things',
      query: { a: 'x y', b: 2, c: true, skip: undefined, many: ['1', '2'] },
      body: { hello: 'world' },
      schema: okSchema,
      safety: 'idempotent',
    });
    expect(result).toEqual({ ok: true });
    const sent = fake.requests[0];
    expect(sent?.method).toBe('POST');
    expect(sent?.url.pathname).toBe('/v1/things');
    expect(sent?.url.searchParams.get('a')).toBe('x y');
    expect(sent?.url.searchParams.get('b')).toBe('2');
    expect(sent?.url.searchParams.get('c')).toBe('true');
    expect(sent?.url.searchParams.has('skip')).toBe(false);
    expect(sent?.url.searchParams.getAll('many')).toEqual(['1', '2']);
    expect(sent?.headers.get('authorization')).toBe('Bearer cached');
    expect(sent?.headers.get('content-type')).toBe('application/json');
    expect(sent?.body).toBe('{"hello":"world"}');
  });

  it('builds URLs that already carry a query', () => {
    expect(buildUrl('https://a.test/x?y=1', { z: '2' })).toBe('https://a.test/x?y=1&z=2');
    expect(buildUrl('https://a.test/x', {})).toBe('https://a.test/x');
  });

  it('rejects a 2xx body that does not match the schema, without retrying', async () => {
    const { get, fake } = setup([json(200, { ok: 'yes' })]);
    const error = await get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GoogleUnexpectedResponseError);
    expect((error as Error).message).toContain('ok');
    expect(fake.calls).toHaveBeenCalledTimes(1);
  });

  it('rejects a 2xx body that is not JSON', async () => {
    const { get } = setup([() => new Response('<html>', { status: 200 })]);
    await expect(get()).rejects.toBeInstanceOf(GoogleUnexpectedResponseError);
  });
});

describe('GoogleTransport retries', () => {
  it.each([408, 429, 500, 502, 503, 504])('retries %i with backoff, then succeeds', async (status) => {
    const { get, fake, sleeps, retries } = setup([
      apiaryError(status, 'backendError', 'x'),
      apiaryError(status, 'backendError', 'x'),
      ok,
    ]);
    await expect(get()).resolves.toEqual({ ok: true });
    expect(fake.calls).toHaveBeenCalledTimes(3);
    // Full jitter with random() = 0.5: half of 1 s, then half of 2 s.
    expect(sleeps).toEqual([500, 1000]);
    expect(retries.map((r) => [r.attempt, r.delayMs, r.error.status])).toEqual([
      [1, 500, status],
      [2, 1000, status],
    ]);
  });

  it('retries network errors', async () => {
    const { get, fake } = setup([networkFailure('ECONNRESET'), ok]);
    await expect(get()).resolves.toEqual({ ok: true });
    expect(fake.calls).toHaveBeenCalledTimes(2);
  });

  it('retries a 403 rate limit but not other 403s', async () => {
    const limited = setup([apiaryError(403, 'userRateLimitExceeded', 'User Rate Limit Exceeded'), ok]);
    await expect(limited.get()).resolves.toEqual({ ok: true });
    const forbidden = setup([
      apiaryError(403, 'forbidden', 'Not Authorized to access this resource/api'),
      ok,
    ]);
    await expect(forbidden.get()).rejects.toBeInstanceOf(GooglePermissionError);
    expect(forbidden.fake.calls).toHaveBeenCalledTimes(1);
  });

  it.each([
    [400, GoogleInvalidInputError],
    [403, GooglePermissionError],
    [404, GoogleNotFoundError],
  ])('does not retry %i', async (status, type) => {
    const { get, fake, sleeps } = setup([apiaryError(status, 'x', 'nope'), ok]);
    await expect(get()).rejects.toBeInstanceOf(type);
    expect(fake.calls).toHaveBeenCalledTimes(1);
    expect(sleeps).toEqual([]);
  });

  it('stops after maxAttempts and throws the last error', async () => {
    const { get, fake } = setup([apiaryError(503, 'backendError', 'Backend Error')], {
      retry: { maxAttempts: 3 },
    });
    const error = await get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GoogleUnavailableError);
    expect((error as GoogleUnavailableError).status).toBe(503);
    expect(fake.calls).toHaveBeenCalledTimes(3);
  });

  it('honours Retry-After in seconds', async () => {
    const { get, sleeps } = setup([
      apiaryError(429, 'rateLimitExceeded', 'x', {}, { 'retry-after': '7' }),
      ok,
    ]);
    await get();
    expect(sleeps).toEqual([7000]);
  });

  it('honours Retry-After as an HTTP-date', async () => {
    const later = new Date(Date.now() + 20_000).toUTCString();
    const { get, sleeps } = setup([apiaryError(503, 'backendError', 'x', {}, { 'retry-after': later }), ok]);
    await get();
    expect(sleeps[0]).toBeGreaterThan(18_000);
    expect(sleeps[0]).toBeLessThanOrEqual(20_000);
  });

  it('hands a Retry-After beyond the limit back to the caller instead of waiting', async () => {
    const { get, fake } = setup([
      apiaryError(429, 'rateLimitExceeded', 'x', {}, { 'retry-after': '3600' }),
      ok,
    ]);
    const error = await get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GoogleRateLimitError);
    expect((error as GoogleRateLimitError).retryAfterMs).toBe(3_600_000);
    expect(fake.calls).toHaveBeenCalledTimes(1);
  });

  it('retries a non-idempotent write on 429 and refused connections only', async () => {
    const limited = setup([apiaryError(429, 'rateLimitExceeded', 'x'), ok]);
    await expect(limited.get({ safety: 'once' })).resolves.toEqual({ ok: true });
    const refused = setup([networkFailure('ECONNREFUSED'), ok]);
    await expect(refused.get({ safety: 'once' })).resolves.toEqual({ ok: true });
    const outage = setup([apiaryError(503, 'backendError', 'x'), ok]);
    await expect(outage.get({ safety: 'once' })).rejects.toBeInstanceOf(GoogleUnavailableError);
    const reset = setup([networkFailure('ECONNRESET'), ok]);
    await expect(reset.get({ safety: 'once' })).rejects.toBeInstanceOf(GoogleNetworkError);
    expect(reset.fake.calls).toHaveBeenCalledTimes(1);
  });

  it('refreshes the token once after a 401 and retries at once', async () => {
    const { get, tokens, fake, sleeps } = setup([apiaryError(401, 'authError', 'Invalid Credentials'), ok]);
    await expect(get()).resolves.toEqual({ ok: true });
    expect(tokens).toEqual([false, true]);
    expect(fake.requests[1]?.headers.get('authorization')).toBe('Bearer fresh');
    expect(sleeps).toEqual([]);
  });

  it('gives up with an auth error when a fresh token is refused too', async () => {
    const { get, fake } = setup([apiaryError(401, 'authError', 'Invalid Credentials')]);
    const error = await get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GoogleAuthError);
    expect((error as GoogleAuthError).needsReconsent).toBe(false);
    expect(fake.calls).toHaveBeenCalledTimes(2);
  });
});

describe('GoogleTransport timeouts, aborts and hooks', () => {
  it('times out a stalled attempt and retries it', async () => {
    const { get, fake } = setup([hang, ok]);
    await expect(get({ timeoutMs: 20 })).resolves.toEqual({ ok: true });
    expect(fake.calls).toHaveBeenCalledTimes(2);
  });

  it('reports a timeout as a network error once attempts run out', async () => {
    const { get } = setup([hang], { retry: { maxAttempts: 2 } });
    const error = await get({ timeoutMs: 10 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GoogleNetworkError);
    expect((error as GoogleNetworkError).timedOut).toBe(true);
  });

  it("passes a caller's abort through without retrying", async () => {
    const controller = new AbortController();
    const { get, fake } = setup([hang, ok]);
    const pending = get({ signal: controller.signal });
    setTimeout(() => controller.abort(new Error('user went away')), 5);
    await expect(pending).rejects.toThrow('user went away');
    expect(fake.calls).toHaveBeenCalledTimes(1);
  });

  it('reports every exchange to onRequest and every wait to onRetry', async () => {
    const { get, requests, retries } = setup([apiaryError(502, 'x', 'bad gateway'), ok]);
    await get();
    expect(requests.map((r) => [r.operation, r.method, r.attempt, r.status, r.error?.status])).toEqual([
      ['test.get', 'GET', 1, 502, 502],
      ['test.get', 'GET', 2, 200, undefined],
    ]);
    expect(
      requests.every((r) => r.durationMs >= 0 && r.url === 'https://api.test/v1/thing?prettyPrint=false'),
    ).toBe(true);
    expect(retries).toHaveLength(1);
  });
});

describe('GoogleTransport token provider failures', () => {
  it('does not retry a failure of the token provider, which retries on its own', async () => {
    const fake = createFakeFetch(ok);
    let tokenCalls = 0;
    const transport = new GoogleTransport({
      getAccessToken: async () => {
        tokenCalls++;
        throw new GoogleNetworkError({
          status: 0,
          message: 'token endpoint unreachable',
          timedOut: false,
          notSent: true,
        });
      },
      fetch: fake.fetch,
      sleep: async () => {},
    });
    const request = {
      operation: 't',
      method: 'GET',
      url: 'https://api.test/x',
      schema: okSchema,
      safety: 'idempotent',
    } as const;
    await expect(transport.request(request)).rejects.toThrow('token endpoint unreachable');
    expect(tokenCalls).toBe(1);
    expect(fake.calls).not.toHaveBeenCalled();
  });

  it('surfaces a re-consent error from the provider after a 401', async () => {
    const fake = createFakeFetch(apiaryError(401, 'authError', 'Invalid Credentials'));
    const transport = new GoogleTransport({
      getAccessToken: async ({ forceRefresh }) => {
        if (forceRefresh)
          throw new GoogleAuthError({
            status: 400,
            message: 'Token has been expired or revoked.',
            needsReconsent: true,
          });
        return 'stale';
      },
      fetch: fake.fetch,
    });
    const request = {
      operation: 't',
      method: 'GET',
      url: 'https://api.test/x',
      schema: okSchema,
      safety: 'idempotent',
    } as const;
    const error = await transport.request(request).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GoogleAuthError);
    expect((error as GoogleAuthError).needsReconsent).toBe(true);
    expect(fake.calls).toHaveBeenCalledTimes(1);
  });
});
