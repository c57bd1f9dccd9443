/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-return -- JSON bodies are `Body` (any) by design */
/**
 * Shared by the emulator's route tests: an in-process emulator on a frozen clock, a token minted
 * through the OAuth service, and request helpers over `app.inject` (no sockets).
 */
import { afterAll } from 'vitest';
import { createEmulator, type Emulator, type EmulatorOptions } from '../emulator.ts';

/** A fixed instant, so every test run sees the same fleet at the same moment. */
export const TEST_NOW = Date.UTC(2026, 2, 2, 9, 0, 0);

const AUTH = 'https://www.googleapis.com/auth/';
export const ALL_SCOPES = [
  'admin.directory.device.chromeos',
  'admin.directory.orgunit',
  'admin.directory.customer.readonly',
  'chrome.management.telemetry.readonly',
  'chrome.management.reports.readonly',
  'chrome.management.policy',
].map((s) => AUTH + s);

/** Response bodies are arbitrary JSON; the tests' assertions check their shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type Body = any;

export interface TestResponse {
  status: number;
  body: Body;
  headers: Record<string, unknown>;
}

export interface TestEmulator {
  emu: Emulator;
  token: string;
  /** Mints another token for the owner account with only these scopes. */
  tokenWith(scopes: readonly string[]): string;
  get(path: string, token?: string): Promise<TestResponse>;
  send(
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    payload?: unknown,
    token?: string,
  ): Promise<TestResponse>;
  /** Every page of a Directory device listing. */
  listAll(query: string): Promise<Body[]>;
}

const open: Emulator[] = [];
afterAll(async () => {
  await Promise.all(open.splice(0).map((emu) => emu.close()));
});

export function startTestEmulator(options: EmulatorOptions = {}): TestEmulator {
  const emu = createEmulator({ size: 600, seed: 42, now: TEST_NOW, ...options });
  open.push(emu);
  const owner = emu.oauth.admins()[0];
  if (!owner) throw new Error('the OAuth service has no demo admin');
  const tokenWith = (scopes: readonly string[]) => emu.oauth.mintAccessToken({ email: owner.email, scopes });
  const token = tokenWith(ALL_SCOPES);
  const parse = (text: string): Body => (text ? JSON.parse(text) : undefined);
  const get: TestEmulator['get'] = async (path, bearer = token) => {
    const response = await emu.app.inject({
      method: 'GET',
      url: path,
      headers: { authorization: `Bearer ${bearer}` },
    });
    return { status: response.statusCode, body: parse(response.body), headers: response.headers };
  };
  const send: TestEmulator['send'] = async (method, path, payload, bearer = token) => {
    const response = await emu.app.inject({
      method,
      url: path,
      headers: {
        authorization: `Bearer ${bearer}`,
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
    return { status: response.statusCode, body: parse(response.body), headers: response.headers };
  };
  const listAll = async (query: string) => {
    const devices: Body[] = [];
    let pageToken = '';
    do {
      const separator = query.includes('?') ? '&' : '?';
      const url = `${query}${separator}maxResults=300${pageToken ? `&pageToken=${encodeURIComponent(pageToken)}` : ''}`;
      const { status, body } = await get(url);
      if (status !== 200) throw new Error(`listing failed with ${status}: ${JSON.stringify(body)}`);
      devices.push(...(body.chromeosdevices ?? []));
      pageToken = body.nextPageToken ?? '';
    } while (pageToken);
    return devices;
  };
  return { emu, token, tokenWith, get, send, listAll };
}

export const DEVICES = '/admin/directory/v1/customer/my_customer/devices/chromeos';
