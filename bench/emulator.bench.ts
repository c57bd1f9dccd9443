/**
 * bench:emulator — how fast the Google emulator generates a fleet and serves it.
 *   npm run bench:emulator -- --size 100000 --runs 3 --seed 1   (runs node with --expose-gc)
 * 1. Generation: `generateFleet` for `--size` devices in this process (median of --runs), and the
 *    memory one fleet keeps (V8 heap plus typed-array buffers).
 * 2. Listing: the standalone emulator (`npm run emulator`) in its own process, zero latency, and
 *    plain `fetch` listing every device with projection=FULL and maxResults=300 — once with
 *    Google's default pretty-printed JSON, once with prettyPrint=false, and once as an incremental
 *    sync lists (`fields=nextPageToken,chromeosdevices(deviceId,etag)`); then through Fleetdeck's
 *    production client (`packages/google`: validation, retries), as the sync engine lists.
 * 3. A full sync's requests to the emulator (every device in FULL with the stored fields, ordered by
 *    serial number per top-level OU; every telemetry page with the stored report fields; compact
 *    JSON), and the CPU seconds the emulator process spent answering them (Linux: /proc).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createGoogleClient } from '../packages/google/src/google-client.ts';
import { baseUrlsForOrigin } from '../packages/google/src/google-hosts.ts';
import { readFileSync } from 'node:fs';
import { FULL_LISTING_FIELDS } from '../apps/server/src/modules/fleet-store/device-row.ts';
import {
  TELEMETRY_PAGE_FIELDS,
  TELEMETRY_READ_MASK,
} from '../apps/server/src/modules/fleet-store/telemetry-writer.ts';
import { generateFleet } from '../packages/google-emulator/src/state/fleet-generator.ts';
import { benchFlags, percentile, printFigures, printTable, round } from './lib/report.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const flags = benchFlags({
  size: { type: 'string', default: '100000' },
  runs: { type: 'string', default: '3' },
  seed: { type: 'string', default: '1' },
});
const size = Number(flags.size);
const runs = Math.max(1, Number(flags.runs));
const seed = Number(flags.seed);
const SYNC_SCOPES = [
  'admin.directory.device.chromeos.readonly',
  'admin.directory.orgunit.readonly',
  'chrome.management.telemetry.readonly',
];

const median = (values: readonly number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

// 1. Generation
const generationMs: number[] = [];
const gc = (globalThis as { gc?: () => void }).gc;
let fleetMemoryMb = Number.NaN;
let orgUnits = 0;
const memory = () => {
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
};
for (let run = 0; run < runs; run += 1) {
  gc?.();
  const before = memory();
  const started = performance.now();
  const fleet = generateFleet({ seed, size, anchor: Date.now() });
  generationMs.push(performance.now() - started);
  // Only the first run measures memory: later runs still hold the previous fleet until it is replaced.
  if (gc && run === 0) {
    gc();
    fleetMemoryMb = (memory() - before) / 2 ** 20;
  }
  orgUnits = fleet.orgUnits.size;
}
printTable(`Fleet generation (${size.toLocaleString('en-US')} devices)`, [
  {
    runs,
    org_units: orgUnits,
    median_ms: round(median(generationMs)),
    min_ms: round(Math.min(...generationMs)),
    max_ms: round(Math.max(...generationMs)),
    fleet_memory_mb: Number.isNaN(fleetMemoryMb) ? 'n/a (run node --expose-gc)' : round(fleetMemoryMb),
  },
]);

// 2. Listing through the standalone emulator
const emulator = await startEmulator();
try {
  const token = await mintToken(emulator.origin);
  const listings = [];
  for (const prettyPrint of [true, false])
    listings.push(await listAll(emulator.origin, token, { prettyPrint }));
  const etagListing = await listAll(emulator.origin, token, {
    prettyPrint: true,
    fields: 'nextPageToken,chromeosdevices(deviceId,etag)',
  });
  const clientListing = await listThroughClient(emulator.origin, token);
  const counters = (await (await fetch(`${emulator.origin}/__emulator/counters`)).json()) as {
    apis: Record<string, { requests: number }>;
  };
  printTable(
    `Listing ${size.toLocaleString('en-US')} devices: maxResults=300, zero latency`,
    [...listings, etagListing, clientListing].map((l) => ({
      listing: l.label,
      devices: l.devices,
      pages: l.pages,
      seconds: round(l.seconds, 2),
      devices_per_second: Math.round(l.devices / l.seconds),
      page_p50_ms: round(l.p50),
      page_p95_ms: round(l.p95),
      mb_per_page: Number.isNaN(l.bytes) ? 'n/a' : round(l.bytes / l.pages / 2 ** 20, 2),
    })),
  );
  const replay = await replaySync(emulator, await mintToken(emulator.origin, SYNC_SCOPES));
  printTable(`A full sync's requests (${size.toLocaleString('en-US')} devices), compact JSON`, [
    {
      device_pages: replay.devicePages,
      telemetry_pages: replay.telemetryPages,
      mb: round(replay.bytes / 2 ** 20),
      seconds: round(replay.seconds, 2),
      emulator_cpu_s: replay.cpuSeconds ?? 'n/a',
      devices_cpu_s: replay.devicesCpuSeconds ?? 'n/a',
      telemetry_cpu_s: replay.telemetryCpuSeconds ?? 'n/a',
    },
  ]);
  const [pretty, compact] = listings;
  printFigures('emulator', {
    size,
    seed,
    generation: {
      runs,
      medianMs: round(median(generationMs)),
      minMs: round(Math.min(...generationMs)),
      fleetMemoryMb: round(fleetMemoryMb),
    },
    listing: {
      projection: 'FULL',
      maxResults: 300,
      devicesPerSecond: Math.round(pretty!.devices / pretty!.seconds),
      devicesPerSecondCompact: Math.round(compact!.devices / compact!.seconds),
      pages: pretty!.pages,
      pageP50Ms: round(pretty!.p50),
      pageP95Ms: round(pretty!.p95),
      pageP50MsCompact: round(compact!.p50),
      etagListingDevicesPerSecond: Math.round(etagListing.devices / etagListing.seconds),
      clientDevicesPerSecond: Math.round(clientListing.devices / clientListing.seconds),
      clientPageP50Ms: round(clientListing.p50),
      clientPageP95Ms: round(clientListing.p95),
    },
    directoryRequests: counters.apis.directory?.requests ?? 0,
    syncReplay: replay,
  });
} finally {
  emulator.process.kill('SIGTERM');
}

async function startEmulator(): Promise<{ origin: string; process: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ['packages/google-emulator/src/cli.ts', '--size', String(size), '--seed', String(seed), '--port', '0'],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the emulator did not start within 120 s')), 120_000);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const origin = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (origin) {
        clearTimeout(timer);
        resolve({ origin, process: child });
      }
    });
    child.once('exit', (code) => reject(new Error(`the emulator exited with ${code}`)));
  });
}

async function mintToken(
  origin: string,
  scopes: readonly string[] = ['admin.directory.device.chromeos.readonly'],
): Promise<string> {
  const admins = (await (await fetch(`${origin}/__emulator/oauth/admins`)).json()) as {
    admins: { email: string }[];
  };
  const response = await fetch(`${origin}/__emulator/oauth/access-tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: admins.admins[0]?.email, scopes }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

async function listAll(origin: string, token: string, options: { prettyPrint: boolean; fields?: string }) {
  const { prettyPrint, fields } = options;
  const pageMs: number[] = [];
  let devices = 0;
  let bytes = 0;
  let pageToken = '';
  const started = performance.now();
  do {
    const url = new URL(`${origin}/admin/directory/v1/customer/my_customer/devices/chromeos`);
    url.searchParams.set('maxResults', '300');
    url.searchParams.set('projection', 'FULL');
    if (!prettyPrint) url.searchParams.set('prettyPrint', 'false');
    if (fields) url.searchParams.set('fields', fields);
    if (pageToken) url.searchParams.set('pageToken', pageToken);
    const pageStarted = performance.now();
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const text = await response.text();
    if (response.status !== 200)
      throw new Error(`page failed with ${response.status}: ${text.slice(0, 300)}`);
    const body = JSON.parse(text) as { chromeosdevices?: unknown[]; nextPageToken?: string };
    pageMs.push(performance.now() - pageStarted);
    bytes += text.length;
    devices += body.chromeosdevices?.length ?? 0;
    pageToken = body.nextPageToken ?? '';
  } while (pageToken);
  const sorted = [...pageMs].sort((a, b) => a - b);
  return {
    label: fields ? `fetch, fields=${fields}` : `fetch, FULL, prettyPrint=${String(prettyPrint)}`,
    prettyPrint,
    fields,
    devices,
    pages: pageMs.length,
    bytes,
    seconds: (performance.now() - started) / 1000,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
  };
}

/** The figure the sync engine lives by: FULL pages through the production client, parsed and validated. */
async function listThroughClient(origin: string, token: string) {
  const client = createGoogleClient({
    baseUrls: baseUrlsForOrigin(origin),
    getAccessToken: () => Promise.resolve(token),
  });
  const pageMs: number[] = [];
  let devices = 0;
  const started = performance.now();
  let pageStarted = performance.now();
  for await (const page of client.directory.iterateChromeOsDevicePages({
    projection: 'FULL',
    maxResults: 300,
  })) {
    pageMs.push(performance.now() - pageStarted);
    devices += page.items.length;
    pageStarted = performance.now();
  }
  const sorted = [...pageMs].sort((a, b) => a - b);
  return {
    label: 'Fleetdeck client (packages/google), FULL',
    devices,
    pages: pageMs.length,
    bytes: Number.NaN,
    seconds: (performance.now() - started) / 1000,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
  };
}

