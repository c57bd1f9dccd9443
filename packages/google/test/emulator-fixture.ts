import { afterAll, beforeAll } from 'vitest';
import { createEmulator, type Emulator } from '@fleetdeck/google-emulator/emulator';
import { createGoogleClient, type GoogleClient, type GoogleClientOptions } from '../src/google-client.ts';
import { baseUrlsForOrigin } from '../src/google-hosts.ts';
import type { RequestEvent } from '../src/http/transport.ts';

/**
 * A real emulator on a socket (300 devices, frozen clock) and Fleetdeck's client pointed at it, with
 * helpers for the `/__emulator` control API. Backoff waits are recorded and fast-forward the
 * emulator's clock instead of sleeping, so Retry-After and quota windows behave as in production.
 */

const AUTH = 'https://www.googleapis.com/auth/';
export const ALL_SCOPES = [
  'admin.directory.device.chromeos',
  'admin.directory.orgunit',
  'admin.directory.customer.readonly',
  'chrome.management.telemetry.readonly',
  'chrome.management.reports.readonly',
  'chrome.management.policy',
].map((scope) => AUTH + scope);

/** A fixed instant, so every run sees the same fleet. */
export const FIXTURE_NOW = Date.UTC(2026, 2, 2, 9, 0, 0);

export interface EmulatorFixture {
  emulator: Emulator;
  origin: string;
  ownerEmail: string;
  /** Mints an access token for the demo owner with the given scopes (all by default). */
  mintToken: (scopes?: readonly string[]) => string;
  /** A client on the emulator; every HTTP exchange is appended to `events`. */
  client: (overrides?: Partial<GoogleClientOptions>) => {
    google: GoogleClient;
    events: RequestEvent[];
    sleeps: number[];
  };
  /** POSTs (or DELETEs) JSON to the control API and returns its JSON answer. */
  control: (path: string, body?: unknown, method?: 'POST' | 'DELETE') => Promise<unknown>;
}

/** Starts one emulator for the calling test file and stops it afterwards. */
export function useEmulator(): () => EmulatorFixture {
  let fixture: EmulatorFixture | undefined;
  beforeAll(async () => {
    const emulator = createEmulator({ size: 300, seed: 42, now: FIXTURE_NOW });
    const origin = await emulator.listen();
    const owner = emulator.oauth.admins()[0];
    if (!owner) throw new Error('the emulator has no demo admin');
    const mintToken = (scopes: readonly string[] = ALL_SCOPES) =>
      emulator.oauth.mintAccessToken({ email: owner.email, scopes });
    const control = async (path: string, body?: unknown, method: 'POST' | 'DELETE' = 'POST') => {
      const response = await fetch(`${origin}/__emulator/${path}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok)
        throw new Error(`control ${path} failed: ${response.status} ${await response.text()}`);
      const answer: unknown = await response.json();
      return answer;
    };
    const client = (overrides: Partial<GoogleClientOptions> = {}) => {
      const events: RequestEvent[] = [];
      const sleeps: number[] = [];
      let token = mintToken();
      const google = createGoogleClient({
        // Like a real provider: a cached token until Google answers 401, then a fresh one.
        getAccessToken: async ({ forceRefresh }) => {
          if (forceRefresh) token = mintToken();
          return token;
        },
        baseUrls: baseUrlsForOrigin(origin),
        retry: { baseDelayMs: 10, maxDelayMs: 50 },
        onRequest: (event) => events.push(event),
        sleep: async (ms) => {
          sleeps.push(ms);
          await control('clock/advance', { ms });
        },
        ...overrides,
      });
      return { google, events, sleeps };
    };
    fixture = { emulator, origin, ownerEmail: owner.email, mintToken, client, control };
  });
  afterAll(async () => {
    await fixture?.emulator.close();
  });
  return () => {
    if (!fixture) throw new Error('the emulator has not started');
    return fixture;
  };
}

/** Collects an async iterable into an array. */
export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}
