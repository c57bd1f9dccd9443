import { randomUUID } from 'node:crypto';
import { createGoogleClient, type GoogleClient } from '@fleetdeck/google/google-client';
import { baseUrlsForOrigin } from '@fleetdeck/google/google-hosts';
import { createEmulator, type Emulator, type EmulatorOptions } from '@fleetdeck/google-emulator/emulator';
import type { ChromeOsDevice } from '@fleetdeck/google/directory/chromeos-device.schema';
import { sql } from 'kysely';
import type { Database } from '../src/db/client.ts';
import type { GoogleClientFactory } from '../src/modules/sync/sync-context.ts';
import { executeSyncRun, type SyncEngineOptions } from '../src/modules/sync/sync-engine.ts';
import { createRun, getRun } from '../src/modules/sync/sync-run.repository.ts';

/**
 * Sync tests against the Google emulator on a real socket: a frozen clock so the fleet holds still,
 * an access token minted by the emulator's OAuth service, and a Google client with short backoff.
 */

export const TEST_NOW = Date.UTC(2026, 2, 2, 9, 0, 0);

const AUTH = 'https://www.googleapis.com/auth/';
/** What the organization's Google grant covers for a sync. */
export const SYNC_SCOPES = [
  'admin.directory.device.chromeos',
  'admin.directory.orgunit',
  'admin.directory.customer.readonly',
  'chrome.management.telemetry.readonly',
  'chrome.management.reports.readonly',
].map((scope) => AUTH + scope);

export interface SyncEmulator {
  readonly emu: Emulator;
  readonly origin: string;
  readonly customerId: string;
  readonly clientFactory: GoogleClientFactory;
  /** A plain client for reading Google's side in assertions. */
  readonly google: GoogleClient;
  control(path: string, body?: unknown): Promise<unknown>;
  listAllDevices(): Promise<ChromeOsDevice[]>;
  close(): Promise<void>;
}

/** The Chrome Policy read/write scope the organization's grant also holds (policy reads and writes). */
export const POLICY_WRITE_SCOPE = `${AUTH}chrome.management.policy`;

export async function startSyncEmulator(
  options: EmulatorOptions & { extraScopes?: readonly string[] } = {},
): Promise<SyncEmulator> {
  const { extraScopes = [], ...emulatorOptions } = options;
  const emu = createEmulator({ size: 300, seed: 7, now: TEST_NOW, ...emulatorOptions });
  const origin = await emu.listen(0);
  const owner = emu.oauth.admins()[0];
  if (!owner) throw new Error('the emulator has no demo admin');
  const mint = () =>
    emu.oauth.mintAccessToken({ email: owner.email, scopes: [...SYNC_SCOPES, ...extraScopes] });
  let token = mint();
  const customerId = emu.state.customer.id;
  const clientFactory: GoogleClientFactory = ({ onRetry }) =>
    createGoogleClient({
      // A 401 (the emulator clock moved past the token's hour) asks for a fresh token, as in production.
      getAccessToken: async ({ forceRefresh }) => {
        if (forceRefresh) token = mint();
        return token;
      },
      customerId,
      baseUrls: baseUrlsForOrigin(origin),
      retry: { baseDelayMs: 20, maxDelayMs: 200, maxAttempts: 6 },
      onRetry,
    });
  const google = clientFactory({ orgId: 'test', customerId, onRetry: () => undefined });
  return {
    emu,
    origin,
    customerId,
    clientFactory,
    google,
    control: async (path, body) => {
      const response = await emu.app.inject({
        method: 'POST',
        url: `/__emulator/${path}`,
        ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      });
      if (response.statusCode >= 400) throw new Error(`emulator control ${path}: ${response.body}`);
      return response.json();
    },
    listAllDevices: async () => {
      const devices: ChromeOsDevice[] = [];
      for await (const page of google.directory.iterateChromeOsDevicePages({
        maxResults: 300,
        projection: 'FULL',
      })) {
        devices.push(...page.items);
      }
      return devices;
    },
    close: () => emu.close(),
  };
}

export function engineOptions(
  database: Database,
  emulator: SyncEmulator,
  extra: Partial<SyncEngineOptions> = {},
): SyncEngineOptions {
  return {
    db: database.db,
    createGoogleClient: emulator.clientFactory,
    workerId: `test-${randomUUID()}`,
    concurrency: 4,
    flushIntervalMs: 50,
    ...extra,
  };
}

/** Creates a run and executes it to the end in this process. */
export async function syncOnce(
  database: Database,
  emulator: SyncEmulator,
  orgId: string,
  kind: 'full' | 'incremental',
  extra: Partial<SyncEngineOptions> = {},
): Promise<string> {
  const { row } = await createRun(database.db, {
    orgId,
    customerId: emulator.customerId,
    kind,
    trigger: 'manual',
    requestedBy: null,
  });
  const outcome = await executeSyncRun(engineOptions(database, emulator, extra), row.id, {
    signal: new AbortController().signal,
    finalAttempt: true,
  });
  if (outcome !== 'succeeded') {
    const run = await getRun(database.db, orgId, row.id);
    throw new Error(`sync ${row.id} ended ${outcome}: ${JSON.stringify(run?.errors ?? [])}`);
  }
  return row.id;
}

export interface StoredDevice {
  device_id: string;
  raw: Record<string, unknown>;
  deleted: boolean;
}

export async function storedDevices(database: Database, orgId: string): Promise<StoredDevice[]> {
  const result = await sql<StoredDevice>`
    select device_id, raw, deleted_at is not null as deleted from fleet_device
    where org_id = ${orgId} order by device_id`.execute(database.db);
  return result.rows;
}