/** CPU seconds (user + system) a process has used so far; undefined where /proc is not available. */
function processCpuSeconds(pid: number | undefined): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/**
 * The emulator's side of a full sync: the device listings and telemetry pages the sync engine asks
 * for (see apps/server/src/modules/sync), one after another, with the emulator's CPU time.
 */
async function replaySync(emulator: { origin: string; process: ChildProcess }, token: string) {
  const customer = `${emulator.origin}/admin/directory/v1/customer/my_customer`;
  const get = async (url: string, query: Record<string, string | undefined>) => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) if (value !== undefined) params.append(name, value);
    const response = await fetch(`${url}?${params.toString()}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const text = await response.text();
    if (response.status !== 200)
      throw new Error(`${url} failed with ${response.status}: ${text.slice(0, 300)}`);
    return text;
  };
  let bytes = 0;
  const pages = async (url: string, query: Record<string, string>) => {
    let pageToken: string | undefined;
    let count = 0;
    do {
      const text = await get(url, { ...query, pageToken, prettyPrint: 'false' });
      bytes += text.length;
      count += 1;
      pageToken = (JSON.parse(text) as { nextPageToken?: string }).nextPageToken;
    } while (pageToken);
    return count;
  };
  const { organizationUnits: units } = JSON.parse(
    await get(`${customer}/orgunits`, { type: 'allIncludingParent', orgUnitPath: '/' }),
  ) as { organizationUnits: { orgUnitPath: string; orgUnitId: string; parentOrgUnitId?: string }[] };
  const root = units.find((ou) => ou.orgUnitPath === '/');
  const shards: Record<string, string>[] = [
    ...(root ? [{ orgUnitPath: root.orgUnitId, includeChildOrgunits: 'false' }] : []),
    ...units
      .filter((ou) => root && ou.parentOrgUnitId === root.orgUnitId)
      .map((ou, k) => ({
        orgUnitPath: ou.orgUnitId,
        includeChildOrgunits: 'true',
        orderBy: 'serialNumber',
        sortOrder: k % 2 ? 'DESCENDING' : 'ASCENDING',
      })),
  ];
  const pid = emulator.process.pid;
  const started = performance.now();
  const cpuAtStart = processCpuSeconds(pid);
  let devicePages = 0;
  for (const shard of shards) {
    devicePages += await pages(`${customer}/devices/chromeos`, {
      ...shard,
      maxResults: '300',
      projection: 'FULL',
      fields: FULL_LISTING_FIELDS,
    });
  }
  const cpuAfterDevices = processCpuSeconds(pid);
  const telemetryPages = await pages(`${emulator.origin}/v1/customers/my_customer/telemetry/devices`, {
    readMask: TELEMETRY_READ_MASK.join(','),
    fields: TELEMETRY_PAGE_FIELDS,
    pageSize: '1000',
  });
  const cpuAtEnd = processCpuSeconds(pid);
  const spent = (from: number | undefined, to: number | undefined) =>
    from === undefined || to === undefined ? undefined : round(to - from, 2);
  return {
    devicePages,
    telemetryPages,
    bytes,
    seconds: (performance.now() - started) / 1000,
    cpuSeconds: spent(cpuAtStart, cpuAtEnd),
    devicesCpuSeconds: spent(cpuAtStart, cpuAfterDevices),
    telemetryCpuSeconds: spent(cpuAfterDevices, cpuAtEnd),
  };
}
