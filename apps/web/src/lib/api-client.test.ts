import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  API_MAX_ATTEMPTS,
  ApiNetworkError,
  ApiRequestError,
  apiFetch,
  apiResponse,
  installStepUpWrapper,
  type ApiRequest,
} from './api-client.ts';

type Step = Response | Error;

function scriptedFetch(...steps: Step[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, init: init ?? {} });
    const step = steps[Math.min(calls.length - 1, steps.length - 1)];
    if (step instanceof Error) throw step;
    if (!step) throw new Error('no scripted response');
    return step.clone();
  });
  const idOf = (index: number) => (calls[index]?.init.headers as Record<string, string>)['x-request-id'];
  return { fetch: fetchMock, calls, idOf };
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

const apiError = (status: number, error = 'e') => json(status, { error, message: 'm', status });
const noSleep = vi.fn(async (_ms: number) => {});
const SERVER_ID_FORMAT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function attempts(steps: Step[], request: ApiRequest = {}): Promise<number> {
  const { fetch, calls } = scriptedFetch(...steps);
  await apiFetch('/api/devices', { fetch, sleep: noSleep, ...request }).catch(() => undefined);
  return calls.length;
}

describe('apiFetch', () => {
  afterEach(() => noSleep.mockClear());

  it('returns parsed JSON and sends the session cookie with JSON headers', async () => {
    const { fetch, calls } = scriptedFetch(json(200, { onboarded: true }));
    const result = await apiFetch<{ onboarded: boolean }>('/api/auth/session-status', {
      body: { providerRefreshToken: 'r1' },
      fetch,
      sleep: noSleep,
    });
    expect(result).toEqual({ onboarded: true });
    expect(calls).toHaveLength(1);
    const init = calls[0]?.init;
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.body).toBe('{"providerRefreshToken":"r1"}');
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json', Accept: 'application/json' });
  });

  it('sends a File as the body itself, typed by the caller or by the file', async () => {
    const file = new File(['serial\nA1\n'], 'update.csv', { type: 'text/csv' });
    const { fetch, calls } = scriptedFetch(json(201, { id: 'p1' }), json(201, { id: 'p2' }));
    await apiFetch('/api/plans/csv', { method: 'POST', body: file, fetch, sleep: noSleep });
    expect(calls[0]?.init.body).toBe(file);
    expect(calls[0]?.init.headers).toMatchObject({ 'Content-Type': 'text/csv' });
    const untyped = new Blob(['x']);
    await apiFetch('/api/plans/csv', {
      method: 'POST',
      body: untyped,
      headers: { 'Content-Type': 'text/csv' },
      fetch,
      sleep: noSleep,
    });
    expect(calls[1]?.init.body).toBe(untyped);
    expect(calls[1]?.init.headers).toMatchObject({ 'Content-Type': 'text/csv' });
  });

  it('returns undefined for 204 and empty bodies', async () => {
    const { fetch } = scriptedFetch(new Response(null, { status: 204 }));
    await expect(apiFetch('/api/auth/logout', { method: 'POST', fetch })).resolves.toBeUndefined();
  });

  it('refuses paths outside /api/', async () => {
    const { fetch, calls } = scriptedFetch(json(200, {}));
    await expect(apiFetch('https://evil.example/api/x', { fetch })).rejects.toThrow(
      /only calls Fleetdeck's API/,
    );
    expect(calls).toHaveLength(0);
  });

  it("parses Fleetdeck's error shape and the identity service's into ApiRequestError", async () => {
    const server = scriptedFetch(
      json(403, {
        error: 'forbidden_role',
        message: 'Viewers cannot move devices.',
        status: 403,
        requestId: 'r-42',
      }),
    );
    await expect(apiFetch('/api/devices/move', { body: {}, fetch: server.fetch })).rejects.toMatchObject({
      status: 403,
      code: 'forbidden_role',
      message: 'Viewers cannot move devices.',
      requestId: 'r-42',
    });
    const identity = scriptedFetch(
      json(401, { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid login' }),
    );
    const error = await apiFetch('/api/identity/sign-in/email', { body: {}, fetch: identity.fetch }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 401, code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid login' });
    // Seed §8: without a body, the identity service's words for a missing session.
    const bare = scriptedFetch(new Response(null, { status: 401 }));
    await expect(apiFetch('/api/auth/me', { fetch: bare.fetch })).rejects.toMatchObject({
      message: 'Auth session missing!',
    });
  });

  it('reports an unreadable success body as a typed error', async () => {
    const { fetch } = scriptedFetch(new Response('not json', { status: 200 }));
    await expect(apiFetch('/api/devices', { fetch })).rejects.toMatchObject({ code: 'invalid_response' });
  });
});

describe('retries (seed §9: 3 attempts; 408, 409, 425, 429, 500, 502, 503, 504)', () => {
  afterEach(() => noSleep.mockClear());

  it.each([408, 409, 425, 429, 500, 502, 503, 504])('a read answered %i is sent again', async (status) => {
    const { fetch, calls } = scriptedFetch(apiError(status), json(200, [1]));
    await expect(apiFetch('/api/devices', { fetch, sleep: noSleep })).resolves.toEqual([1]);
    expect(calls).toHaveLength(2);
  });

  it.each([400, 401, 403, 404, 410, 413, 422])('a read answered %i is not', async (status) => {
    expect(await attempts([apiError(status), json(200, [])])).toBe(1);
  });

  it('stops after 3 attempts in all with the last answer, backing off from 200 ms', async () => {
    const { fetch, calls } = scriptedFetch(apiError(503, 'sync_busy'));
    const error = await apiFetch('/api/devices', { fetch, sleep: noSleep }).catch((e: unknown) => e);
    expect(API_MAX_ATTEMPTS).toBe(3);
    expect(calls).toHaveLength(3);
    expect(error).toMatchObject({ status: 503, code: 'sync_busy' });
    const [first, second] = noSleep.mock.calls.map(([ms]) => ms);
    expect(first).toBeGreaterThanOrEqual(200);
    expect(first).toBeLessThan(260);
    expect(second).toBeGreaterThanOrEqual(400);
    expect(second).toBeLessThan(510);
  });

  it('a read that never gets an answer is tried 3 times, then ApiNetworkError', async () => {
    const { fetch, calls, idOf } = scriptedFetch(new TypeError('Failed to fetch'));
    const error = await apiFetch('/api/devices', { fetch, sleep: noSleep }).catch((e: unknown) => e);
    expect(calls).toHaveLength(3);
    expect(error).toBeInstanceOf(ApiNetworkError);
    expect(error).toMatchObject({ attempts: 3, requestId: idOf(0) });
    expect((error as Error).message).toMatch(/Could not reach Fleetdeck's server/);
  });

  it.each([409, 500, 502, 503, 504])(
    'a write answered %i is not sent again: the server may have acted',
    async (status) => {
      expect(await attempts([apiError(status), json(200, {})], { method: 'POST', body: {} })).toBe(1);
    },
  );

  it.each([408, 425, 429])('a write answered %i (the server did not act) is sent again', async (status) => {
    expect(await attempts([apiError(status), json(200, {})], { method: 'POST', body: {} })).toBe(2);
  });

  it('a write whose connection dropped is not sent again, and says it may have been made', async () => {
    const { fetch, calls } = scriptedFetch(new TypeError('Failed to fetch'), json(200, {}));
    const error = await apiFetch('/api/devices/d1/commands', { body: {}, fetch, sleep: noSleep }).catch(
      (e: unknown) => e,
    );
    expect(calls).toHaveLength(1);
    expect(error).toBeInstanceOf(ApiNetworkError);
    expect((error as Error).message).toMatch(/may or may not have been made/);
  });

  it('a POST that only reads (idempotent) is retried like a GET', async () => {
    expect(await attempts([apiError(503), json(200, {})], { body: {}, idempotent: true })).toBe(2);
    expect(
      await attempts([new TypeError('Failed to fetch'), json(200, {})], { body: {}, idempotent: true }),
    ).toBe(2);
  });

  it('waits a short Retry-After, and gives a long one back to the member at once', async () => {
    const short = new Response('{}', { status: 429, headers: { 'Retry-After': '2' } });
    const shortFetch = scriptedFetch(short, json(200, {}));
    await apiFetch('/api/devices', { fetch: shortFetch.fetch, sleep: noSleep });
    expect(noSleep).toHaveBeenLastCalledWith(2000);
    const long = scriptedFetch(new Response('{}', { status: 429, headers: { 'Retry-After': '60' } }));
    await expect(apiFetch('/api/devices', { fetch: long.fetch, sleep: noSleep })).rejects.toMatchObject({
      status: 429,
    });
    expect(long.calls).toHaveLength(1);
  });

  it('`retry: false` makes one attempt (the session refresh has its own policy)', async () => {
    expect(await attempts([apiError(503), json(200, {})], { retry: false })).toBe(1);
  });

  it('does not retry an aborted request', async () => {
    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    const { fetch, calls } = scriptedFetch(abort);
    await expect(
      apiFetch('/api/devices', { fetch, signal: controller.signal, sleep: noSleep }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(calls).toHaveLength(1);
  });
});

describe('request ids', () => {
  it('every attempt of one call carries the same id in the server format; the error keeps it', async () => {
    const { fetch, calls, idOf } = scriptedFetch(
      apiError(502),
      new Response('<html>Bad gateway</html>', { status: 500 }),
      new Response('<html>Bad gateway</html>', { status: 500 }),
    );
    const error = await apiFetch('/api/devices', { fetch, sleep: noSleep }).catch((e: unknown) => e);
    expect(calls).toHaveLength(3);
    expect(idOf(0)).toMatch(SERVER_ID_FORMAT);
    expect(new Set([idOf(0), idOf(1), idOf(2)]).size).toBe(1);
    // A proxy's page has no request id of its own: the one sent is the reference.
    expect(error).toMatchObject({ status: 500, code: 'http_500', requestId: idOf(0) });
    expect((error as Error).message).toMatch(/server had a problem/);
  });

  it("prefers the server's echoed id, and a new call gets a new id", async () => {
    const { fetch, idOf } = scriptedFetch(apiError(404));
    const answered = scriptedFetch(
      new Response('{}', { status: 404, headers: { 'x-request-id': 'server-chosen' } }),
    );
    await expect(apiFetch('/api/devices/x', { fetch: answered.fetch })).rejects.toMatchObject({
      requestId: 'server-chosen',
    });
    await apiFetch('/api/devices/x', { fetch }).catch(() => undefined);
    await apiFetch('/api/devices/x', { fetch }).catch(() => undefined);
    expect(idOf(0)).not.toBe(idOf(1));
  });
});

describe('step-up and downloads', () => {
  afterEach(() => installStepUpWrapper((call) => call()));

  it('holds calls for the step-up wrapper unless told not to', async () => {
    let held = 0;
    installStepUpWrapper((call) => {
      held += 1;
      return call();
    });
    const { fetch } = scriptedFetch(json(200, {}));
    await apiFetch('/api/devices/d1/commands', { body: {}, fetch });
    await apiFetch('/api/auth/step-up/verify', { body: {}, fetch, stepUp: false });
    expect(held).toBe(1);
  });

  it('apiResponse hands back the answer itself, for files', async () => {
    const { fetch } = scriptedFetch(new Response('serial\nA1\n', { status: 200 }));
    const response = await apiResponse('/api/devices/export.csv', { body: {}, idempotent: true, fetch });
    expect(await response.text()).toBe('serial\nA1\n');
  });
});

describe('one HTTP client', () => {
  // Every source module of the app, as text (tests left out).
  const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
    query: '?raw',
    import: 'default',
    eager: true,
  });

  it("no module but this one calls fetch for Fleetdeck's API", () => {
    // Render-error reports go out with keepalive as the page may be closing, outside any retry.
    const allowed = new Set(['./api-client.ts', './client-error-report.ts']);
    const callers = Object.entries(sources)
      .filter(([, text]) => /(?<![\w.])fetch\(/.test(text))
      .map(([path]) => path);
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    expect(callers.filter((path) => !allowed.has(path))).toEqual([]);
  });
});
