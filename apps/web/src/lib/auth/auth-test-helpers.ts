import type { CurrentPrincipalResponse } from '@fleetdeck/shared/auth-contract';
import type { FetchLike } from '../api-client.ts';

/** A JWT-shaped token whose payload carries `exp` (the browser never verifies signatures). */
export function fakeJwt(expSeconds: number, sub = 'user-1'): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'EdDSA' })}.${encode({ sub, exp: expSeconds })}.signature`;
}

export function principal(
  overrides: Partial<CurrentPrincipalResponse['session']> = {},
  name = 'Dana Whitaker',
) {
  return {
    user: { id: 'user-1', email: 'it-director@example.edu', name },
    session: {
      id: 'session-1',
      aal: 'aal1',
      nextLevel: 'aal1',
      createdAt: '2026-11-22T10:00:00.000Z',
      expiresAt: '2026-11-29T10:00:00.000Z',
      ...overrides,
    },
    organization: { id: 'org-1', name: 'example.edu', role: 'owner', units: [] },
  } satisfies CurrentPrincipalResponse;
}

type Answer = Response | Error | (() => Response | Error);

/** An injected fetch: answers per path from queues (the last answer repeats) and records calls. */
export function scriptedFetch(input: Record<string, Answer[]>) {
  // A session exists unless the test says otherwise; /api/auth/me decides the rest.
  const script: Record<string, Answer[]> = {
    '/api/identity/get-session': [json({ session: { id: 'session-1' } })],
    ...input,
  };
  const calls: { path: string; init: RequestInit | undefined }[] = [];
  const fetchImpl: FetchLike = (path, init) => {
    calls.push({ path, init });
    const queue = script[path];
    if (!queue || queue.length === 0) return Promise.reject(new Error(`unexpected fetch ${path}`));
    const next = queue.length > 1 ? queue.shift() : queue[0];
    const answer = typeof next === 'function' ? next() : next;
    if (answer instanceof Error) return Promise.reject(answer);
    return Promise.resolve(answer ? answer.clone() : new Response(null, { status: 500 }));
  };
  return { fetch: fetchImpl, calls, countOf: (path: string) => calls.filter((c) => c.path === path).length };
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
    map,
  };
}
