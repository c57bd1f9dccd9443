import { vi } from 'vitest';
import { createGoogleClient, type GoogleClientOptions } from '../src/google-client.ts';

/** A recorded outbound request, for asserting the exact shape the client sent. */
export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: string | undefined;
}

export type Responder = (
  request: RecordedRequest,
  signal: AbortSignal | undefined,
) => Response | Promise<Response>;

/**
 * An injected `fetch` that answers from a queue of responders (one per call; the last one repeats)
 * and records every request.
 */
export function createFakeFetch(...responders: Responder[]) {
  const requests: RecordedRequest[] = [];
  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const request: RecordedRequest = {
      method: init?.method ?? 'GET',
      url: new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url),
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? init.body : undefined,
    };
    requests.push(request);
    const responder = responders[Math.min(requests.length - 1, responders.length - 1)];
    if (!responder) throw new Error('no responder configured');
    return responder(request, init?.signal ?? undefined);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, requests, calls: fetch };
}

/** A JSON response with the given status. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Responder {
  return () =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });
}

/** An empty 200 body, as `moveDevicesToOu` and the policy batch writes answer. */
export const emptyOk: Responder = () => new Response('', { status: 200 });

/** Google's Apiary-style error envelope (Directory API). */
export function apiaryError(
  status: number,
  reason: string,
  message: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Responder {
  return json(
    status,
    { error: { code: status, message, errors: [{ message, domain: 'global', reason, ...extra }] } },
    headers,
  );
}

/** A responder that throws like `fetch` does when the connection fails. */
export function networkFailure(code = 'ECONNRESET'): Responder {
  return () => {
    throw new TypeError('fetch failed', { cause: Object.assign(new Error(code), { code }) });
  };
}

/** A responder that never answers until the request's signal aborts it. */
export const hang: Responder = (_request, signal) =>
  new Promise<Response>((_resolve, reject) => {
    signal?.addEventListener(
      'abort',
      () => reject(signal.reason instanceof Error ? signal.reason : new Error('aborted')),
      { once: true },
    );
  });

/**
 * A client wired to a fake fetch, with recorded (not real) backoff waits and a fixed jitter draw so
 * retry tests run instantly and deterministically.
 */
export function createTestClient(
  fake: { fetch: typeof globalThis.fetch },
  overrides: Partial<GoogleClientOptions> = {},
) {
  const sleeps: number[] = [];
  const tokenCalls: boolean[] = [];
  const client = createGoogleClient({
    getAccessToken: async ({ forceRefresh }) => {
      tokenCalls.push(forceRefresh);
      return forceRefresh ? 'fresh-token' : 'cached-token';
    },
    fetch: fake.fetch,
    customerId: 'my_customer',
    baseUrls: {
      directory: 'https://dir.test',
      chromeManagement: 'https://cm.test',
      chromePolicy: 'https://cp.test',
    },
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    ...overrides,
  });
  return { client, sleeps, tokenCalls };
}

/** Parses a recorded request's JSON body. */
export function bodyOf(request: RecordedRequest | undefined): unknown {
  if (!request?.body) throw new Error('request has no body');
  return JSON.parse(request.body);
}
