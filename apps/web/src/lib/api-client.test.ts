import { describe, expect, it, vi } from 'vitest';
import { API_MAX_ATTEMPTS, ApiNetworkError, ApiRequestError, apiFetch } from './api-client.ts';

type Step = Response | Error;

function scriptedFetch(...steps: Step[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchMock = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({
      url: typeof url === 'string' ? url : url instanceof URL ? url.href : url.url,
      init: init ?? {},
    });
    const step = steps[Math.min(calls.length - 1, steps.length - 1)];
    if (step instanceof Error) throw step;
    if (!step) throw new Error('no scripted response');
    return step.clone();
  });
  return { fetch: fetchMock as unknown as typeof fetch, calls };
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

const noSleep = vi.fn(async (_ms: number) => {});

describe('apiFetch', () => {
  it('returns parsed JSON and sends the session cookie with JSON headers', async () => {
    const { fetch, calls } = scriptedFetch(json(200, { onboarded: true }));
    const result = await apiFetch<{ onboarded: boolean }>('/api/auth/session-status', {
      method: 'post',
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

  it('parses the server error shape into ApiRequestError', async () => {
    const { fetch } = scriptedFetch(
      json(403, {
        error: 'forbidden_role',
        message: 'Viewers cannot move devices.',
        status: 403,
        requestId: 'req-42',
      }),
    );
    const error = await apiFetch('/api/devices/move', { method: 'POST', fetch, sleep: noSleep }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      status: 403,
      code: 'forbidden_role',
      message: 'Viewers cannot move devices.',
      requestId: 'req-42',
    });
  });

  it('falls back to a readable message and the x-request-id header for non-JSON errors', async () => {
    const { fetch } = scriptedFetch(
      new Response('<html>Bad gateway</html>', { status: 500, headers: { 'x-request-id': 'hdr-7' } }),
    );
    const error = await apiFetch('/api/devices', { fetch, sleep: noSleep }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 500, code: 'http_500', requestId: 'hdr-7' });
    expect((error as Error).message).toMatch(/server had a problem/);
  });

  it('retries network failures up to 3 attempts in total, then throws ApiNetworkError', async () => {
    noSleep.mockClear();
    const { fetch, calls } = scriptedFetch(new TypeError('Failed to fetch'));
    const error = await apiFetch('/api/devices', { fetch, sleep: noSleep }).catch((e: unknown) => e);
    expect(API_MAX_ATTEMPTS).toBe(3);
    expect(calls).toHaveLength(3);
    expect(error).toBeInstanceOf(ApiNetworkError);
    expect((error as ApiNetworkError).attempts).toBe(3);
    expect((error as Error).message).toMatch(/Could not reach Fleetdeck's server/);
    expect(noSleep).toHaveBeenCalledTimes(2);
    const [first, second] = noSleep.mock.calls.map(([ms]) => ms);
    expect(first).toBeGreaterThanOrEqual(200);
    expect(first).toBeLessThan(260);
    expect(second).toBeGreaterThanOrEqual(400);
    expect(second).toBeLessThan(510);
  });

  it('retries network failures on non-idempotent methods too and succeeds on a later attempt', async () => {
    const { fetch, calls } = scriptedFetch(new TypeError('Failed to fetch'), json(200, { ok: true }));
    await expect(apiFetch('/api/auth/logout', { method: 'POST', fetch, sleep: noSleep })).resolves.toEqual({
      ok: true,
    });
    expect(calls).toHaveLength(2);
  });

  it.each([502, 503, 504])('retries %i on GET and returns the later success', async (status) => {
    const { fetch, calls } = scriptedFetch(
      json(status, { error: 'upstream', message: 'x', status }),
      json(200, [1]),
    );
    await expect(apiFetch('/api/devices', { fetch, sleep: noSleep })).resolves.toEqual([1]);
    expect(calls).toHaveLength(2);
  });

  it('gives up on 503 after 3 attempts with the last error', async () => {
    const { fetch, calls } = scriptedFetch(json(503, { error: 'sync_busy', message: 'Busy.', status: 503 }));
    const error = await apiFetch('/api/devices', { fetch, sleep: noSleep }).catch((e: unknown) => e);
    expect(calls).toHaveLength(3);
    expect(error).toMatchObject({ status: 503, code: 'sync_busy' });
  });

  it('does not retry 502/503/504 on POST (the server may have acted)', async () => {
    const { fetch, calls } = scriptedFetch(
      json(502, { error: 'bad_gateway', message: 'x', status: 502 }),
      json(200, {}),
    );
    await expect(
      apiFetch('/api/devices/reboot', { method: 'POST', fetch, sleep: noSleep }),
    ).rejects.toMatchObject({ status: 502 });
    expect(calls).toHaveLength(1);
  });

  it.each([400, 401, 404, 409, 429, 500])('does not retry %i', async (status) => {
    const { fetch, calls } = scriptedFetch(json(status, { error: 'e', message: 'm', status }));
    await expect(apiFetch('/api/devices', { fetch, sleep: noSleep })).rejects.toMatchObject({ status });
    expect(calls).toHaveLength(1);
  });

  it('does not retry an aborted request', async () => {
    const controller = new AbortController();
    controller.abort();
    const { fetch, calls } = scriptedFetch(new DOMException('The operation was aborted.', 'AbortError'));
    await expect(
      apiFetch('/api/devices', { fetch, signal: controller.signal, sleep: noSleep }),
    ).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(calls).toHaveLength(1);
  });

  it('reports an unreadable success body as a typed error', async () => {
    const { fetch } = scriptedFetch(new Response('not json', { status: 200 }));
    await expect(apiFetch('/api/devices', { fetch })).rejects.toMatchObject({ code: 'invalid_response' });
  });
});
